// `coach serve --wyoming` with the PyPI `wyoming` package as the client, as Home Assistant calls
// it (Tests/Support/wyoming/wyoming_client.py): describe → info (intent and handle, en and ja),
// recognize in English and Japanese → intent, a non-command → not-recognized, transcript → handled
// with the reply in the request's language (and the workout really started and paused), a
// non-command → not-handled, a malformed frame → an error event and that connection closed, the
// next connection served. Skipped only off CI when the venv lacks wyoming.

import CoachWire
import Foundation
import Testing

@Suite("Wyoming service", .serialized, .timeLimit(.minutes(2)))
struct WyomingServiceTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The test venv's Python when it has the wyoming package (./test installs it).
    static let python: String? = {
        let candidates = [ProcessInfo.processInfo.environment["COACH_TEST_PYTHON"], root.path + "/.venv/bin/python"]
        return candidates.compactMap { $0 }.first { path in
            FileManager.default.isExecutableFile(atPath: path) && (try? runProcessOnThisThread(path, ["-c", "import wyoming"]))?.status == 0
        }
    }()

    static var runs: Bool { python != nil || ProcessInfo.processInfo.environment["CI"] == "true" }

    @Test(.enabled(if: runs, "no venv with wyoming (./test installs it; CI never skips)"))
    func homeAssistantsClientIsAnswered() async throws {
        let python = try #require(Self.python, "no Python with the wyoming package: scripts/python-requirements.txt lists it, ./test installs it")
        let home = try ScratchHome()
        let port = try LoopbackPort.free()
        let gateway = try await BackgroundGateway(home: home, extraArguments: ["--countdown", "0", "--wyoming", "tcp://127.0.0.1:\(port)"])
        defer { gateway.killSoon() }

        let run = try await runProcess(python, [Self.root.path + "/Tests/Support/wyoming/wyoming_client.py", "127.0.0.1", String(port)])
        #expect(run.status == 0, "\(run.stderr)")
        let out = try JSONValue(parsing: run.stdout)
        #expect(out["intent_languages"] == ["en", "ja"])
        #expect(out["handle_languages"] == ["en", "ja"])

        #expect(out["recognize_en"]?["type"] == "intent")
        #expect(out["recognize_en"]?["name"] == "StartWorkout")
        #expect(out["recognize_en"]?["entities"]?.serialized().contains(#"{"name":"activity","value":"running"}"#) == true)
        #expect(out["recognize_en"]?["text"] == "start a 30 minute outdoor run")
        #expect(out["recognize_ja"]?["name"] == "StartWorkout")
        #expect(out["recognize_none"]?["type"] == "not-recognized")

        #expect(out["transcript_start"]?["type"] == "handled", "\(run.stdout)")
        #expect(out["transcript_start"]?["text"]?.stringValue?.isEmpty == false)
        #expect(out["transcript_pause_ja"]?["type"] == "handled")
        let japanese = out["transcript_pause_ja"]?["text"]?.stringValue ?? ""
        #expect(japanese.unicodeScalars.contains { $0.value >= 0x3040 }, "a Japanese reply: \(japanese)")
        #expect(out["transcript_none"]?["type"] == "not-handled")

        #expect(out["malformed"]?["type"] == "error")
        #expect(out["malformed"]?["code"] == "protocol-error")
        #expect(out["malformed"]?["closed"] == true)
        #expect(out["after"] == "info", "the next connection is served")

        let status = try JSONValue(parsing: try await runProcess(CoachBinary.located, ["status", "--format", "json", "--no-start"],
                                                           environment: home.environment).stdout)
        #expect(status["state"] == "paused", "the transcripts drove the real gateway: \(status.serialized())")
    }
}
