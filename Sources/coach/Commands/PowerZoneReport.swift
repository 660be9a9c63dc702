// Time in each of Coggan's power zones for `coach show` (issue 33, item 8), when the workout has
// power and an FTP is known — `profile.ftp` from the settings, else the estimate in effect when
// the workout ended — and the FTP estimate the workout itself gave, with its date. A ride with
// power but no FTP at all says how to get one (profile.ftp, or the library's FTP test).

import CoachCore
import CoachGateway
import CoachSettings
import CoachStore
import CoachWire
import Foundation

struct PowerZoneReport {
    let zones: PowerZones?
    /// Where the FTP came from: the settings, or a saved ride's estimate.
    let ftpSource: (name: String, estimate: FTPEstimate?)
    let seconds: [Double]
    /// This workout's own estimate (20 minutes of power or more).
    let own: FTPEstimate?

    init?(store: WorkoutStore, workoutID: String, end: Date?, settings: CoachSettings) {
        guard let samples = try? store.samples(ofWorkout: workoutID) else { return nil }
        let readings = samples.filter { $0.type == .power }.sorted { $0.date < $1.date }.map { (date: $0.date, watts: $0.value) }
        let estimates = (try? store.ftpEstimates()) ?? []
        own = estimates.first { $0.workoutID == workoutID }
        guard !readings.isEmpty else { return nil }
        if let ftp = settings.profile.ftp {
            zones = PowerZones(ftp: ftp)
            ftpSource = ("profile.ftp", nil)
        } else if let estimate = FTPEstimate.current(of: estimates, on: end ?? Date()) {
            zones = PowerZones(ftp: estimate.watts)
            ftpSource = ("estimate", estimate)
        } else {
            zones = nil
            ftpSource = ("none", nil)
        }
        seconds = zones?.timeInZones(readings) ?? []
    }

    /// Power but no FTP: how to get zones, in the feed's words (Intents/<lang>/_responses.yaml).
    var hint: String? { zones == nil && own == nil ? Wording.builtIn(.en).feedWordPublic("noZonesWithoutFTP") : nil }

    var text: String {
        var lines: [String] = []
        if let hint { lines.append("  " + hint) }
        if let own {
            lines.append("  FTP estimate  \(Self.watts(own.watts)) W (95 % of \(Self.watts(own.bestTwentyMinutes)) W, the best 20 min)")
        }
        guard let zones else { return lines.joined(separator: "\n") }
        let origin = ftpSource.estimate.map { "estimated \(Self.day($0.date))" } ?? "from profile.ftp"
        lines.append("  Power zones (FTP \(Self.watts(zones.ftp)) W, \(origin))")
        for zone in 1...PowerZones.zoneCount {
            let range = zone < PowerZones.zoneCount
                ? "\(Self.watts(zones.lowerBound(of: zone)))–\(Self.watts(zones.lowerBound(of: zone + 1))) W"
                : "\(Self.watts(zones.lowerBound(of: zone)))+ W"
            lines.append("    Zone \(zone)  \(range)".padding(toLength: 28, withPad: " ", startingAt: 0)
                         + HeartRateZoneReport.clock(seconds[zone - 1]))
        }
        return lines.joined(separator: "\n")
    }

    /// `powerZones` in `coach show --json`: the FTP, where it came from, seconds per zone.
    var json: [(String, JSONValue)] {
        var members: [(String, JSONValue)] = []
        if let hint { members.append(("powerZones", .object([("ftp", .null), ("hint", .string(hint))]))) }
        if let zones {
            var object: [(String, JSONValue)] = [("ftp", .number(zones.ftp)), ("ftpSource", .string(ftpSource.name))]
            if let estimate = ftpSource.estimate { object.append(("ftpDate", .string(Self.day(estimate.date)))) }
            object.append(("secondsInZone", .array(seconds.map { .number(($0 * 10).rounded() / 10) })))
            members.append(("powerZones", .object(object)))
        }
        if let own {
            members.append(("ftpEstimate", .object([("watts", .number(own.watts)),
                                                    ("bestTwentyMinutes", .number((own.bestTwentyMinutes * 10).rounded() / 10)),
                                                    ("date", .string(Self.day(own.date)))])))
        }
        return members
    }

    static func watts(_ value: Double) -> String { String(Int(exactly: value.rounded()) ?? 0) }

    /// The estimate's day, as `coach history` dates workouts (local time).
    static func day(_ date: Date) -> String {
        let c = Calendar.current.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0)
    }
}
