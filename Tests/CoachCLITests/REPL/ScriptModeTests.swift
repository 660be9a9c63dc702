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

    func run(_ arguments: [String], script: String = Self.script) throws -> ProcessResult {
        let binary = try #require(CoachBinary.path(), "coach is not built")
        let home = try ScratchHome()
        let file = home.root.appendingPathComponent("workout.coach")
        try script.write(to: file, atomically: true, encoding: .utf8)
        return try runProcess(binary, ["--script", file.path] + arguments, environment: home.environment)
    }

    func objects(_ output: String) throws -> [[String: Any]] {
        try output.split(separator: "\n").map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    @Test func jsonOnTheVirtualClockIsRepeatableAndRight() throws {
        let first = try run(["--virtual-clock", "--json", "--keep-going"])
        let second = try run(["--virtual-clock", "--json", "--keep-going"])
        #expect(first.stdout == second.stdout)
        #expect(first.status == 3, "--keep-going still reports the first failure (failureOngoingWorkout)")

        let replies = try objects(first.stdout)
        try #require(replies.count == 6, "one object per line that produced a result")
        func field(_ index: Int, _ key: String) -> String? { replies[index][key].map { "\($0)" } }
        func status(_ index: Int, _ key: String) -> String? {
            (replies[index]["status"] as? [String: Any])?[key].map { "\($0)" }
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
            #expect(status(index, "state") == reply.state, "line \(index + 1)")
            #expect(status(index, "elapsed") == reply.elapsed, "line \(index + 1)")
        }
        #expect(status(0, "activity") == "running")
        #expect(status(0, "location") == "outdoor")
        #expect(field(2, "ok") == "0", "the refused ride is not ok")
    }

    @Test func theFirstFailureStopsTheScript() throws {
        let result = try run(["--virtual-clock", "--json"])
        #expect(result.status == 3)
        #expect(try objects(result.stdout).count == 3, "nothing after the refused ride")
        #expect(result.stderr.contains(":5: stopped at the first failure"))
    }

    @Test func textResultsOnePerLine() throws {
        let result = try run(["--virtual-clock", "--keep-going"])
        #expect(result.stdout.split(separator: "\n") == [
            "Started your outdoor run.",
            "(1m later)",
            "Paused your outdoor run.",
            "Your outdoor run is already in progress.",
            "(30s later)",
            "Resumed your outdoor run.",
            "(1m later)",
            "Running: outdoor run, 2:00 elapsed.",
            "Ended your outdoor run after 2:00.",
        ])
    }

    @Test func notUnderstoodFailsWithItsOwnStatus() throws {
        let result = try run(["--virtual-clock"], script: "make me a sandwich\nstatus\n")
        #expect(result.status == 5)
        #expect(result.stdout == "Sorry, I didn't understand “make me a sandwich”.\n")
    }

    @Test func stdinThatIsNotATerminalIsAScript() throws {
        let binary = try #require(CoachBinary.path(), "coach is not built")
        let home = try ScratchHome()
        let result = try runProcess(binary, ["--virtual-clock"], environment: home.environment,
                                    stdin: "start a workout\n2\n/status\ncancel\ny\n")
        #expect(result.status == 0)
        #expect(result.stdout.split(separator: "\n").map(String.init) == [
            "Which workout?  1) run  2) walk  3) cycling  4) swim  5) hiking  6) HIIT  7) strength training  8) yoga  9) rowing  10) elliptical",
            "Started your walk.",
            "Running: walk, 0:00 elapsed.",
            "Discard your walk? Nothing will be saved. [y/N]",
            "Discarded your walk.",
        ])
    }

    @Test func aQuestionLeftUnansweredFails() throws {
        let result = try run(["--virtual-clock"], script: "start a workout\n")
        #expect(result.status == 1)
        #expect(result.stderr.contains("question unanswered"))
    }
}
