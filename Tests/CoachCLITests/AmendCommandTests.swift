// `coach sample TYPE VALUE --workout ID` against a real `coach serve` (issue 33, item 4): the sample
// joins the saved workout, `history --summary day` totals it, and a date outside the workout or a
// date that is not one changes nothing and says why.

import CoachGateway
import CoachWire
import Foundation
import Testing

@Suite("coach sample --workout", .serialized)
struct AmendCommandTests {
    @Test func aSampleJoinsASavedWorkout() async throws {
        let coach = try #require(CoachBinary.path(), "coach is not built")
        let home = try ScratchHome()
        let gateway = try await BackgroundGateway(home: home)
        defer { gateway.killSoon() }
        var environment = home.environment
        environment["TZ"] = "UTC"
        for arguments in [["start", "running"], ["sample", "heartRate", "140"], ["end", "--save"]] {
            let step = try await runProcess(coach, arguments + ["--no-start"], environment: environment)
            #expect(step.status == 0, "\(arguments): \(step.stderr)")
        }
        let history = try await runProcess(coach, ["history", "--json"], environment: environment)
        guard case .array(let saved) = try JSONValue(parsing: history.stdout), let id = saved.first?["id"]?.stringValue else {
            Issue.record("no saved workout: \(history.stdout)")
            return
        }
        let prefix = String(id.prefix(8))

        let added = try await runProcess(coach, ["sample", "dietaryWater", "0.25", "L", "--workout", prefix, "--no-start"], environment: environment)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("Added to workout \(prefix) (added)"))

        let notADate = try await runProcess(coach, ["sample", "dietaryWater", "1", "--workout", prefix, "--date", "noon"], environment: environment)
        #expect(notADate.status == 64)
        #expect(notADate.stderr.contains("ISO 8601"))
        let outside = try await runProcess(coach, ["sample", "dietaryWater", "1", "--workout", prefix, "--date", "2001-01-01T00:00:00Z", "--no-start"],
                                           environment: environment)
        #expect(outside.status == 64)
        #expect(outside.stderr.contains("outside workout"))

        let days = try await runProcess(coach, ["history", "--summary", "day", "--since", "today"], environment: environment)
        #expect(days.status == 0, "\(days.stderr)")
        #expect(days.stdout.contains("dietaryWater 250 mL"), "\(days.stdout)")
        try await gateway.stop()
    }
}
