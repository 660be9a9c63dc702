// Issue 33 items 1 and 2 end to end: a wheel sensor and a power meter on an indoor trainer ride,
// through a real D-Bus daemon and the mock bluetoothd (PrivateBlueZ): wheel revolutions become
// cyclingSpeed and distanceCycling samples (2 105 mm a revolution by default), the distance counts
// without a route, power generates the active energy, and `coach show` says where each came from.

import CoachWire
import Foundation
import Testing

@Suite("Sensor speed, distance and generated energy through BlueZ", .serialized)
struct SensorSpeedEnergyTests {
    func json(_ text: String) -> [String: Any]? {
        try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
    }

    /// CSC Measurement with wheel data: flags 1, revolutions (u32), event time (u16, 1/1024 s).
    func wheel(_ revolutions: UInt32, time: UInt16) -> [UInt8] {
        [0x01] + withUnsafeBytes(of: revolutions.littleEndian, Array.init) + withUnsafeBytes(of: time.littleEndian, Array.init)
    }

    @Test func anIndoorRideRecordsSpeedDistanceAndGeneratedEnergyWithoutARoute() async throws {
        let coach = try #require(CoachBinary.path())
        let bus = try await PrivateBlueZ()
        let wheelSensor = "D0:11:22:33:44:55", meter = "F1:22:33:44:55:66"
        try await bus.addDevice(wheelSensor, name: "Wheel-Test", kind: "csc", known: true)
        try await bus.addDevice(meter, name: "PM-Test", kind: "power", known: true)
        let home = try ScratchHome()
        let environment = home.environment.merging(["COACH_DBUS_SYSTEM_BUS_ADDRESS": bus.address]) { $1 }
        func coachRun(_ arguments: [String]) async throws -> ProcessResult { try await runProcess(coach, arguments, environment: environment) }
        #expect(try await coachRun(["sensor", "add", wheelSensor, "--as", "speed", "--no-start"]).status == 0)
        #expect(try await coachRun(["sensor", "add", meter, "--as", "power", "--no-start"]).status == 0)

        let gateway = try await BackgroundGateway(home: home, environment: ["COACH_DBUS_SYSTEM_BUS_ADDRESS": bus.address])
        defer { _ = Task { try? await gateway.stop() } }
        #expect(try await coachRun(["start", "cycling", "--location", "indoor"]).status == 0)
        func metrics() async -> [String: Any] {
            (json((try? await coachRun(["status", "--json"]))?.stdout ?? "")?["metrics"] as? [String: Any]) ?? [:]
        }
        func metric(_ name: String, _ key: String) async -> Double? { (await metrics()[name] as? [String: Any])?[key] as? Double }

        // Both connect; then 4 wheel revolutions each sensor second, and 200 W, once a wall second.
        try await PrivateBlueZ.waitFor("the wheel sensor to connect") { (try? await bus.notify(wheelSensor, wheel(1000, time: 0))) == true }
        try await PrivateBlueZ.waitFor("the power meter to connect") { (try? await bus.notify(meter, [0x00, 0x00, 200, 0x00])) == true }
        for step in 1...5 {
            try await Task.sleep(for: .milliseconds(1050))
            #expect(try await bus.notify(wheelSensor, wheel(1000 + UInt32(step) * 4, time: UInt16(step * 1024))))
            #expect(try await bus.notify(meter, [0x00, 0x00, 200, 0x00]))
        }
        // 5 steps of 4 revolutions × 2.105 m = 42.1 m, at 8.42 m/s.
        try await PrivateBlueZ.waitFor("42.1 m of sensor distance") {
            abs((await metric("distanceCycling", "total") ?? 0) - 42.1) < 1e-6
        }
        #expect(abs((await metric("cyclingSpeed", "latest") ?? 0) - 8.42) < 1e-9)
        #expect(abs((await metric("distance", "total") ?? 0) - 42.1) < 1e-6, "the workout's distance is the sensor's")
        // Power generates the energy: 200 W from the meter's first value on (1 kJ of work ≈ 1 kcal),
        // so at least the 5 s of steps, at most the workout's whole elapsed time — wall time, which
        // a loaded machine stretches (101 s for this test once), so the bound follows it.
        let status = try #require(json(try await coachRun(["status", "--json"]).stdout))
        let elapsed = try #require(status["elapsed"] as? Double)
        let energy = try #require(((status["metrics"] as? [String: Any])?["activeEnergy"] as? [String: Any])?["total"] as? Double)
        #expect(energy > 0.5 && energy <= 0.2 * elapsed + 0.2, "\(energy) kcal in \(elapsed) s")
        let workoutID = try #require(status["id"] as? String)
        #expect(try await coachRun(["end", "--save"]).status == 0)
        #expect(try await gateway.stop() == 0)

        let shown = try await coachRun(["show", workoutID])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("Distance  42 m from the sensor"), "\(shown.stdout)")
        #expect(!shown.stdout.contains("route is not counted"), "an indoor ride has no route")
        // Five speeds and five distances: the first wheel value is only the baseline.
        #expect(shown.stdout.contains("(Wheel-Test): 5 cyclingSpeed, 5 distanceCycling"), "\(shown.stdout)")
        #expect(shown.stdout.contains(", generated from power: "), "\(shown.stdout)")
        let shownJSON = try #require(json(try await coachRun(["show", workoutID, "--json"]).stdout))
        #expect(shownJSON["distanceSource"] as? String == "sensor")
        let tcx = try await coachRun(["export", workoutID, "--format", "tcx"])
        #expect(tcx.status == 0 && tcx.stdout.contains("<ns3:Speed>8.42</ns3:Speed>") && !tcx.stdout.contains("<Position>"), "\(tcx.stderr)")
    }

    @Test func aStrapsEnergyExpendedIsTheEnergyWhenThereIsNoPower() async throws {
        let coach = try #require(CoachBinary.path())
        let bus = try await PrivateBlueZ()
        let strap = "C0:FF:EE:00:00:01"
        try await bus.addDevice(strap, name: "HRM-Test", kind: "heartRate", known: true)
        let home = try ScratchHome()
        // A full profile: heart rate alone could generate energy, but the strap's own figure wins.
        try home.writeSettings("profile:\n  weight: 80\n  age: 35\n  sex: male\n")
        let environment = home.environment.merging(["COACH_DBUS_SYSTEM_BUS_ADDRESS": bus.address]) { $1 }
        func coachRun(_ arguments: [String]) async throws -> ProcessResult { try await runProcess(coach, arguments, environment: environment) }
        #expect(try await coachRun(["sensor", "add", strap, "--no-start"]).status == 0)
        let gateway = try await BackgroundGateway(home: home, environment: ["COACH_DBUS_SYSTEM_BUS_ADDRESS": bus.address])
        defer { _ = Task { try? await gateway.stop() } }
        #expect(try await coachRun(["start", "running", "--location", "indoor"]).status == 0)
        // Heart Rate Measurement with Energy Expended (flags bit 3): 150 bpm, 100 kJ, then 120 kJ.
        try await PrivateBlueZ.waitFor("the strap to connect") { (try? await bus.notify(strap, [0x08, 150, 100, 0])) == true }
        try await Task.sleep(for: .milliseconds(1100))
        #expect(try await bus.notify(strap, [0x08, 150, 120, 0]))
        func energy() async -> Double? {
            let metrics = json((try? await coachRun(["status", "--json"]))?.stdout ?? "")?["metrics"] as? [String: Any]
            return (metrics?["activeEnergy"] as? [String: Any])?["total"] as? Double
        }
        // 20 kJ ÷ 4.184 = 4.780 kcal; heart rate generates nothing while the strap's figure is fresh.
        try await PrivateBlueZ.waitFor("the strap's 20 kJ as energy") { abs((await energy() ?? 0) - 20 / 4.184) < 1e-9 }
        let workoutID = try #require(json(try await coachRun(["status", "--json"]).stdout)?["id"] as? String)
        #expect(try await coachRun(["end", "--save"]).status == 0)
        #expect(try await gateway.stop() == 0)
        let shown = try await coachRun(["show", workoutID])
        #expect(shown.stdout.contains(", generated from energyExpended: 1 activeEnergy"), "\(shown.stdout)")
        #expect(!shown.stdout.contains("generated from heartRate"), "\(shown.stdout)")
    }
}
