// A sample sent during the countdown (issue 44): the workout is there but has not begun, and the
// answer says so in the asker's language — not "start or resume a workout first".

import CoachWire
import CoachCore
import CoachGateway
import Foundation
import Testing

@Suite struct CountdownSampleTests {
    @Test func aSampleDuringTheCountdownIsToldTheWorkoutHasNotBegun() async throws {
        var configuration = GatewayConfiguration()
        configuration.countdown = .seconds(3)
        configuration.virtualClock = true
        configuration.plansDirectory = temporaryDirectory()
        let gateway = try await GatewayAssembly.start(configuration).gateway
        let client = InProcessConnection(gateway: gateway)
        _ = try await client.call("start", ["activity": "running"], timeout: nil)
        let early = try await client.call("sample", ["type": "heartRate", "value": 120], timeout: nil)
        #expect(early["accepted"] == false)
        #expect(early["message"] == "The workout has not begun yet: it starts in 3 s.", "\(early.serialized())")
        let japanese = try await client.call("sample", ["type": "heartRate", "value": 120, "lang": "ja"], timeout: nil)
        #expect(japanese["message"]?.stringValue?.hasPrefix("ワークアウトはまだ始まっていません") == true, "\(japanese.serialized())")
        // With nothing started at all, no such message: the caller is told to start one (the CLI's words).
        _ = try await client.call("cancel", ["confirm": true], timeout: nil)
        let none = try await client.call("sample", ["type": "heartRate", "value": 120], timeout: nil)
        #expect(none["accepted"] == false && none["message"] == nil, "\(none.serialized())")
        client.close()
        await gateway.manager.shutdown()
    }
}
