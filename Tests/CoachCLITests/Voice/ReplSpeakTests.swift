// REPL `/speak on|off` typed into a real terminal (tmux): with speech off nothing is said; turned
// on, the next reply is said (here into the --speak-to file, as speech of plausible length).

@testable import coach
import CoachVoice
import Foundation
import Testing

@Suite(.serialized) struct ReplSpeakTests {
    @Test func speakOffSaysNothingAndSpeakOnSaysTheReply() async throws {
        let home = try ScratchHome()
        let said = home.root.appendingPathComponent("said.wav")
        let tmux = try await TmuxSession(["--speak-to", said.path], home: home)
        try await tmux.waitFor(lastLine: "coach>")
        try await tmux.type("/speak off")
        try await tmux.press("Enter")
        try await tmux.waitFor(text: "Speech off.")
        try await tmux.type("pause")
        try await tmux.press("Enter")
        try await tmux.waitFor(text: "coach> pause")
        try await tmux.waitFor(lastLine: "coach>")
        try await Task.sleep(for: .milliseconds(500))  // the speaker thread would have written by now
        #expect(!FileManager.default.fileExists(atPath: said.path), "spoke with /speak off")

        try await tmux.type("/speak on")
        try await tmux.press("Enter")
        try await tmux.waitFor(text: "Speaking replies.")
        try await tmux.type("/status")
        try await tmux.press("Enter")
        try await tmux.waitFor(text: "No workout in progress.")
        let deadline = ContinuousClock.now + .seconds(10)
        while !FileManager.default.fileExists(atPath: said.path), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        try await Task.sleep(for: .milliseconds(200))  // written whole
        let audio = try WAV.decode(Array(try Data(contentsOf: said)))
        // "No workout in progress." is about 1.5 s at espeak-ng's 175 words a minute.
        #expect(audio.duration > 0.7 && audio.duration < 5, "\(audio.duration) s")
        #expect(audio.samples.filter { abs(Int($0)) > 1000 }.count > audio.samples.count / 20, "mostly silence")
    }

    /// `--speak` where no speaker is: the REPL says so above the prompt, once, and goes on.
    @Test func speakingWithoutASpeakerIsSaidAboveThePrompt() async throws {
        let home = try ScratchHome()
        try home.writeSettings("voice:\n  output_device: coach_test_no_such_pcm\n")
        let tmux = try await TmuxSession(["--speak"], home: home)
        try await tmux.waitFor(lastLine: "coach>")
        try await tmux.type("/status")
        try await tmux.press("Enter")
        try await tmux.waitFor(text: "No workout in progress.")
        try await tmux.waitFor(text: "coach: cannot speak: cannot open ALSA device 'coach_test_no_such_pcm'")
        try await tmux.type("/status")
        try await tmux.press("Enter")
        try await tmux.waitFor(lastLine: "coach>")
        try await Task.sleep(for: .milliseconds(500))
        let screen = try await tmux.screen()
        #expect(screen.components(separatedBy: "cannot speak").count == 2, "said more than once:\n\(screen)")
        #expect(!screen.contains("ALSA lib"), "\(screen)")
    }

    @Test func speakTakesOnOrOff() async throws {
        #expect(try ReplCommand.parse("/speak on") == .speak(true))
        #expect(try ReplCommand.parse("/SPEAK off") == .speak(false))
        #expect(throws: ReplUsageError.self) { try ReplCommand.parse("/speak loud") }
        #expect(throws: ReplUsageError.self) { try ReplCommand.parse("/speak") }
    }
}
