// A broker that disappears mid-workout (#31): mosquitto is SIGKILLed while a workout runs and
// samples keep coming; the gateway's socket answers at once throughout, the feed keeps moving, the
// store keeps every sample, and once mosquitto is back (empty: no persistence) the gateway has
// put discovery, availability and the current state on it again within 2 s. Then MQTT turned off:
// the next gateway removes the device (an empty retained config).

import CoachMQTT
import CoachWire
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite("MQTT broker outage", .serialized, .timeLimit(.minutes(3)))
struct BrokerOutageTests {
    static let topics = HomeAssistantMQTTTests.topics

    static func coach(_ home: ScratchHome, _ arguments: [String]) async throws -> ProcessResult {
        try await HomeAssistantMQTTTests.coach(home, arguments)
    }

    /// A command's JSON output, or an error with what it and the gateway said.
    static func json(_ home: ScratchHome, _ arguments: [String]) async throws -> JSONValue {
        // history and show read the store themselves (they take no --no-start).
        let result = ["history", "show"].contains(arguments[0])
            ? try await runProcess(CoachBinary.located, arguments, environment: home.environment) : try await coach(home, arguments)
        do { return try JSONValue(parsing: result.stdout) } catch {
            throw TmuxError("coach \(arguments.joined(separator: " ")): exit \(result.status) \(result.stderr) — gateway: \(HomeAssistantMQTTTests.log(home))")
        }
    }

    /// A one-shot command, timed: the socket must answer while the broker is gone.
    static func timed(_ home: ScratchHome, _ arguments: [String]) async throws -> (ProcessResult, Double) {
        let start = Date()
        let result = try await coach(home, arguments)
        return (result, Date().timeIntervalSince(start))
    }

    @Test(.enabled(if: LoopbackMosquitto.runs, "mosquitto is not installed (./test installs it; CI never skips)"))
    func killedAndRestartedMidWorkoutNothingIsLostAndStateIsRepublished() async throws {
        guard LoopbackMosquitto.installed else { Issue.record(Comment(rawValue: LoopbackMosquitto.missing)); return }
        let (broker, reader, home, gateway) = try await HomeAssistantMQTTTests.rig()
        defer { gateway.killSoon() }
        #expect(try await Self.coach(home, ["start", "running"]).status == 0)
        var sent = 0
        for beat in 0..<5 {
            #expect(try await Self.coach(home, ["sample", "heartRate", String(130 + beat)]).status == 0)
            sent += 1
        }
        #expect(await reader.wait(for: Self.topics.state) { HomeAssistantMQTTTests.field($0, "heart_rate") == 134 } != nil)

        await broker.kill()
        let before = try await Self.json(home, ["status", "--format", "json"])["elapsed"]?.doubleValue ?? -1
        var slowest = 0.0
        for beat in 0..<10 {
            let (result, seconds) = try await Self.timed(home, ["sample", "heartRate", String(150 + beat)])
            #expect(result.status == 0, "\(result.stderr)")
            slowest = max(slowest, seconds)
            sent += 1
            try await Task.sleep(for: .milliseconds(150))
        }
        let (statusResult, statusSeconds) = try await Self.timed(home, ["status", "--format", "json"])
        let during = try JSONValue(parsing: statusResult.stdout)
        #expect(during["state"] == "running")
        #expect((during["elapsed"]?.doubleValue ?? 0) > before, "the workout's time moves on without the broker")
        // A one-shot command is a process start and a round trip; seconds would mean the gateway waited.
        #expect(max(slowest, statusSeconds) < 2, "slowest command while the broker was gone: \(max(slowest, statusSeconds)) s")

        // Back, empty: the gateway puts everything there again.
        try await broker.start()
        let back = ContinuousClock.now
        let fresh = try await MQTTReader(broker)
        let republished = await fresh.wait(for: Self.topics.state, timeout: .seconds(60)) {
            HomeAssistantMQTTTests.field($0, "heart_rate") == 159
        }
        let took = ContinuousClock.now - back
        #expect(republished != nil, "no state after the restart: \(fresh.messages.map(\.topic)) \(broker.log)")
        print("mqtt: state republished \(took) after the broker returned")
        #expect(took <= .seconds(2), "state republished \(took) after the broker returned")
        #expect(try await broker.retained(Self.topics.heartRateDiscovery) != nil, "discovery again")
        #expect(try await broker.retained(Self.topics.availability) == "online")

        // The store has every sample, the ones sent while the broker was gone too.
        #expect(try await Self.coach(home, ["end", "--save"]).status == 0)  // kept even if under 5 s
        let history = try await Self.json(home, ["history", "--json"])
        guard case .array(let workouts) = history, let id = workouts.first?["id"]?.stringValue else {
            Issue.record("no saved workout: \(history.serialized())")
            return
        }
        let shown = try await Self.json(home, ["show", id, "--json"])
        guard case .array(let statistics)? = shown["statistics"],
              let heart = statistics.first(where: { $0["type"]?.stringValue == "heartRate" }) else {
            Issue.record("no heart-rate statistics")
            return
        }
        #expect(heart["count"]?.intValue == sent, "\(heart.serialized())")
        _ = reader
    }

