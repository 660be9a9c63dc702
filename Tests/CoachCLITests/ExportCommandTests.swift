// Routes and exports as a user gets them: `coach sample location` through a real gateway into the
// real store, refused coordinates with a clear usage error, then `coach export` of the saved run.

import Foundation
import Testing

@Suite("Location samples and export", .serialized)
struct ExportCommandTests {
    @Test func locationSamplesBecomeARouteThatExports() async throws {
        guard let coach = CoachBinary.path() else { Issue.record("coach is not built"); return }
        let home = try ScratchHome()
        let gateway = try await BackgroundGateway(home: home)
        try await withCleanup({ _ = try? await runProcess(coach, ["end"], environment: home.environment) }) {
            let env = home.environment
            #expect(try await runProcess(coach, ["start", "running", "--location", "outdoor"], environment: env).status == 0)

            // Refused before anything is sent: out of range, not a number, too few numbers.
            let bad = try await runProcess(coach, ["sample", "location", "91", "0"], environment: env)
            #expect(bad.status == 64)
            #expect(bad.stderr.contains("latitude must be a number from -90 to 90"))
            #expect(try await runProcess(coach, ["sample", "location", "51.5", "nan"], environment: env).status == 64)
            #expect(try await runProcess(coach, ["sample", "location", "51.5"], environment: env).status == 64)

            // Negative longitudes are numbers, not options.
            let points = [(51.50070, -0.12460, 12.0), (51.50160, -0.12460, 13.0), (51.50250, -0.12460, 14.0)]
            for (latitude, longitude, altitude) in points {
                let fed = try await runProcess(coach, ["sample", "location", "\(latitude)", "\(longitude)", "\(altitude)", "--accuracy", "5"],
                                         environment: env)
                #expect(fed.status == 0, "\(fed.stderr)")
                #expect(fed.stdout == "Recorded (added).\n")
                try await Task.sleep(for: .seconds(1.05))   // exports keep one point per second
            }
            #expect(try await runProcess(coach, ["sample", "heartRate", "141"], environment: env).status == 0)
            let ended = try await runProcess(coach, ["end", "--save"], environment: env)
            #expect(ended.status == 0, "\(ended.stderr)")
            try await gateway.stop()

            let history = try await runProcess(coach, ["history", "--json"], environment: env)
            let list = try #require(try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]])
            let id = try #require(list.first?["id"] as? String)
            // Distance from the route: two legs of 0.0009° of latitude ≈ 100.08 m each.
            let distance = try #require(list.first?["totalDistance"] as? Double)
            #expect(abs(distance - 200.15) < 0.5, "route distance \(distance)")

            let tcx = try await runProcess(coach, ["export", String(id.prefix(8)), "--format", "tcx"], environment: env)
            #expect(tcx.status == 0, "\(tcx.stderr)")
            #expect(tcx.stdout.components(separatedBy: "<Trackpoint>").count - 1 == 4)   // 3 positions, then the heart rate
            #expect(tcx.stdout.contains("<LongitudeDegrees>-0.1246</LongitudeDegrees>"))
            #expect(tcx.stdout.contains("<HeartRateBpm><Value>141</Value></HeartRateBpm>"))

            let output = home.root.appendingPathComponent("run.gpx").path
            #expect(try await runProcess(coach, ["export", id, "--format", "gpx", "-o", output], environment: env).status == 0)
            let gpx = try String(contentsOfFile: output, encoding: .utf8)
            #expect(gpx.components(separatedBy: "<trkpt ").count - 1 == 3)

            // Import into another store: once, then "already imported"; a bad file is named and kept out.
            let fitPath = home.root.appendingPathComponent("run.fit").path
            #expect(try await runProcess(coach, ["export", id, "--format", "fit", "-o", fitPath], environment: env).status == 0)
            let other = home.root.appendingPathComponent("other.sqlite").path
            let first = try await runProcess(coach, ["import", "--store", other, fitPath], environment: env)
            #expect(first.status == 0, "\(first.stderr)")
            #expect(first.stdout.contains("Imported \(fitPath) as "))
            let again = try await runProcess(coach, ["import", "--store", other, fitPath], environment: env)
            #expect(again.stdout.contains("already imported"))
            let broken = home.root.appendingPathComponent("broken.gpx").path
            try "<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\">".write(toFile: broken, atomically: true, encoding: .utf8)
            let refused = try await runProcess(coach, ["import", "--store", other, broken], environment: env)
            #expect(refused.status == 1)
            #expect(refused.stderr.contains("broken.gpx: not a readable GPX file"))
            let imported = try await runProcess(coach, ["history", "--json", "--store", other], environment: env)
            #expect(imported.stdout.components(separatedBy: "\"id\"").count - 1 == 1)

            // Charts: not a terminal, so no colour; the width from COLUMNS; an SVG file on request.
            var narrow = env
            narrow["COLUMNS"] = "50"
            let chart = try await runProcess(coach, ["show", id, "--chart"], environment: narrow)
            #expect(chart.status == 0, "\(chart.stderr)")
            #expect(chart.stdout.hasPrefix("heart rate (bpm)"))
            #expect(!chart.stdout.contains("\u{1B}["))
            #expect(chart.stdout.split(separator: "\n").allSatisfy { $0.count <= 50 })
            let svgPath = home.root.appendingPathComponent("chart.svg").path
            #expect(try await runProcess(coach, ["show", id, "--chart", svgPath], environment: env).status == 0)
            #expect(try String(contentsOfFile: svgPath, encoding: .utf8).hasPrefix("<?xml"))
            let stats = try await runProcess(coach, ["stats", id, "--interval", "1s", "--json"], environment: env)
            #expect(stats.status == 0, "\(stats.stderr)")
            let intervals = try #require(try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [[String: Any]])
            #expect(intervals.count >= 3)
            #expect(try await runProcess(coach, ["stats", id, "--interval", "soon"], environment: env).status == 64)

            let missing = try await runProcess(coach, ["export", "ffffffff", "--format", "tcx"], environment: env)
            #expect(missing.status == 5)
            #expect(missing.stderr.contains("No workout matches"))
        }
    }
}

