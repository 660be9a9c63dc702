// Sensors end to end on a real D-Bus daemon started by the test (a private bus from its own config
// file) with BlueZ played by Tests/Support/bluez-mock/mock_bluez.py: discovery, connecting, values
// becoming samples of a running workout, a sensor that drops and comes back. The mock is driven
// with busctl, so the code under test is not also the test's own D-Bus client.

import CoachWire
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// dbus-daemon on a private socket plus the mock bluetoothd (PrivateBus); both stopped by pid.
final class PrivateBlueZ: @unchecked Sendable {
    let bus: PrivateBus
    var address: String { bus.address }

    init() async throws {
        bus = try await PrivateBus(mock: "bluez-mock/mock_bluez.py", owning: "org.bluez")
    }

    @discardableResult
    func busctl(_ arguments: [String]) async throws -> ProcessResult { try await bus.busctl(arguments) }

    /// Calls the mock's control interface (org.coach.Mock on /).
    @discardableResult
    func mockCall(_ method: String, _ signature: String, _ arguments: [String]) async throws -> String {
        let result = try await busctl(["call", "org.bluez", "/", "org.coach.Mock", method, signature] + arguments)
        guard result.status == 0 else { throw TmuxError("mock \(method): \(result.stderr)") }
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func addDevice(_ address: String, name: String, kind: String, known: Bool) async throws {
        try await mockCall("AddDevice", "sssb", [address, name, kind, known ? "true" : "false"])
    }

    /// Sends one notification; false when the mock could not (not connected or not notifying).
    func notify(_ address: String, _ bytes: [UInt8]) async throws -> Bool {
        try await mockCall("Notify", "say", [address, String(bytes.count)] + bytes.map { String($0) }) == "b true"
    }

    static func waitFor(_ what: String, timeout: Duration = .seconds(60), _ condition: () async -> Bool) async throws {
        try await PrivateBus.waitFor(what, timeout: timeout, condition)
    }
}

@Suite("Sensors through BlueZ on a private D-Bus", .serialized)
struct BlueZIntegrationTests {
    let strap = "C0:FF:EE:00:00:01"

    func json(_ text: String) -> [String: Any]? {
        try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
    }

    @Test func scanFindsFitnessSensorsInRange() async throws {
        let coach = try #require(CoachBinary.path())
        let bus = try await PrivateBlueZ()
        try await bus.addDevice(strap, name: "HRM-Test", kind: "heartRate", known: false)
        try await bus.addDevice("D0:11:22:33:44:55", name: "Crank PM", kind: "power", known: false)
        let home = try ScratchHome()
        let result = try await runProcess(coach, ["sensor", "scan", "--timeout", "1", "--json"],
                                    environment: home.environment.merging(["COACH_DBUS_SYSTEM_BUS_ADDRESS": bus.address]) { $1 })
        #expect(result.status == 0, "\(result.stderr)")
        let devices = result.stdout.split(separator: "\n").compactMap { json(String($0)) }
        #expect(devices.compactMap { $0["address"] as? String }.sorted() == [strap, "D0:11:22:33:44:55"])
        #expect(devices.first { $0["address"] as? String == strap }?["services"] as? [String] == ["heartRate"])
        // The mock adds devices only while discovery runs: they were found through StartDiscovery.
        let adapter = try await bus.busctl(["get-property", "org.bluez", "/org/bluez/hci0", "org.bluez.Adapter1", "Discovering"])
        #expect(adapter.stdout.contains("false"), "discovery is stopped after the scan")
    }

    @Test func noBusIsAClearError() async throws {
        let coach = try #require(CoachBinary.path())
        let home = try ScratchHome()
        let result = try await runProcess(coach, ["sensor", "scan", "--timeout", "1"],
                                    environment: home.environment.merging(["COACH_DBUS_SYSTEM_BUS_ADDRESS": "unix:path=/nonexistent/bus"]) { $1 })
        #expect(result.status == 69)
        #expect(result.stderr.contains("cannot connect to the bus"))
        let noLibrary = try await runProcess(coach, ["sensor", "scan", "--timeout", "1"],
                                       environment: home.environment.merging(["COACH_NATIVE_LIBS": "none"]) { $1 })
        #expect(noLibrary.status == 69)
        #expect(noLibrary.stderr.contains("libsystemd0"))
    }

