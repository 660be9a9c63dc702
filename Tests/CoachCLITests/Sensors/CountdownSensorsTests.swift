// Sensors in the countdown (issue 33, item 9) through the mock bluetoothd: the start's reply lists
// the remembered sensors that are connected and says "No heart-rate strap." when none gives heart
// rate; `--wait-sensors` holds the countdown until they connect, or until the time passes.

import CoachWire
import Foundation
import Testing

@Suite("Sensors in the countdown", .serialized)
struct CountdownSensorsTests {
    let meter = "F1:22:33:44:55:66", strap = "C0:FF:EE:00:00:01"

    func json(_ text: String) -> [String: Any]? {
        try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
    }

    @Test func theReplyListsConnectedSensorsAndAMissingStrapAndTheWaitEndsInTime() async throws {
        let coach = try #require(CoachBinary.path())
        let bus = try await PrivateBlueZ()
        try await bus.addDevice(meter, name: "PM-Test", kind: "power", known: true)
        let home = try ScratchHome()
        let environment = home.environment.merging(["COACH_DBUS_SYSTEM_BUS_ADDRESS": bus.address]) { $1 }
        func coachRun(_ arguments: [String]) async throws -> ProcessResult { try await runProcess(coach, arguments, environment: environment) }
        #expect(try await coachRun(["sensor", "add", meter, "--no-start"]).status == 0)
        // A strap that is remembered but nowhere in range: it never connects.
        #expect(try await coachRun(["sensor", "add", strap, "--as", "heartRate", "--no-start"]).status == 0)
        let gateway = try await BackgroundGateway(home: home, environment: ["COACH_DBUS_SYSTEM_BUS_ADDRESS": bus.address])
        defer { _ = Task { try? await gateway.stop() } }
        try await PrivateBlueZ.waitFor("the power meter to connect") {
            let list = json((try? await coachRun(["sensor", "list", "--json"]))?.stdout ?? "")?["sensors"] as? [[String: Any]]
            return list?.contains { $0["address"] as? String == meter && $0["connected"] as? Bool == true } == true
        }
        let clock = ContinuousClock()
        let begun = clock.now
        let started = try await coachRun(["start", "cycling", "--wait-sensors", "2s"])
        let waited = (clock.now - begun) / .seconds(1)
        #expect(started.status == 0, "\(started.stderr)")
        #expect(started.stdout.contains("Sensors: PM-Test connected. No heart-rate strap."), "\(started.stdout)")
        #expect(waited >= 2 && waited < 8, "held for the strap until the 2 s passed: \(waited) s")
        #expect(try await coachRun(["cancel", "--yes"]).status == 0)
        // The same as data for socket clients.
        let data = try #require(json(try await coachRun(["start", "cycling", "--json"]).stdout)?["sensors"] as? [String: Any])
        #expect(data["connected"] as? [String] == ["PM-Test"])
        #expect(data["missing"] as? [String] == [strap])
        #expect(data["heartRateStrap"] as? Bool == false)
        #expect(try await coachRun(["cancel", "--yes"]).status == 0)
        // Without --wait-sensors the countdown does not wait, and says the same.
        let quick = try await coachRun(["start", "cycling", "--lang", "ja"])
        #expect(quick.stdout.contains("センサー: PM-Test 接続済み。心拍センサーがありません。"), "\(quick.stdout)")
        #expect(try await coachRun(["cancel", "--yes"]).status == 0)
        #expect(try await gateway.stop() == 0)
    }

    @Test func theCountdownWaitsForAStrapThatComesIntoRange() async throws {
        let coach = try #require(CoachBinary.path())
        let bus = try await PrivateBlueZ()
        let home = try ScratchHome()
        let environment = home.environment.merging(["COACH_DBUS_SYSTEM_BUS_ADDRESS": bus.address]) { $1 }
        func coachRun(_ arguments: [String]) async throws -> ProcessResult { try await runProcess(coach, arguments, environment: environment) }
        #expect(try await coachRun(["sensor", "add", strap, "--no-start"]).status == 0)
        let gateway = try await BackgroundGateway(home: home, environment: ["COACH_DBUS_SYSTEM_BUS_ADDRESS": bus.address])
        defer { _ = Task { try? await gateway.stop() } }
        let clock = ContinuousClock()
        let begun = clock.now
        async let started = coachRun(["start", "running", "--wait-sensors", "20s"])
        try await Task.sleep(for: .seconds(1))
        try await bus.addDevice(strap, name: "HRM-Test", kind: "heartRate", known: true)
        let reply = try await started
        let waited = (clock.now - begun) / .seconds(1)
        #expect(reply.status == 0, "\(reply.stderr)")
        #expect(reply.stdout.contains("Sensors: HRM-Test connected."), "\(reply.stdout)")
        #expect(!reply.stdout.contains("No heart-rate strap"), "\(reply.stdout)")
        #expect(waited >= 1 && waited < 15, "held until the strap connected, not the whole 20 s: \(waited) s")
        #expect(try await gateway.stop() == 0)
    }
}
