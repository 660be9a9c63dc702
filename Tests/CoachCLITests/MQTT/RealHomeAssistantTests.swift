// Coach against a real Home Assistant (2024.3.3 from PyPI, .venv-ha/, scripts/setup-tests): HA runs
// headless on a loopback port with a configuration this test makes (Tests/Support/home-assistant/
// ha_config.py: no onboarding, the MQTT integration's config entry pointed at the test's mosquitto,
// a long-lived token in HA's auth store), and the test reads HA's own REST API. One HA start serves
// every check, in order: the documented set-up (docs/integrations/home-assistant.md: its settings
// block, its permissions command, its dashboard card's entity ids) makes the entities HA lists with
// their names, units and device classes; a workout's heart rate reaches HA's state within 2 s; HA's
// button.press on the pause button pauses the real gateway; `coach lock` makes the metrics
// unavailable; a restarted HA whose retained discovery is gone gets it back from Coach on its birth
// message; a killed gateway's last will makes the entities unavailable. Never skipped: without
// Home Assistant the test fails and says why (the pip error scripts/setup-tests kept).

import CoachMQTT
import CoachWire
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite("A real Home Assistant", .serialized, .timeLimit(.minutes(10)))
struct RealHomeAssistantTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test func coachAsHomeAssistantSeesIt() async throws {
        let hass = try RealHomeAssistant.installed(root: Self.root)
        guard LoopbackMosquitto.installed else { Issue.record(Comment(rawValue: LoopbackMosquitto.missing)); return }
        let setup = try DocumentedSetup(markdown: String(contentsOf: Self.root.appendingPathComponent("docs/integrations/home-assistant.md"),
                                                         encoding: .utf8))
        let broker = try await LoopbackMosquitto()
        let home = try ScratchHome()
        try home.writeSettings(setup.settings(brokerURL: broker.url))
        let gateway = try await BackgroundGateway(home: home, extraArguments: ["--countdown", "0"],
                                                  log: home.root.appendingPathComponent("gateway.log").path)
        defer { gateway.killSoon() }
        let granted = try await HomeAssistantMQTTTests.coach(home, setup.permissions)
        #expect(granted.status == 0, "\(setup.permissions): \(granted.stderr)")

        let ha = try await hass.start(mqttPort: broker.port)
        defer { ha.stop() }
        #expect(try await ha.wait("sensor.coach_state", "idle", seconds: 60).ok, "Coach's device in HA: \(ha.log)")

        // The entities, as HA lists them.
        let states = try await ha.states("coach")
        for entity in setup.cardEntities {
            #expect(states[entity] != nil, "the documented card's \(entity) is an entity: \(states.keys.sorted())")
        }
        let heartRate = states["sensor.coach_heart_rate"]?["attributes"]
        #expect(heartRate?["friendly_name"] == "Coach Heart rate")
        #expect(heartRate?["unit_of_measurement"] == "bpm")
        #expect(states["sensor.coach_distance"]?["attributes"]?["device_class"] == "distance")
        #expect(states["sensor.coach_distance"]?["attributes"]?["unit_of_measurement"] == "m")
        #expect(states["sensor.coach_elapsed"]?["attributes"]?["device_class"] == "duration")
        #expect(states["sensor.coach_power"]?["attributes"]?["unit_of_measurement"] == "W")
        #expect(states["sensor.coach_state"]?["attributes"]?["device_class"] == "enum")
        // 2024.3's MQTT sensor takes no `options` (later releases list them); the payload that
        // carries them is still accepted, as this state shows.
        #expect(states["sensor.coach_state"]?["state"] == "idle")
        #expect(states["button.coach_pause"]?["attributes"]?["friendly_name"] == "Coach Pause")

        // A workout's heart rate in HA's state within 2 s.
        #expect(try await HomeAssistantMQTTTests.coach(home, ["start", "running"]).status == 0)
        #expect(try await HomeAssistantMQTTTests.coach(home, ["sample", "heartRate", "151"]).status == 0)
        let beat = try await ha.wait("sensor.coach_heart_rate", "151", seconds: 2)
        #expect(beat.ok, "heart rate in HA after \(beat.seconds) s: \(beat.state)")