    @Test func notificationsBecomeSamplesAndADroppedStrapComesBack() async throws {
        let coach = try #require(CoachBinary.path())
        let bus = try await PrivateBlueZ()
        try await bus.addDevice(strap, name: "HRM-Test", kind: "heartRate", known: true)
        let home = try ScratchHome()
        let environment = home.environment.merging(["COACH_DBUS_SYSTEM_BUS_ADDRESS": bus.address]) { $1 }
        func coachRun(_ arguments: [String]) async throws -> ProcessResult { try await runProcess(coach, arguments, environment: environment) }

        let added = try await coachRun(["sensor", "add", strap.lowercased(), "--as", "heartRate", "--no-start"])
        #expect(added.status == 0, "\(added.stderr)")
        let config = try String(contentsOf: home.root.appendingPathComponent("config/coach/config.yaml"), encoding: .utf8)
        #expect(config.contains(strap) && config.contains("as: heartRate"))
        // Zones for `coach show`: a configured maximum of 180 bpm puts 150 in zone 4 (80–90 %).
        let configURL = home.root.appendingPathComponent("config/coach/config.yaml")
        try (config + "heart_rate:\n  max: 180\n").write(to: configURL, atomically: true, encoding: .utf8)

        let gateway = try await BackgroundGateway(home: home, environment: ["COACH_DBUS_SYSTEM_BUS_ADDRESS": bus.address])
        defer { _ = Task { try? await gateway.stop() } }
        #expect(try await coachRun(["start", "running", "--location", "outdoor"]).status == 0)

        func sensor() async throws -> [String: Any]? {
            let list = try await coachRun(["sensor", "list", "--json"])
            return ((json(list.stdout)?["sensors"] as? [[String: Any]]) ?? []).first
        }
        try await PrivateBlueZ.waitFor("the strap to connect") { (try? await sensor())??["connected"] as? Bool == true }
        #expect(try await sensor()?["batteryLevel"] as? Double == 87)
        let human = try await coachRun(["sensor", "list"])
        #expect(human.stdout.contains("\(strap)  HRM-Test  as heartRate  connected  battery 87 %"), "\(human.stdout)")

        func heartRate() async throws -> [String: Any]? {
            let status = json(try await coachRun(["status", "--json"]).stdout)
            return (status?["metrics"] as? [String: Any])?["heartRate"] as? [String: Any]
        }
        #expect(try await bus.notify(strap, [0x06, 72]))
        try await PrivateBlueZ.waitFor("72 bpm in the workout") { (try? await heartRate())??["latest"] as? Double == 72 }
        try await Task.sleep(for: .milliseconds(1100))  // the next second: a new sample, not a replacement
        #expect(try await bus.notify(strap, [0x16, 150, 0x00, 0x04]))  // with contact and one RR interval
        try await PrivateBlueZ.waitFor("150 bpm") { (try? await heartRate())??["latest"] as? Double == 150 }

        // The strap goes out of range: the gateway sees Connected=false and reconnects with backoff.
        try await bus.mockCall("Drop", "s", [strap])
        #expect(try await !bus.notify(strap, [0x06, 99]), "a dropped strap sends nothing")
        try await PrivateBlueZ.waitFor("a reconnect") { ((try? await bus.mockCall("ConnectCalls", "s", [strap])) ?? "") >= "u 2" }
        // Notifications flow again only once the gateway has subscribed again (the mock forgets on drop).
        try await PrivateBlueZ.waitFor("notifications after the reconnect") { (try? await bus.notify(strap, [0x06, 88])) == true }
        try await PrivateBlueZ.waitFor("88 bpm after the reconnect") { (try? await heartRate())??["latest"] as? Double == 88 }
        let stats = try #require(try await heartRate())
        // Three readings, none counted twice: min, max and mean of 72, 150, 88.
        let expectedAverage: Double = (310.0 / 3 * 10).rounded() / 10
        #expect(stats["min"] as? Double == 72)
        #expect(stats["max"] as? Double == 150)
        #expect(stats["average"] as? Double == expectedAverage)
        #expect(try await sensor()?["connected"] as? Bool == true)
        let workoutID = try #require(json(try await coachRun(["status", "--json"]).stdout)?["id"] as? String)
        #expect(try await coachRun(["end", "--save"]).status == 0)
        #expect(try await gateway.stop() == 0)

        let shown = try await coachRun(["show", workoutID])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("Heart-rate zones (maximum 180 bpm)"), "\(shown.stdout)")
        // The strap is the samples' device (issue 19: sources).
        #expect(shown.stdout.contains("From      coach \(CoachVersion.current) (HRM-Test): 3 heartRate"), "\(shown.stdout)")
        let zoneLines = shown.stdout.split(separator: "\n").filter { $0.contains("Zone ") }
        #expect(zoneLines.count == 5)
        #expect(zoneLines.filter { !$0.hasSuffix(" 0:00") }.map { String($0.prefix(10)) } == ["    Zone 4"], "\(zoneLines)")
        let shownJSON = try #require(json(try await coachRun(["show", workoutID, "--json"]).stdout))
        let secondsInZone = (shownJSON["heartRateZones"] as? [String: Any])?["secondsInZone"] as? [Double]
        #expect(secondsInZone?.enumerated().allSatisfy { $0.offset == 3 ? $0.element > 0 : $0.element == 0 } == true)
    }

