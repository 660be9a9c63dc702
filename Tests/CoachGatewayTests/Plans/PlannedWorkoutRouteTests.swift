// A saved plan through the route table on the virtual clock: `start` with `plan`, samples that
// end a distance step, `skipStep`, `stepStatus`, the step in the reply and the announcements; a
// start during the plan is still failureOngoingWorkout.

import CoachWire
import CoachCore
import CoachGateway
import Foundation
import Testing

@Suite struct PlannedWorkoutRouteTests {
    static func gateway(plans: String) async throws -> Gateway {
        var configuration = GatewayConfiguration()
        configuration.countdown = .zero
        configuration.virtualClock = true
        configuration.plansDirectory = plans
        return try await GatewayAssembly.start(configuration).gateway
    }

    @Test func aSavedPlanRunsThroughTheRoutes() async throws {
        let plans = temporaryDirectory()
        try """
            activity: running
            blocks:
              - repeat: 3
                steps:
                  - work: 200m
                  - recovery: 60s
            """.write(toFile: plans + "/short.yaml", atomically: true, encoding: .utf8)
        let gateway = try await Self.gateway(plans: plans)
        let client = InProcessConnection(gateway: gateway)
        _ = try await client.call("subscribe", ["events": true, "status": false], timeout: nil)
        var events = client.notifications.makeAsyncIterator()

        let started = try await client.call("start", ["plan": "short"], timeout: nil)
        #expect(started["code"] == "success")
        #expect(started["intent"] == "StartPlannedWorkout")
        #expect(started["message"]?.stringValue?.contains("Interval 1/3") == true, "\(started)")

        for _ in 0..<4 {
            await gateway.manager.advance(by: .seconds(10))
            _ = try await client.call("sample", ["type": "distance", "value": 50], timeout: nil)
        }
        let status = try await client.call("stepStatus", .object([]), timeout: nil)
        #expect(status["message"]?.stringValue?.hasPrefix("Recovery 1 of 3, 1:00 left. Next: Interval 2 of 3, 200 m") == true, "\(status)")

        let skipped = try await client.call("skipStep", .object([]), timeout: nil)
        #expect(skipped["code"] == "success")
        #expect(skipped["message"]?.stringValue?.contains("Interval 2/3") == true, "\(skipped)")

        let again = try await client.call("start", ["activity": "cycling"], timeout: nil)
        #expect(again["code"] == "failureOngoingWorkout")

        // The announcements, in order: the start, interval 1 begins, done, recovery begins, skipped…
        var messages: [String] = []
        while messages.count < 6, let event = await events.next() {
            if let message = event["params"]?["message"]?.stringValue { messages.append(message) }
        }
        #expect(messages.contains("Interval 1/3 done."), "\(messages)")
        #expect(messages.contains { $0.hasPrefix("Recovery 1/3: 1:00") }, "\(messages)")
        client.close()
        await gateway.manager.shutdown()
    }

    @Test func anUnknownPlanIsInvalidParams() async throws {
        let gateway = try await Self.gateway(plans: temporaryDirectory())
        let client = InProcessConnection(gateway: gateway)
        await #expect(throws: (any Error).self) { try await client.call("start", ["plan": "nope"], timeout: nil) }
        let skip = try await client.call("skipStep", .object([]), timeout: nil)
        #expect(skip["code"] == "failureNoMatchingWorkout")
        client.close()
        await gateway.manager.shutdown()
    }

    @Test func aPlanStartedBySentence() async throws {
        let plans = temporaryDirectory()
        try "kind: pacer\ndistance: 5km\ntime: 25min\n".write(toFile: plans + "/threshold.yaml", atomically: true, encoding: .utf8)
        let gateway = try await Self.gateway(plans: plans)
        let client = InProcessConnection(gateway: gateway)

        let unknown = try await client.call("say", ["text": "start my tempo plan"], timeout: nil)
        #expect(unknown["code"] == "failureNoMatchingWorkout")

        let intervals = try await client.call("say", ["text": "start 5 by 400 meters with 90 seconds rest"], timeout: nil)
        #expect(intervals["code"] == "success")
        #expect(intervals["intent"] == "StartPlannedWorkout")
        #expect(intervals["message"] == "Starting your 5x400m plan. Interval 1/5 · 400 m · 400 m left.", "\(intervals.serialized())")
        let status = try await client.call("status", .object([]), timeout: nil)
        #expect(status["workout"]?["step"]?["iterations"]?.doubleValue == 5, "\(status.serialized())")

        let during = try await client.call("say", ["text": "start my threshold plan"], timeout: nil)
        #expect(during["code"] == "failureOngoingWorkout")

        let skipped = try await client.call("say", ["text": "next interval"], timeout: nil)
        #expect(skipped["message"]?.stringValue?.hasPrefix("Skipped. Now: Recovery 1/5") == true, "\(skipped)")
        let step = try await client.call("say", ["text": "what step am I on"], timeout: nil)
        #expect(step["intent"] == "StepStatus")
        // Said as a status answer says it, with what comes next (issue 44).
        #expect(step["message"] == "Recovery 1 of 5, 1:30 left. Next: Interval 2 of 5, 400 m.", "\(step)")
        let next = try await client.call("say", ["text": "what's next"], timeout: nil)
        #expect(next["intent"] == "StepStatus", "\(next)")
        let answer = try await client.call("say", ["text": "how am I doing"], timeout: nil)
        #expect(answer["message"]?.stringValue?.hasSuffix(". Recovery 1 of 5, 1:30 left.") == true, "\(answer)")
        let japanese = try await client.call("say", ["text": "あと何本？", "lang": "ja"], timeout: nil)
        #expect(japanese["message"]?.stringValue?.hasPrefix("リカバリー 5本中1本目、残り1:30。次はインターバル 5本中2本目") == true,
                "\(japanese)")

        _ = try await client.call("cancel", ["confirm": true], timeout: nil)
        let saved = try await client.call("say", ["text": "start my threshold plan"], timeout: nil)
        #expect(saved["code"] == "success")
        #expect(saved["message"]?.stringValue?.contains("threshold") == true, "\(saved)")
        client.close()
        await gateway.manager.shutdown()
    }
}
