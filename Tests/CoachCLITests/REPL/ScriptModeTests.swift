// Script mode end to end: the built binary runs a script on the virtual clock, twice, and the
// JSON it prints is identical byte for byte and right field by field.

import Foundation
import Testing

@Suite struct ScriptModeTests {
    static let script = """
        # An outdoor run with a pause; the ride is refused while the run is ongoing.
        start an outdoor run
        /wait 60s
        pause
        start a ride
        /wait 30s
        resume
        /wait 60s
        status
        end
        """

    func run(_ arguments: [String], script: String = Self.script) async throws -> ProcessResult {
        let binary = try #require(CoachBinary.path(), "coach is not built")
        let home = try ScratchHome()
        let file = home.root.appendingPathComponent("workout.coach")
        try script.write(to: file, atomically: true, encoding: .utf8)
        return try await runProcess(binary, ["--script", file.path] + arguments, environment: home.environment)
    }

    func objects(_ output: String) throws -> [[String: Any]] {
        try output.split(separator: "\n").map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    @Test func jsonOnTheVirtualClockIsRepeatableAndRight() async throws {
        let first = try await run(["--virtual-clock", "--json", "--keep-going"])
        let second = try await run(["--virtual-clock", "--json", "--keep-going"])
        #expect(first.stdout == second.stdout)
        #expect(first.status == 4, "--keep-going still reports the first failure (failureOngoingWorkout)")

        let replies = try objects(first.stdout)
        try #require(replies.count == 6, "one object per line that produced a result")
        func field(_ index: Int, _ key: String) -> String? { replies[index][key].map { "\($0)" } }
        func workout(_ index: Int, _ key: String) -> String? {
            (replies[index]["workout"] as? [String: Any])?[key].map { "\($0)" }
        }
        let expected: [(intent: String, code: String, state: String, elapsed: String)] = [
            ("StartWorkout", "success", "running", "0"),
            ("PauseWorkout", "success", "paused", "60"),
            ("StartWorkout", "failureOngoingWorkout", "paused", "60"),
            ("ResumeWorkout", "success", "running", "60"),
            ("WorkoutStatus", "success", "running", "120"),
            ("EndWorkout", "success", "ended", "120"),
        ]
        for (index, reply) in expected.enumerated() {
            #expect(field(index, "intent") == reply.intent, "line \(index + 1)")
            #expect(field(index, "code") == reply.code, "line \(index + 1)")
            #expect(field(index, "state") == reply.state, "line \(index + 1)")
            #expect(field(index, "elapsed") == reply.elapsed, "line \(index + 1)")
        }
        #expect(workout(0, "activity") == "running")
        #expect(workout(0, "location") == "outdoor")
        #expect(workout(0, "id") == "workout-1", "virtual time numbers workouts")
        #expect(workout(4, "elapsed") == "120", "pauses excluded")
        #expect(field(2, "reason") == "a workout is already paused")
    }

    @Test func theFirstFailureStopsTheScript() async throws {
        let result = try await run(["--virtual-clock", "--json"])
        #expect(result.status == 4)
        #expect(try objects(result.stdout).count == 3, "nothing after the refused ride")
        #expect(result.stderr.contains(":5: stopped at the first failure"))
    }

    @Test func textResultsOnePerLine() async throws {
        let result = try await run(["--virtual-clock", "--keep-going"])
        #expect(result.stdout.split(separator: "\n") == [
            "Starting your outdoor run.",
            "(1m later)",
            "Paused your outdoor run.",
            "Your outdoor run is already in progress.",
            "(30s later)",
            "Resuming your outdoor run.",
            "(1m later)",
            "Your outdoor run is in progress: 2:00, no distance yet, no energy yet.",
            "Ended your outdoor run after 2:00. Not saved: nothing is kept in virtual time.",
        ])
    }

    @Test func notUnderstoodFailsWithItsOwnStatus() async throws {
        let result = try await run(["--virtual-clock"], script: "make me a sandwich\nstatus\n")
        #expect(result.status == 3)
        #expect(result.stdout.hasPrefix("Sorry, I didn't understand that."))
        #expect(result.stdout.split(separator: "\n").count == 1, "the script stopped there")
    }

    @Test func stdinThatIsNotATerminalIsAScript() async throws {
        let binary = try #require(CoachBinary.path(), "coach is not built")
        let home = try ScratchHome()
        let result = try await runProcess(binary, ["--virtual-clock"], environment: home.environment,
                                    stdin: "start a workout\n2\n/status\ncancel\ny\n")
        #expect(result.status == 0)
        #expect(result.stdout.split(separator: "\n").map(String.init) == [
            "Which workout? Running, walking, cycling, swimming, yoga…",
            "  1) run  2) walk  3) ride  4) swim  5) hike  6) HIIT workout  7) strength workout  8) yoga session  9) row",
            "Starting your walk.",
            "Your walk is in progress: 0:00, no distance yet, no energy yet.",
            "Discard your walk? Nothing will be saved. [y/N]",
            "Discarded your walk. Nothing was saved.",
        ])
    }

    @Test func aQuestionLeftUnansweredFails() async throws {
        let result = try await run(["--virtual-clock"], script: "start a workout\n")
        #expect(result.status == 6, "more input needed")
        #expect(result.stderr.contains("question unanswered"))
    }
}
