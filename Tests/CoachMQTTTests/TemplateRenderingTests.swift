// The discovery payload's templates rendered with Jinja2's sandbox, the engine Home Assistant's
// templates run on (Tests/Support/home-assistant/render_templates.py), against real state
// payloads: a running workout shows its values, a metric with no reading is unknown, a locked or
// withheld metric is unavailable (never a number error), state and elapsed stay available.

import CoachCore
import CoachMQTT
import CoachWire
import Foundation
import Testing

@Suite struct TemplateRenderingTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The test venv's Python (./test makes it), else the system's; nil when neither has jinja2.
    static let python: String? = {
        let candidates = [ProcessInfo.processInfo.environment["COACH_TEST_PYTHON"], root.path + "/.venv/bin/python", "/usr/bin/python3"]
        return candidates.compactMap { $0 }.first { path in
            guard FileManager.default.isExecutableFile(atPath: path) else { return false }
            return (try? run(path, ["-c", "import jinja2"], input: Data()))?.status == 0
        }
    }()

    static var runs: Bool { python != nil || ProcessInfo.processInfo.environment["CI"] == "true" }

    static func run(_ executable: String, _ arguments: [String], input: Data) throws -> (status: Int32, stdout: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        stdin.fileHandleForWriting.write(input)
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    @Test(.enabled(if: runs, "no Python with jinja2 (./test installs it; CI never skips)"))
    func templatesRenderAsHomeAssistantWouldShowThem() throws {
        let python = try #require(Self.python, "no Python with jinja2: scripts/python-requirements.txt lists it and ./test installs it")
        let device = HomeAssistantDevice(topics: MQTTTopics(nodeID: "n1"), version: "1")
        let running = HomeAssistantStateTests.content()
        let states = [
            HomeAssistantState(content: running, readable: { _ in true }),
            HomeAssistantState(content: HomeAssistantStateTests.content(locked: true), readable: { _ in true }),
            HomeAssistantState(content: running, readable: { $0 == .quantity(.heartRate) }),
            HomeAssistantState(content: .idle(), readable: { _ in true }),
        ]
        let messages = device.discoveryMessages.map { JSONValue.object([("topic", .string($0.topic)), ("payload", $0.payload)]) }
        let request = JSONValue.object([("discovery", .array(messages)),
                                        ("states", .array(states.map { .string($0.text) }))])
        let result = try Self.run(python, [Self.root.path + "/Tests/Support/home-assistant/render_templates.py"],
                                  input: Data(request.serialized().utf8))
        #expect(result.status == 0)
        guard case .array(let rendered) = try JSONValue(parsing: result.stdout), rendered.count == 4 else {
            Issue.record("renderer said: \(result.stdout)")
            return
        }
        let (unlocked, locked, heartRateOnly, idle) = (rendered[0], rendered[1], rendered[2], rendered[3])

        #expect(unlocked["state"]?["value"] == "running")
        #expect(unlocked["activity"]?["value"] == "running")
        #expect(unlocked["elapsed"]?["value"] == "125")
        #expect(unlocked["heart_rate"]?["value"] == "142")
        #expect(unlocked["distance"]?["value"] == "1234.6")
        #expect(unlocked["pace"]?["value"] == "5:12 /km")
        #expect(unlocked["goal_progress"]?["value"] == "41.2")
        #expect(unlocked["power"]?["value"] == .null, "no reading: unknown")
        #expect(unlocked["power"]?["available"] == true)

        for key in HomeAssistantDevice.metricKeys {
            #expect(locked[key]?["available"] == false, "\(key) unavailable while locked")
            #expect(locked[key]?["value"] == .null, "\(key) never rendered as a number")
        }
        for key in ["state", "elapsed", "activity"] { #expect(locked[key]?["available"] == true, "\(key)") }
        #expect(locked["elapsed"]?["value"] == "125")

        #expect(heartRateOnly["heart_rate"]?["available"] == true)
        #expect(heartRateOnly["distance"]?["available"] == false)

        #expect(idle["state"]?["value"] == "idle")
        #expect(idle["activity"]?["value"] == .null)
    }
}