        // HA's button.press on Coach's pause button pauses the real gateway.
        #expect(try await ha.press("button.coach_pause"))
        #expect(try await ha.wait("sensor.coach_state", "paused", seconds: 5).ok)
        let status = try JSONValue(parsing: try await HomeAssistantMQTTTests.coach(home, ["status", "--format", "json"]).stdout)
        #expect(status["state"] == "paused", "the gateway itself says paused: \(status.serialized())")

        // The lock: metrics unavailable in HA, the state still shown.
        #expect(try await HomeAssistantMQTTTests.coach(home, ["lock"]).status == 0)
        #expect(try await ha.wait("sensor.coach_heart_rate", "unavailable", seconds: 5).ok)
        #expect(try await ha.state("sensor.coach_state") == "paused")
        #expect(try await HomeAssistantMQTTTests.coach(home, ["unlock"]).status == 0)
        #expect(try await ha.wait("sensor.coach_heart_rate", "151", seconds: 5).ok)

        // HA restarts and the broker has lost the retained discovery: its birth message brings
        // Coach's entities back, Coach untouched.
        await ha.shutDown()
        for topic in HomeAssistantDevice(topics: MQTTTopics(nodeID: Self.nodeID(home))).discoveryMessages.map(\.topic) {
            try await broker.publish(topic, "", retain: true)
        }
        let again = try await hass.start(mqttPort: broker.port, reusing: ha)
        defer { again.stop() }
        #expect(try await again.wait("sensor.coach_state", "paused", seconds: 60).ok, "back after HA's restart: \(again.log)")
        #expect(try await again.wait("sensor.coach_heart_rate", "151", seconds: 5).ok)
        #expect(gateway.exitStatus == nil, "the same gateway throughout")

        // The gateway dies: its last will makes every entity unavailable.
        await gateway.killHard()
        #expect(try await again.wait("sensor.coach_state", "unavailable", seconds: 10).ok)
        #expect(try await again.state("button.coach_pause") == "unavailable")
        await again.shutDown()
        try? FileManager.default.removeItem(atPath: again.directory)
    }

    /// The gateway's default node id (`coach_<host name>`), from its log line.
    static func nodeID(_ home: ScratchHome) -> String {
        let log = HomeAssistantMQTTTests.log(home)
        guard let range = log.range(of: #"Home Assistant device [A-Za-z0-9_-]+"#, options: .regularExpression) else { return "coach" }
        return String(log[range].split(separator: " ").last!)
    }
}

/// The set-up docs/integrations/home-assistant.md gives, as a user would copy it.
struct DocumentedSetup {
    let settingsBlock: String
    let permissions: [String]
    let cardEntities: [String]

    init(markdown: String) throws {
        let blocks = markdown.components(separatedBy: "```").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        guard let settings = blocks.map(Self.dedented).first(where: { $0.hasPrefix("mqtt:\n  url:") }),
              let card = blocks.first(where: { $0.contains("type: entities") }),
              let grant = markdown.components(separatedBy: "\n").first(where: { $0.contains("coach permissions grant mqtt --read all") })
        else { throw TmuxError("docs/integrations/home-assistant.md lost its settings block, card or permissions line") }
        settingsBlock = settings
        permissions = Array(grant.trimmingCharacters(in: .whitespaces).components(separatedBy: "#")[0]
            .split(separator: " ").map(String.init).dropFirst())
        cardEntities = card.components(separatedBy: "\n").compactMap { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            return trimmed.hasPrefix("- ") && trimmed.contains(".coach_") ? String(trimmed.dropFirst(2)) : nil
        }
    }

    /// A fenced block's text without its language line and the indentation of its first line.
    static func dedented(_ block: String) -> String {
        let lines = block.components(separatedBy: "\n").dropFirst()
        let indent = lines.first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }?.prefix { $0 == " " }.count ?? 0
        return lines.map { String($0.dropFirst(min(indent, $0.prefix { $0 == " " }.count))) }.joined(separator: "\n")
    }

    /// The documented settings with the test's broker in place of the example's.
    func settings(brokerURL: String) -> String {
        settingsBlock.replacingOccurrences(of: #"url: \S+"#, with: "url: \(brokerURL)", options: .regularExpression)
    }
}

/// Home Assistant from .venv-ha/, started on a free loopback port with a made configuration.
struct RealHomeAssistant {
    let root: URL
    let hass: String

