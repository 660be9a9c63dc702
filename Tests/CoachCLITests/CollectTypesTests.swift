// Per-workout data types (issue 33, item 10; HealthKit's enable/disableCollection) through the
// real commands and a gateway: `start --collect` / `--no-collect`, a refused sample said in words
// with its own exit status, the status listing what is not collected — also after a restart.

import CoachWire
import Foundation
import Testing

@Suite struct CollectTypesTests {
    func json(_ text: String) -> [String: Any]? {
        try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
    }

    @Test func onlyTheTypesAskedForAreCollectedAndTheRestAreRefusedClearly() async throws {
        let coach = try #require(CoachBinary.path())
        let home = try ScratchHome()
        func coachRun(_ arguments: [String]) async throws -> ProcessResult { try await runProcess(coach, arguments, environment: home.environment) }
        var gateway = try await BackgroundGateway(home: home)
        defer { _ = Task { [gateway] in try? await gateway.stop() } }

        let unknown = try await coachRun(["start", "cycling", "--collect", "heartRate,watts2"])
        #expect(unknown.status == 64 && unknown.stderr.contains("'watts2' is not a sample type"), "\(unknown.stderr)")

        let started = try await coachRun(["start", "cycling", "--location", "indoor", "--collect", "heartRate,power"])
        #expect(started.status == 0, "\(started.stderr)")
        #expect(started.stdout.contains("Collecting only: heartRate, power."), "\(started.stdout)")
        #expect(try await coachRun(["sample", "power", "200"]).status == 0)
        let refused = try await coachRun(["sample", "cadence", "90"])
        #expect(refused.status == 1)
        #expect(refused.stdout.contains("cadence is not collected in this indoor ride"), "\(refused.stdout)")
        let refusedJSON = try #require(json(try await coachRun(["sample", "cadence", "90", "--json"]).stdout))
        #expect(refusedJSON["reason"] as? String == "typeNotCollected")
        #expect(refusedJSON["accepted"] as? Bool == false)

        func status() async throws -> [String: Any] { try #require(json(try await coachRun(["status", "--format", "json"]).stdout)) }
        let notCollected = try #require(try await status()["notCollected"] as? [String])
        #expect(notCollected.contains("cadence") && notCollected.contains("activeEnergy") && !notCollected.contains("power"))
        #expect((try await status()["metrics"] as? [String: Any])?["activeEnergy"] == nil, "no energy generated: it is not collected")
        #expect(try await coachRun(["status"]).stdout.contains("Collecting only: heartRate, power."))

        // The choice is journaled with the start: a restarted gateway keeps refusing.
        #expect(try await gateway.stop() == 0)
        gateway = try await BackgroundGateway(home: home)
        #expect(try await status()["notCollected"] as? [String] == notCollected)
        #expect(try await coachRun(["sample", "cadence", "90"]).status == 1)
        #expect(try await coachRun(["end", "--save"]).status == 0)

        let run = try await coachRun(["start", "running", "--no-collect", "cadence"])
        #expect(run.stdout.contains("Not collected: cadence."), "\(run.stdout)")
        #expect(try await status()["notCollected"] as? [String] == ["cadence"])
        #expect(try await coachRun(["sample", "heartRate", "150"]).status == 0)
        #expect(try await coachRun(["sample", "cadence", "170"]).status == 1)
        #expect(try await gateway.stop() == 0)
    }
}
