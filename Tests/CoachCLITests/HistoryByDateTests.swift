// `coach history --since/--until` and `coach export --all --since/--until` on imported files
// (issue 33, item 11): the range keeps what started in it, and a word that is not a date is a
// usage error (64) that lists the words understood.

import Foundation
import Testing

@Suite struct HistoryByDateTests {
    static func gpx(start: String) -> String {
        let formatter = ISO8601DateFormatter()
        let first = formatter.date(from: start)!
        let points = (0..<61).map { index in
            "<trkpt lat=\"\(51.5 + Double(index) * 0.0001)\" lon=\"-0.12\"><time>\(formatter.string(from: first.addingTimeInterval(Double(index))))</time></trkpt>"
        }.joined()
        return "<?xml version=\"1.0\"?><gpx version=\"1.1\" creator=\"test\" xmlns=\"http://www.topografix.com/GPX/1/1\">"
            + "<trk><type>running</type><trkseg>\(points)</trkseg></trk></gpx>"
    }

    @Test func aRangeKeepsWhatStartedInIt() async throws {
        let coach = try #require(CoachBinary.path(), "coach is not built")
        let home = try ScratchHome()
        var env = home.environment
        env["TZ"] = "UTC"
        let store = home.root.appendingPathComponent("range.sqlite").path
        for (name, start) in [("a", "2026-09-10T07:00:00Z"), ("b", "2026-11-02T07:00:00Z"), ("c", "2026-11-20T07:00:00Z")] {
            let file = home.root.appendingPathComponent("\(name).gpx").path
            try Self.gpx(start: start).write(toFile: file, atomically: true, encoding: .utf8)
            let imported = try await runProcess(coach, ["import", "--store", store, file], environment: env)
            #expect(imported.status == 0, "\(imported.stderr)")
        }
        let november = try await runProcess(coach, ["history", "--store", store, "--json", "--since", "2026-11-01", "--until", "2026-11-19"],
                                            environment: env)
        #expect(november.status == 0, "\(november.stderr)")
        #expect(november.stdout.components(separatedBy: "\"startDate\"").count - 1 == 1)
        #expect(november.stdout.contains("2026-11-02T07:00:00Z"))

        let folder = home.root.appendingPathComponent("out").path
        let exported = try await runProcess(coach, ["export", "--store", store, "--all", folder, "--format", "gpx", "--since", "2026-11-01"],
                                            environment: env)
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(exported.stdout.contains("Wrote 2 workouts"))

        let bad = try await runProcess(coach, ["history", "--store", store, "--since", "soonish"], environment: env)
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("last week"))
    }
}