@Suite("History summary")
struct HistorySummaryCommandTests {
    /// A GPX run of `points` one-second track points from `start`, heading north.
    private func gpx(start: String, points: Int) -> String {
        let formatter = ISO8601DateFormatter()
        let first = formatter.date(from: start)!
        let trackPoints = (0..<points).map { index in
            "<trkpt lat=\"\(51.5 + Double(index) * 0.0001)\" lon=\"-0.12\"><time>\(formatter.string(from: first.addingTimeInterval(Double(index))))</time></trkpt>"
        }.joined()
        return "<?xml version=\"1.0\"?><gpx version=\"1.1\" creator=\"test\" xmlns=\"http://www.topografix.com/GPX/1/1\">"
            + "<trk><type>running</type><trkseg>\(trackPoints)</trkseg></trk></gpx>"
    }

    @Test func importedRunsAreTotalledPerMonth() async throws {
        guard let coach = CoachBinary.path() else { Issue.record("coach is not built"); return }
        let home = try ScratchHome()
        var env = home.environment
        env["TZ"] = "UTC"
        let store = home.root.appendingPathComponent("summary.sqlite").path
        for (name, start) in [("a", "2026-09-10T07:00:00Z"), ("b", "2026-11-02T07:00:00Z"), ("c", "2026-11-20T07:00:00Z")] {
            let file = home.root.appendingPathComponent("\(name).gpx").path
            try gpx(start: start, points: 61).write(toFile: file, atomically: true, encoding: .utf8)
            let imported = try await runProcess(coach, ["import", "--store", store, file], environment: env)
            #expect(imported.status == 0, "\(imported.stderr)")
        }
        let text = try await runProcess(coach, ["history", "--summary", "month", "--store", store], environment: env)
        #expect(text.status == 0, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("MONTH") == true)
        #expect(lines.dropFirst().map { $0.split(separator: " ").prefix(2).joined(separator: " ") }
                == ["2026-11 2", "2026-10 0", "2026-09 1", "total 3"])

        let json = try await runProcess(coach, ["history", "--summary", "week", "--limit", "3", "--json", "--store", store],
                                  environment: env)
        let weeks = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(weeks.compactMap { $0["count"] as? Int } == [1, 0, 1])   // weeks of Nov 16, Nov 9, Nov 2
        #expect(weeks.first?["start"] as? String == "2026-11-16T00:00:00Z")
        #expect((weeks.first?["elapsed"] as? Double).map { abs($0 - 60) < 0.5 } == true, "\(json.stdout)")

        let wrong = try await runProcess(coach, ["history", "--summary", "year", "--store", store], environment: env)
        #expect(wrong.status == 64)
        #expect(wrong.stderr.contains("week") && wrong.stderr.contains("month"))
    }
}
