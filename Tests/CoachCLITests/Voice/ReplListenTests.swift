// REPL `/listen on FILE` typed into a real terminal (tmux): a command spoken in a WAV file (made by
// espeak-ng at test time) is shown as if typed, marked as heard, and runs exactly as a typed line;
// the end of the file is said. Only what can apply is heard: idle, "pause my workout" is not.
// `/listen` is parsed like the other slash commands.

@testable import coach
import Foundation
import Testing

@Suite(.serialized) struct ReplListenTests {
    @Test func aCommandHeardFromAFileRunsAsIfTyped() async throws {
        let home = try ScratchHome()
        let wav = home.root.appendingPathComponent("pause.wav").path
        let synth = try await runProcess("/usr/bin/espeak-ng", ["-w", wav, "pause my workout"])
        try #require(synth.status == 0, "espeak-ng failed: \(synth.stderr)")

        let tmux = try await TmuxSession(home: home)
        try await tmux.waitFor(lastLine: "coach>")
        // Idle, a pause cannot apply: it is not heard (the grammar follows the state, as `coach
        // listen`'s does), so nothing is typed for it.
        try await tmux.type("/listen on \(wav)")
        try await tmux.press("Enter")
        let idle = try await tmux.waitFor(text: "Finished listening to \(wav).", timeout: .seconds(240))
        #expect(!idle.contains { $0.hasSuffix("(heard)") }, "\(idle)")
        try await tmux.type("start a run")
        try await tmux.press("Enter")
        try await tmux.waitFor(text: "Starting your run.")
        try await tmux.waitFor(text: "Go!")
        try await tmux.type("/listen on \(wav)")
        try await tmux.press("Enter")
        try await tmux.waitFor(text: "Listening to \(wav).")
        // What was heard is a line of its own, as typed, and the gateway's reply follows it.
        let lines = try await tmux.waitFor(text: "Paused your run.", timeout: .seconds(240))
        let heard = try #require(lines.firstIndex { $0.hasPrefix("coach> ") && $0.hasSuffix("(heard)") }, "\(lines)")
        #expect(lines[(heard + 1)...].contains("Paused your run."), "\(lines)")

        try await tmux.type("/status")
        try await tmux.press("Enter")
        try await tmux.waitFor(text: "is paused")
    }

    @Test func listenTakesOnWithAnOptionalFileOrOff() async throws {
        #expect(try ReplCommand.parse("/listen on") == .listen(true, input: nil))
        #expect(try ReplCommand.parse("/LISTEN on cmd.wav") == .listen(true, input: "cmd.wav"))
        #expect(try ReplCommand.parse("/listen off") == .listen(false, input: nil))
        #expect(throws: ReplUsageError.self) { try ReplCommand.parse("/listen") }
        #expect(throws: ReplUsageError.self) { try ReplCommand.parse("/listen off now") }
        #expect(throws: ReplUsageError.self) { try ReplCommand.parse("/listen loudly") }
    }
}
