// Power zones and FTP through the real commands (issue 33, item 8): a 21-minute ride imported
// into the store gives an FTP estimate on save, `coach show` lists it with the time in each of
// Coggan's zones; `profile.ftp` overrides it; a gateway's feed names the current power's zone.

import CoachWire
import Foundation
import Testing

@Suite struct PowerZoneCommandTests {
    func json(_ text: String) -> [String: Any]? {
        try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
    }

    /// A TCX ride, 1 Hz power: a minute at 200 W, then 20 minutes at 260 W.
    static func ride(seconds: Int = 1260) -> String {
        var points = ""
        let start = 1_767_225_600
        for second in 0..<seconds {
            let time = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: Double(start + second)))
            points += "<Trackpoint><Time>\(time)</Time><Extensions><ns3:TPX><ns3:Watts>\(second < 60 ? 200 : 260)</ns3:Watts></ns3:TPX></Extensions></Trackpoint>\n"
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2" xmlns:ns3="http://www.garmin.com/xmlschemas/ActivityExtension/v2">
            <Activities><Activity Sport="Biking"><Id>2026-01-01T00:00:00Z</Id>
            <Lap StartTime="2026-01-01T00:00:00Z"><TotalTimeSeconds>\(seconds)</TotalTimeSeconds><DistanceMeters>0</DistanceMeters><Calories>0</Calories><Intensity>Active</Intensity><TriggerMethod>Manual</TriggerMethod>
            <Track>
            \(points)</Track></Lap></Activity></Activities></TrainingCenterDatabase>
            """
    }

    @Test func anImportedRidesEstimateAndTimeInZonesInShow() async throws {
        let coach = try #require(CoachBinary.path())
        let home = try ScratchHome()
        func coachRun(_ arguments: [String]) async throws -> ProcessResult { try await runProcess(coach, arguments, environment: home.environment) }
        let file = home.root.appendingPathComponent("ride.tcx")
        try Self.ride().write(to: file, atomically: true, encoding: .utf8)
        let imported = try await coachRun(["import", file.path])
        #expect(imported.status == 0, "\(imported.stderr)")
        let id = try #require(imported.stdout.split(separator: " ").dropFirst(3).first.map(String.init))

        let shown = try await coachRun(["show", id])
        #expect(shown.status == 0, "\(shown.stderr)")
        // 95 % of 260 W = 247 W; 200 W is 81 % (zone 3), 260 W is 105.3 % (zone 5).
        #expect(shown.stdout.contains("FTP estimate  247 W (95 % of 260 W, the best 20 min)"), "\(shown.stdout)")
        #expect(shown.stdout.contains("Power zones (FTP 247 W, estimated 2026-01-01)"), "\(shown.stdout)")
        let zoneLines = shown.stdout.split(separator: "\n").filter { $0.hasPrefix("    Zone ") && $0.contains(" W ") }
        #expect(zoneLines.count == 7, "\(zoneLines)")
        #expect(zoneLines.filter { !$0.hasSuffix(" 0:00") }.map { String($0.suffix(5)) } == [" 1:00", "20:00"], "\(zoneLines)")
        let shownJSON = try #require(json(try await coachRun(["show", id, "--json"]).stdout))
        let zones = try #require(shownJSON["powerZones"] as? [String: Any])
        #expect(zones["ftp"] as? Double == 247)
        #expect(zones["ftpSource"] as? String == "estimate")
        #expect(zones["secondsInZone"] as? [Double] == [0, 0, 60, 0, 1200, 0, 0])
        #expect((shownJSON["ftpEstimate"] as? [String: Any])?["date"] as? String == "2026-01-01")

        // profile.ftp overrides the estimate: at 300 W, 200 W is 67 % (zone 2) and 260 W 87 % (zone 3).
        try home.writeSettings("profile:\n  ftp: 300\n")
        let overridden = try #require(json(try await coachRun(["show", id, "--json"]).stdout)?["powerZones"] as? [String: Any])
        #expect(overridden["ftp"] as? Double == 300)
        #expect(overridden["ftpSource"] as? String == "profile.ftp")
        #expect(overridden["secondsInZone"] as? [Double] == [0, 60, 1200, 0, 0, 0, 0])
        try home.writeSettings("profile:\n  ftp: 3000\n")
        let refused = try await coachRun(["show", id])
        #expect(refused.status != 0 && refused.stderr.contains("profile.ftp"), "a bad value names its key: \(refused.stderr)")
    }

    /// Issue 44: five minutes of power, no profile.ftp and no estimate — `coach show` says how to get zones.
    @Test func aRideWithPowerButNoFTPSaysHowToGetZones() async throws {
        let coach = try #require(CoachBinary.path())
        let home = try ScratchHome()
        func coachRun(_ arguments: [String]) async throws -> ProcessResult { try await runProcess(coach, arguments, environment: home.environment) }
        let file = home.root.appendingPathComponent("short.tcx")
        try Self.ride(seconds: 300).write(to: file, atomically: true, encoding: .utf8)
        let imported = try await coachRun(["import", file.path])
        #expect(imported.status == 0, "\(imported.stderr)")
        let id = try #require(imported.stdout.split(separator: " ").dropFirst(3).first.map(String.init))
        let shown = try await coachRun(["show", id])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("Power zones need an FTP: set profile.ftp") && shown.stdout.contains("start an FTP test"),
                "\(shown.stdout)")
        let zones = try #require(json(try await coachRun(["show", id, "--json"]).stdout)?["powerZones"] as? [String: Any])
        #expect(zones["ftp"] is NSNull && (zones["hint"] as? String)?.contains("profile.ftp") == true, "\(zones)")
    }

    @Test func theFeedNamesTheCurrentPowerZone() async throws {
        let coach = try #require(CoachBinary.path())
        let home = try ScratchHome()
        try home.writeSettings("profile:\n  ftp: 250\n")
        func coachRun(_ arguments: [String]) async throws -> ProcessResult { try await runProcess(coach, arguments, environment: home.environment) }
        let gateway = try await BackgroundGateway(home: home)
        defer { _ = Task { try? await gateway.stop() } }
        #expect(try await coachRun(["start", "cycling", "--location", "indoor"]).status == 0)
        #expect(try await coachRun(["sample", "power", "250"]).status == 0)
        // The expanded presentation (waybar's tooltip) as every display renders it.
        func tooltip() async throws -> String {
            (json(try await coachRun(["status", "--format", "waybar", "--presentation", "expanded"]).stdout)?["tooltip"] as? String) ?? ""
        }
        let shown = try await tooltip()
        #expect(shown.contains("250 W · Power zone 4"), "\(shown)")
        #expect(try await coachRun(["lock"]).status == 0)
        let locked = try await tooltip()
        #expect(!locked.contains("Power zone") && !locked.contains("250 W"), "hidden while locked: \(locked)")
        #expect(try await gateway.stop() == 0)
    }
}
