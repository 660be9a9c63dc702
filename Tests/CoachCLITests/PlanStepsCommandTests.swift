// A saved structured workout lists its steps (issue 30): a plan started by a sentence through a real
// gateway, fed distance and heart rate by `coach sample`, ended and saved; `coach show` lists each
// step and `coach stats --by step` gives each one's own statistics; a workout without a plan says
// so and what to use instead.

import Foundation
import Testing

@Suite("Plan steps of a saved workout", .serialized)
struct PlanStepsCommandTests {
    static let short = """
        activity: running
        blocks:
          - repeat: 2
            steps:
              - work: 100m
              - recovery: 50m
        """

    @Test func showListsTheStepsAndStatsCutsAtThem() async throws {
        guard let coach = CoachBinary.path() else { Issue.record("coach is not built"); return }
        let home = try ScratchHome()
        try home.writeSettings("auto_pause: {running: false}\n")
        let file = home.root.appendingPathComponent("short.yaml").path
        try Self.short.write(toFile: file, atomically: true, encoding: .utf8)
        let env = home.environment
        #expect(try await runProcess(coach, ["plan", "add", file], environment: env).status == 0)
        let gateway = try await BackgroundGateway(home: home)
        try await withCleanup({ _ = try? await runProcess(coach, ["end"], environment: env) }) {
            let started = try await runProcess(coach, ["say", "start my short plan"], environment: env)
            #expect(started.status == 0, "\(started.stdout) \(started.stderr)")
            // Work 1 (100 m, heart rate 150), rest 1 (50 m, 110), work 2 (100 m, 160), then end in rest 2.
            for (metres, heartRate) in [(50, 150), (50, 150), (50, 110), (50, 160), (50, 160), (20, 120)] {
                #expect(try await runProcess(coach, ["sample", "heartRate", "\(heartRate)"], environment: env).status == 0)
                let fed = try await runProcess(coach, ["sample", "distance", "\(metres)"], environment: env)
                #expect(fed.status == 0, "\(fed.stderr)")
            }
            let ended = try await runProcess(coach, ["end", "--save"], environment: env)
            #expect(ended.status == 0, "\(ended.stderr)")
        }
        _ = try await gateway.stop()

        let history = try await runProcess(coach, ["history", "--json"], environment: env)
        let list = try #require(try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]])
        let id = try #require(list.first?["id"] as? String)

        let stats = try await runProcess(coach, ["stats", id, "--by", "step", "--json"], environment: env)
        #expect(stats.status == 0, "\(stats.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [[String: Any]])
        let steps = rows.compactMap { $0["step"] as? [String: Any] }
        #expect(steps.compactMap { $0["number"] as? Int } == [1, 2, 3, 4])
        #expect(steps.compactMap { $0["purpose"] as? String } == ["work", "recovery", "work", "recovery"])
        #expect(steps.compactMap { $0["distance"] as? Double } == [100, 50, 100, 20])
        #expect(steps.last?["reason"] as? String == "ended")
        // Each step's heart rate is its own: 150 in work 1, 110 in the rest, 160 in work 2.
        let heartRates = rows.map { row -> Double? in
            let metrics = row["metrics"] as? [[String: Any]] ?? []
            return metrics.first { $0["type"] as? String == "heartRate" }?["average"] as? Double
        }
        #expect(heartRates.prefix(3).map { $0 } == [150, 110, 160], "\(stats.stdout)")

        let table = try await runProcess(coach, ["stats", id, "--by", "step"], environment: env)
        #expect(table.stdout.hasPrefix("STEP"), "\(table.stdout)")
        #expect(table.stdout.contains("3/4 work 2/2"), "\(table.stdout)")
        let show = try await runProcess(coach, ["show", id], environment: env)
        #expect(show.stdout.contains("Steps of short:"), "\(show.stdout)")
        #expect(show.stdout.contains("1/4 work 1/2"), "\(show.stdout)")
        let shown = try await runProcess(coach, ["show", id, "--json"], environment: env)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
        #expect((object["steps"] as? [Any])?.count == 4)
        #expect(try await runProcess(coach, ["stats", id, "--by", "step", "--interval", "1min"], environment: env).status == 64)
    }

    @Test func aWorkoutWithoutAPlanHasNoSteps() async throws {
        guard let coach = CoachBinary.path() else { Issue.record("coach is not built"); return }
        let home = try ScratchHome()
        let env = home.environment
        let gateway = try await BackgroundGateway(home: home)
        try await withCleanup({ _ = try? await runProcess(coach, ["end"], environment: env) }) {
            for arguments in [["start", "cycling"], ["sample", "heartRate", "120"], ["end", "--save"]] {
                let result = try await runProcess(coach, arguments, environment: env)
                #expect(result.status == 0, "\(arguments): \(result.stderr)")
            }
        }
        _ = try await gateway.stop()
        let history = try await runProcess(coach, ["history", "--json"], environment: env)
        let list = try #require(try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]])
        let id = try #require(list.first?["id"] as? String)
        let stats = try await runProcess(coach, ["stats", id, "--by", "step"], environment: env)
        #expect(stats.status == 64)
        #expect(stats.stderr.contains("ran no plan"), "\(stats.stderr)")
        #expect(stats.stderr.contains("--interval"), "\(stats.stderr)")
        let show = try await runProcess(coach, ["show", id], environment: env)
        #expect(!show.stdout.contains("Steps of"))
    }
}
