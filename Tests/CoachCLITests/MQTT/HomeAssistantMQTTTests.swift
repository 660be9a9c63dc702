// Home Assistant over a real mosquitto (#31): `coach serve --mqtt` against a broker this test
// starts on a loopback port, read and written with mosquitto_sub/mosquitto_pub as Home Assistant
// would. Discovery retained and equal to the unit-tested payload, availability with a last will,
// state on change and at most once a second, buttons that pause and resume the real gateway, a
// press that cannot apply answered on the result topic, the lock making metrics unavailable, HA's
// birth message answered with discovery, and `offline` when the gateway stops. Skipped only off
// CI when mosquitto is missing; in CI (CI=true) a missing broker fails.

import CoachMQTT
import CoachWire
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite("Home Assistant over MQTT", .serialized, .timeLimit(.minutes(3)))
struct HomeAssistantMQTTTests {
    static let node = "coach_test"
    static let topics = MQTTTopics(prefix: "homeassistant", nodeID: node)

    static func coach(_ home: ScratchHome, _ arguments: [String]) async throws -> ProcessResult {
        try await runProcess(CoachBinary.located, arguments + ["--no-start"], environment: home.environment)
    }

    /// A broker, a reader on every topic, and a gateway publishing to it with `mqtt` allowed to read.
    static func rig(grant: Bool = true) async throws -> (LoopbackMosquitto, MQTTReader, ScratchHome, BackgroundGateway) {
        let broker = try await LoopbackMosquitto()
        let reader = try await MQTTReader(broker)
        let home = try ScratchHome()
        try home.writeSettings("mqtt:\n  node_id: \(node)\n")
        let gateway = try await BackgroundGateway(home: home, extraArguments: ["--countdown", "0", "--mqtt", broker.url],
                                                  log: home.root.appendingPathComponent("gateway.log").path)
        if grant {
            let granted = try await coach(home, ["permissions", "grant", "mqtt", "--read", "all"])
            #expect(granted.status == 0, "\(granted.stderr)")
        }
        return (broker, reader, home, gateway)
    }

    static func log(_ home: ScratchHome) -> String {
        (try? String(contentsOfFile: home.root.appendingPathComponent("gateway.log").path, encoding: .utf8)) ?? ""
    }