    /// The installed HA, or an error saying why there is none (never a skip).
    static func installed(root: URL) throws -> RealHomeAssistant {
        let venv = root.appendingPathComponent(".venv-ha")
        if let failed = try? String(contentsOf: venv.appendingPathComponent(".install-failed"), encoding: .utf8) {
            throw TmuxError("Home Assistant (scripts/python-requirements-homeassistant.txt) did not install here: \(failed)")
        }
        let hass = venv.appendingPathComponent("bin/hass").path
        guard FileManager.default.isExecutableFile(atPath: hass) else {
            throw TmuxError("no Home Assistant in .venv-ha/: scripts/setup-tests installs scripts/python-requirements-homeassistant.txt (./test runs it)")
        }
        return RealHomeAssistant(root: root, hass: hass)
    }

    /// Makes a configuration (or reuses a stopped instance's) and starts HA; returns once the API answers.
    func start(mqttPort: Int, reusing previous: RunningHomeAssistant? = nil) async throws -> RunningHomeAssistant {
        let directory: String, port: Int, token: String
        if let previous {
            (directory, port, token) = (previous.directory, previous.port, previous.token)
        } else {
            directory = NSTemporaryDirectory() + "coach-ha-\(UUID().uuidString.prefix(8))"
            port = try LoopbackPort.free()
            let made = try await runProcess("/usr/bin/python3", [root.path + "/Tests/Support/home-assistant/ha_config.py", directory,
                                                                 String(port), String(mqttPort)])
            guard made.status == 0 else { throw TmuxError("ha_config.py: \(made.stderr)") }
            token = made.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let log = open(directory + "/hass.out", O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        defer { close(log) }
        let child = try await ChildProcess.spawn([hass, "-c", directory, "--skip-pip"], stdout: log, stderr: log)
        let running = RunningHomeAssistant(root: root, directory: directory, port: port, token: token, child: child)
        let ready = try await running.api(["ready", "240"])
        guard ready["ok"] == true else {
            running.stop()
            throw TmuxError("Home Assistant did not answer on 127.0.0.1:\(port) within 240 s: \(running.log)")
        }
        return running
    }
}

final class RunningHomeAssistant: Sendable {
    let root: URL
    let directory: String
    let port: Int
    let token: String
    let child: Child

    init(root: URL, directory: String, port: Int, token: String, child: Child) {
        self.root = root
        self.directory = directory
        self.port = port
        self.token = token
        self.child = child
    }

    var log: String {
        let text = (try? String(contentsOfFile: directory + "/home-assistant.log", encoding: .utf8))
            ?? (try? String(contentsOfFile: directory + "/hass.out", encoding: .utf8)) ?? ""
        return String(text.suffix(3000))
    }

    func api(_ arguments: [String]) async throws -> JSONValue {
        let run = try await runProcess("/usr/bin/python3", [root.path + "/Tests/Support/home-assistant/ha_api.py", "http://127.0.0.1:\(port)", token]
            + arguments)
        guard run.status == 0 else { throw TmuxError("ha_api.py \(arguments): \(run.stderr)") }
        return try JSONValue(parsing: run.stdout)
    }

    func states(_ containing: String) async throws -> [String: JSONValue] {
        guard case .object(let members) = try await api(["states", containing]) else { return [:] }
        return Dictionary(uniqueKeysWithValues: members)
    }

    func state(_ entity: String) async throws -> String? { try await api(["wait", entity, "", "0"])["state"]?.stringValue }

    func wait(_ entity: String, _ state: String, seconds: Double) async throws -> (ok: Bool, seconds: Double, state: String) {
        let result = try await api(["wait", entity, state, String(seconds)])
        return (result["ok"] == true, result["seconds"]?.doubleValue ?? -1, result["state"]?.stringValue ?? "none")
    }

    func press(_ entity: String) async throws -> Bool { try await api(["press", entity])["ok"] == true }

    /// SIGTERM and waits: HA saves its registries and says goodbye on MQTT.
    func shutDown() async { _ = await ChildProcess.terminate(child, grace: .seconds(30)) }

    func stop() {
        ChildProcess.terminateSoon(child, grace: .seconds(10))
    }
}