    @Test func aFootPodThatStopsAutoPausesTheRunAndMovingResumesIt() async throws {
        let coach = try #require(CoachBinary.path())
        let bus = try await PrivateBlueZ()
        let pod = "F0:0D:00:00:00:02"
        try await bus.addDevice(pod, name: "Stryd-Test", kind: "rsc", known: true)
        let home = try ScratchHome()
        let environment = home.environment.merging(["COACH_DBUS_SYSTEM_BUS_ADDRESS": bus.address]) { $1 }
        func coachRun(_ arguments: [String]) async throws -> ProcessResult { try await runProcess(coach, arguments, environment: environment) }
        #expect(try await coachRun(["sensor", "add", pod, "--no-start"]).status == 0)
        let gateway = try await BackgroundGateway(home: home, environment: ["COACH_DBUS_SYSTEM_BUS_ADDRESS": bus.address])
        defer { _ = Task { try? await gateway.stop() } }
        #expect(try await coachRun(["start", "running", "--location", "outdoor"]).status == 0)
        func status() async -> [String: Any]? { json((try? await coachRun(["status", "--json"]))?.stdout ?? "") }
        // RSC: flags 0, speed in 1/256 m/s, cadence. 3 m/s at 170 spm, then standing (0 m/s).
        let running: [UInt8] = [0x00, 0x00, 0x03, 170], standing: [UInt8] = [0x00, 0x00, 0x00, 0]
        try await PrivateBlueZ.waitFor("the pod to connect") { (try? await bus.notify(pod, running)) == true }
        /// Sends `value` four times a second until `done` (or 20 s); returns how long that took.
        func send(_ value: [UInt8], until done: () async -> Bool) async throws -> Double {
            let start = ContinuousClock.now
            while await !done() {
                guard ContinuousClock.now - start < .seconds(20) else { break }
                _ = try await bus.notify(pod, value)
                try await Task.sleep(for: .milliseconds(250))
            }
            return (ContinuousClock.now - start) / .seconds(1)
        }
        for _ in 0..<6 {  // a moment of running first
            _ = try await bus.notify(pod, running)
            try await Task.sleep(for: .milliseconds(250))
        }
        await #expect(status()?["state"] as? String == "running")
        // Running: paused once the speed stayed below 0.8 m/s for 5 s — not before (wall time).
        let toPause = try await send(standing) { await status()?["autoPaused"] as? Bool == true }
        await #expect(status()?["state"] as? String == "paused")
        #expect(toPause >= 5 && toPause < 20, "paused after \(toPause) s")
        // Resumed after 3 s of movement.
        let toResume = try await send(running) { await status()?["state"] as? String == "running" }
        #expect(toResume >= 3 && toResume < 20, "resumed after \(toResume) s")
        await #expect(status()?["autoPaused"] == nil)
        try await PrivateBlueZ.waitFor("a cadence sample after the resume") {
            _ = try? await bus.notify(pod, running)
            let cadence = await (status()?["metrics"] as? [String: Any])?["cadence"] as? [String: Any]
            return cadence?["latest"] as? Double == 170
        }
        let cadence = await (status()?["metrics"] as? [String: Any])?["cadence"] as? [String: Any]
        #expect(cadence?["latest"] as? Double == 170)
        #expect(try await gateway.stop() == 0)
    }
}
