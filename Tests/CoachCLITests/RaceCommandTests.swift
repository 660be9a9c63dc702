// Race your past self through the real processes (issue 30): a 1 km run imported from a GPX file
// (100 m a minute), then `coach start --race ID` fed 300 m at once: the status says how far ahead
// (the past self needed 3 minutes for 300 m), `--race last --race-distance 1km` finds the same run,
// and a race against nothing says what to try.

import Foundation
import Testing

@Suite("Race your past self", .serialized)
struct RaceCommandTests {
    /// 11 points 0.0009° of latitude (≈ 100 m) and 60 s apart: 1 km in 10 minutes.
    static let pastRun: String = {
        let formatter = ISO8601DateFormatter()
        let first = formatter.date(from: "2026-11-01T07:00:00Z")!
        let points = (0...10).map { index in
            "<trkpt lat=\"\(51.5 + Double(index) * 0.0009)\" lon=\"-0.12\"><time>\(formatter.string(from: first.addingTimeInterval(Double(index) * 60)))</time></trkpt>"
        }.joined()
        return "<?xml version=\"1.0\"?><gpx version=\"1.1\" creator=\"test\" xmlns=\"http://www.topografix.com/GPX/1/1\">"
            + "<trk><type>running</type><trkseg>\(points)</trkseg></trk></gpx>"
    }()

    @Test func aRaceSaysHowFarAheadOfThePastSelfYouAre() async throws {
        guard let coach = CoachBinary.path() else { Issue.record("coach is not built"); return }
        let home = try ScratchHome()
        try home.writeSettings("auto_pause: {running: false}\n")
        let env = home.environment
        let file = home.root.appendingPathComponent("past.gpx").path
        try Self.pastRun.write(toFile: file, atomically: true, encoding: .utf8)
        let imported = try await runProcess(coach, ["import", file], environment: env)
        #expect(imported.status == 0, "\(imported.stderr)")
        let history = try await runProcess(coach, ["history", "--json"], environment: env)
        let list = try #require(try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]])
        let pastID = try #require(list.first?["id"] as? String)

        let gateway = try await BackgroundGateway(home: home)
        try await withCleanup({ _ = try? await runProcess(coach, ["cancel", "--yes"], environment: env) }) {
            let nothing = try await runProcess(coach, ["start", "running", "--race", "last", "--race-distance", "5km"], environment: env)
            #expect(nothing.status != 0)
            #expect(nothing.stderr.contains("no saved running of about 5"), "\(nothing.stderr)")
            let unknown = try await runProcess(coach, ["start", "--race", "ffffffff"], environment: env)
            #expect(unknown.status != 0)
            #expect(unknown.stderr.contains("race:"), "\(unknown.stderr)")

            let started = try await runProcess(coach, ["start", "running", "--race", "last", "--race-distance", "1km"], environment: env)
            #expect(started.status == 0, "\(started.stdout) \(started.stderr)")
            for _ in 0..<3 {
                let fed = try await runProcess(coach, ["sample", "distance", "100"], environment: env)
                #expect(fed.status == 0, "\(fed.stderr)")
            }
            let status = try await runProcess(coach, ["status", "--format", "json"], environment: env)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any], "\(status.stdout)")
            let step = try #require(object["step"] as? [String: Any], "\(status.stdout)")
            // The past self needed 180 s for 300 m; this run took a few seconds.
            let gap = try #require(step["gap"] as? Double, "\(step)")
            #expect(gap > 150 && gap <= 180, "\(step)")
            #expect(step["purpose"] as? String == "race")
            let line = try await runProcess(coach, ["status", "--format", "tmux"], environment: env)
            #expect(line.stdout.contains("ahead"), "\(line.stdout)")
        }
        _ = try await gateway.stop()
        #expect(pastID.count > 8)
    }

    @Test func aSentenceRacesTheLastRunOrSaysThereIsNone() async throws {
        guard let coach = CoachBinary.path() else { Issue.record("coach is not built"); return }
        let home = try ScratchHome()
        let env = home.environment
        let file = home.root.appendingPathComponent("past.gpx").path
        try Self.pastRun.write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try await runProcess(coach, ["import", file], environment: env).status == 0)
        let gateway = try await BackgroundGateway(home: home)
        try await withCleanup({ _ = try? await runProcess(coach, ["cancel", "--yes"], environment: env) }) {
            // A named client that may not read the saved workouts cannot race them (nor learn their pace).
            let stranger = try await runProcess(coach, ["--as", "stranger", "say", "race my last 1k"], environment: env)
            #expect(stranger.stdout.contains("couldn't find a saved workout like that to race"), "\(stranger.stdout) \(stranger.stderr)")
            let ride = try await runProcess(coach, ["say", "race my last ride"], environment: env)
            #expect(ride.stdout.contains("couldn't find a saved workout like that to race"), "\(ride.stdout) \(ride.stderr)")
            let run = try await runProcess(coach, ["say", "race my last 1k"], environment: env)
            #expect(run.status == 0, "\(run.stdout) \(run.stderr)")
            #expect(run.stdout.contains("Racing your past self over 1 kilometer. Race · 1 km"), "\(run.stdout)")
            let status = try await runProcess(coach, ["status", "--format", "json"], environment: env)
            #expect(status.stdout.contains("\"purpose\":\"race\""), "\(status.stdout)")
        }
        _ = try await gateway.stop()
    }
}
