// Time in each heart-rate zone for `coach show`, when the settings give a maximum heart rate (or an
// age to estimate it from) and the workout has heart-rate samples.

import CoachApp
import CoachCore
import CoachSettings
import CoachStore
import CoachWire
import Foundation

struct HeartRateZoneReport {
    let zones: HeartRateZones
    let seconds: [Double]

    init?(store: WorkoutStore, workoutID: String, settings: CoachSettings) {
        guard let zones = settings.heartRateZones,
              let samples = try? store.samples(ofWorkout: workoutID) else { return nil }
        let readings = samples.filter { $0.type == .heartRate }.sorted { $0.date < $1.date }.map { (date: $0.date, heartRate: $0.value) }
        guard !readings.isEmpty else { return nil }
        self.zones = zones
        seconds = zones.timeInZones(readings)
    }

    var text: String {
        var lines = ["  Heart-rate zones (maximum \(Self.bpm(zones.maximum)) bpm)"]
        for zone in 1...5 {
            let upper = zone < 5 ? "–\(Self.bpm(zones.lowerBound(of: zone + 1)))" : "+"
            lines.append("    Zone \(zone)  \(Self.bpm(zones.lowerBound(of: zone)))\(upper) bpm".padding(toLength: 28, withPad: " ", startingAt: 0)
                + Self.clock(seconds[zone - 1]))
        }
        return lines.joined(separator: "\n")
    }

    var json: JSONValue {
        .object([
            ("maximum", .number(zones.maximum)),
            ("secondsInZone", .array(seconds.map { .number(($0 * 10).rounded() / 10) })),
        ])
    }

    static func bpm(_ value: Double) -> String { String(Int(exactly: value.rounded()) ?? 0) }

    static func clock(_ seconds: Double) -> String {
        let total = Int(exactly: seconds.rounded(.down)) ?? 0
        return "\(total / 60):" + (total % 60 < 10 ? "0" : "") + "\(total % 60)"
    }
}