    /// Whether the gateway's log says `text` within 5 s (the socket answers before start-up's last lines).
    static func logSays(_ home: ScratchHome, _ text: String) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(5)
        while !log(home).contains(text), ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(20)) }
        return log(home).contains(text)
    }

    static func field(_ payload: String, _ key: String) -> JSONValue? { (try? JSONValue(parsing: payload))?[key] }

    @Test(.enabled(if: LoopbackMosquitto.runs, "mosquitto is not installed (./test installs it; CI never skips)"))
    func discoveryIsRetainedAndWellFormedAndAvailabilityHasALastWill() async throws {
        guard LoopbackMosquitto.installed else { Issue.record(Comment(rawValue: LoopbackMosquitto.missing)); return }
        let (broker, reader, home, gateway) = try await Self.rig()
        defer { gateway.killSoon() }

        let config = try #require(try await broker.retained(Self.topics.heartRateDiscovery, wait: 5), "no retained discovery: \(broker.log)")
        #expect(config == HomeAssistantDevice(topics: Self.topics, name: "Coach", version: CoachVersion.current).discoveryText("heart_rate"))
        let parsed = try JSONValue(parsing: config)
        #expect(parsed["device"]?["identifiers"] == .array([.string(Self.node)]))
        #expect(parsed["origin"]?["name"] == "coach")
        let pause = try #require(try await broker.retained(Self.topics.discovery(component: "button", objectID: "pause")))
        #expect(try JSONValue(parsing: pause)["command_topic"] == .string(Self.topics.command))
        #expect(try await broker.retained(Self.topics.deviceDiscovery, wait: 1) == nil, "no device-based message beside them")
        #expect(try await broker.retained(Self.topics.availability) == "online")
        #expect(await Self.logSays(home, "coach mqtt: Home Assistant device \(Self.node)"), "\(Self.log(home))")

        // Home Assistant's birth message: discovery again (a restarted HA forgot it).
        let before = reader.on(Self.topics.heartRateDiscovery).count
        try await broker.publish(Self.topics.homeAssistantStatus, "online")
        #expect(await reader.wait(for: Self.topics.heartRateDiscovery, timeout: .seconds(60), after: before) != nil, "discovery after the birth message")

        // A gateway that stops says offline (retained); one that dies leaves its last will.
        #expect(try await gateway.stop() == 0)
        #expect(try await broker.retained(Self.topics.availability) == "offline")
    }

    /// `mqtt.language: ja` names the entities in Japanese (Intents/ja's `homeAssistant:`).
    @Test(.enabled(if: LoopbackMosquitto.runs, "mosquitto is not installed (./test installs it; CI never skips)"))
    func theEntitiesAreNamedInTheLanguageTheSettingsSay() async throws {
        guard LoopbackMosquitto.installed else { Issue.record(Comment(rawValue: LoopbackMosquitto.missing)); return }
        let broker = try await LoopbackMosquitto()
        let home = try ScratchHome()
        try home.writeSettings("mqtt:\n  node_id: \(Self.node)\n  language: ja\n")
        let gateway = try await BackgroundGateway(home: home, extraArguments: ["--countdown", "0", "--mqtt", broker.url],
                                                  log: home.root.appendingPathComponent("gateway.log").path)
        defer { gateway.killSoon() }
        let config = try #require(try await broker.retained(Self.topics.heartRateDiscovery, wait: 60), "no retained discovery: \(broker.log)")
        #expect(Self.field(config, "name") == "心拍数", "\(config)")
        #expect(config == HomeAssistantDevice(topics: Self.topics, name: "Coach", version: CoachVersion.current, language: .ja)
            .discoveryText("heart_rate"))
        #expect(try await gateway.stop() == 0)
    }

    @Test(.enabled(if: LoopbackMosquitto.runs, "mosquitto is not installed (./test installs it; CI never skips)"))
    func stateFollowsTheWorkoutButtonsPauseAndResumeAndTheLockHidesMetrics() async throws {
        guard LoopbackMosquitto.installed else { Issue.record(Comment(rawValue: LoopbackMosquitto.missing)); return }
        let (broker, reader, home, gateway) = try await Self.rig()
        defer { gateway.killSoon() }
        let state = Self.topics.state

        #expect(try await Self.coach(home, ["start", "running"]).status == 0)
        #expect(try await Self.coach(home, ["sample", "heartRate", "142"]).status == 0)
        let running = await reader.wait(for: state) { Self.field($0, "state") == "running" && Self.field($0, "heart_rate") == 142 }
        #expect(running != nil, "state with the heart rate: \(reader.on(state).map(\.payload))")
        #expect(running?.retained == false)
        let retainedState = try await broker.retained(state) ?? ""
        #expect(Self.field(retainedState, "activity") == "running", "the state is retained")

        // A button press pauses the real gateway, and says so on the result topic.
        try await broker.publish(Self.topics.command, "pause")
        #expect(await reader.wait(for: state) { Self.field($0, "state") == "paused" } != nil)
        let status = try JSONValue(parsing: try await Self.coach(home, ["status", "--format", "json"]).stdout)
        #expect(status["state"] == "paused", "\(status.serialized())")
        let paused = await reader.wait(for: Self.topics.result) { Self.field($0, "command") == "pause" }
        #expect(paused.map { Self.field($0.payload, "ok") } == .bool(true), "\(reader.on(Self.topics.result).map(\.payload))")

        // A press that cannot apply is answered, with the gateway's code and words.
        try await broker.publish(Self.topics.command, "pause")
        let refused = await reader.wait(for: Self.topics.result, after: 1)
        #expect(refused.map { Self.field($0.payload, "code") } == .string("failureNoMatchingWorkout"), "\(refused?.payload ?? "none")")
        #expect(refused.map { Self.field($0.payload, "message")?.stringValue?.isEmpty == false } == true)

        try await broker.publish(Self.topics.command, "resume")
        #expect(await reader.wait(for: state) { Self.field($0, "state") == "running" && reader.on(Self.topics.result).count >= 3 } != nil)

        // Locked: every metric unavailable, state and elapsed stay.
        #expect(try await Self.coach(home, ["lock"]).status == 0)
        let locked = await reader.wait(for: state) { Self.field($0, "locked") == true }
        let lockedPayload = try #require(locked?.payload, "no locked state: \(reader.on(state).suffix(3).map(\.payload))")
        for key in HomeAssistantDevice.metricKeys { #expect(Self.field(lockedPayload, key) == "unavailable", "\(key)") }
        #expect(Self.field(lockedPayload, "state") == "running")
        #expect(Self.field(lockedPayload, "elapsed")?.doubleValue != nil)
        #expect(try await Self.coach(home, ["unlock"]).status == 0)
        #expect(await reader.wait(for: state) { Self.field($0, "locked") == false && Self.field($0, "heart_rate") != "unavailable" } != nil)

        // At most once a second while running, though samples come every 100 ms.
        // (Arrival times at the reader: a late delivery can shorten one gap, so the bound is half.)
        let from = reader.on(state).count
        let started = Date()
        for beat in 0..<25 {
            _ = try await Self.coach(home, ["sample", "heartRate", String(120 + beat)])
            try await Task.sleep(for: .milliseconds(100))
        }
        let seconds = Date().timeIntervalSince(started)
        let burst = Array(reader.on(state).dropFirst(from))
        #expect(!burst.isEmpty)
        #expect(Double(burst.count) <= seconds + 2, "\(burst.count) states in \(seconds) s")
        for (earlier, later) in zip(burst, burst.dropFirst()) {
            #expect(later.at - earlier.at >= 0.5, "two states \(later.at - earlier.at) s apart")
        }
        _ = home
    }

    @Test(.enabled(if: LoopbackMosquitto.runs, "mosquitto is not installed (./test installs it; CI never skips)"))
    func withoutMQTTPermissionMetricsStayUnavailable() async throws {
        guard LoopbackMosquitto.installed else { Issue.record(Comment(rawValue: LoopbackMosquitto.missing)); return }
        let (broker, reader, home, gateway) = try await Self.rig(grant: false)
        defer { gateway.killSoon() }
        defer { withExtendedLifetime(broker) {} }
        #expect(try await Self.coach(home, ["start", "running"]).status == 0)
        #expect(try await Self.coach(home, ["sample", "heartRate", "130"]).status == 0)
        let seen = await reader.wait(for: Self.topics.state) { Self.field($0, "state") == "running" }
        #expect(seen.map { Self.field($0.payload, "heart_rate") } == .string("unavailable"),
                "\(reader.on(Self.topics.state).map(\.payload)) \(Self.log(home))")
        #expect(seen.map { Self.field($0.payload, "elapsed")?.doubleValue != nil } == true)
        #expect(await Self.logSays(home, "coach permissions grant mqtt --read all"), "\(Self.log(home))")
    }
}