    @Test(.enabled(if: LoopbackMosquitto.runs, "mosquitto is not installed (./test installs it; CI never skips)"))
    func turningMQTTOffRemovesTheDevice() async throws {
        guard LoopbackMosquitto.installed else { Issue.record(Comment(rawValue: LoopbackMosquitto.missing)); return }
        let (broker, _, home, gateway) = try await HomeAssistantMQTTTests.rig(grant: false)
        #expect(try await broker.retained(Self.topics.heartRateDiscovery, wait: 5) != nil)
        #expect(try await gateway.stop() == 0)
        let remembered = home.root.appendingPathComponent("state/coach/mqtt-device.json").path
        #expect(FileManager.default.fileExists(atPath: remembered))

        // Without --mqtt and without mqtt.url: MQTT is off, and the device goes from Home Assistant.
        let next = try await BackgroundGateway(home: home)
        defer { next.killSoon() }
        let deadline = ContinuousClock.now + .seconds(20)  // a loaded machine: removal is its own connection
        // The state is emptied last: once it is gone, every config before it is too.
        while try await broker.retained(Self.topics.state, wait: 1) != nil, ContinuousClock.now < deadline {}
        #expect(try await broker.retained(Self.topics.heartRateDiscovery, wait: 1) == nil, "the retained config is gone")
        #expect(try await broker.retained(Self.topics.state, wait: 1) == nil)
        while FileManager.default.fileExists(atPath: remembered), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(!FileManager.default.fileExists(atPath: remembered), "forgotten once removed")
    }

    @Test func withoutLibmosquittoTheGatewayRunsOnAndSaysWhatToInstall() async throws {
        let home = try ScratchHome()
        let log = home.root.appendingPathComponent("gateway.log").path
        let gateway = try await BackgroundGateway(home: home, extraArguments: ["--countdown", "0", "--mqtt", "mqtt://127.0.0.1:9"],
                                                  environment: ["COACH_NATIVE_LIBS": "none"], log: log)
        defer { gateway.killSoon() }
        #expect(try await Self.coach(home, ["start", "running"]).status == 0)
        #expect(await HomeAssistantMQTTTests.logSays(home, "continuing without MQTT"), "\(HomeAssistantMQTTTests.log(home))")
        #expect(HomeAssistantMQTTTests.log(home).contains("libmosquitto1"))
        let doctor = try await runProcess(CoachBinary.located, ["doctor"], environment: home.environment.merging(["COACH_NATIVE_LIBS": "none"]) { $1 })
        #expect(doctor.stdout.contains("Home Assistant over MQTT"))
        #expect(doctor.stdout.contains("libmosquitto1"))
    }
}
