// The REPL as a person uses it: typed into a real terminal (tmux), read off the screen.
// Every wait polls the screen for text; nothing here depends on how long anything takes.

import Foundation
import Testing

@Suite(.serialized)
struct InteractiveReplTests {
    static let prompt = "coach>"

    @Test func anUtteranceIsAnswered() async throws {
        let tmux = try await TmuxSession()
        try await tmux.waitFor(lastLine: Self.prompt)
        try await tmux.type("start an outdoor run")
        try await tmux.press("Enter")
        let lines = try await tmux.waitFor(text: "Starting your outdoor run.")
        #expect(lines.contains("coach> start an outdoor run"))
    }

    @Test func japaneseIsAnsweredInJapanese() async throws {
        let tmux = try await TmuxSession(["--lang", "ja"])
        try await tmux.waitFor(lastLine: Self.prompt)
        try await tmux.type("屋外ランニングを開始")
        try await tmux.press("Enter")
        try await tmux.waitFor(text: "屋外ランニングを開始します")
    }

    @Test func tabCompletesAHalfTypedWord() async throws {
        let tmux = try await TmuxSession()
        try await tmux.waitFor(lastLine: Self.prompt)
        try await tmux.type("/sta")
        try await tmux.press("Tab")
        try await tmux.waitFor(lastLine: "coach> /status")
        try await tmux.press("Enter")
        try await tmux.waitFor(text: "No workout in progress.")

        try await tmux.type("start an outd")
        try await tmux.press("Tab")
        try await tmux.waitFor(lastLine: "coach> start an outdoor")
        try await tmux.type("run")
        try await tmux.press("Enter")
        try await tmux.waitFor(text: "Starting your outdoor run")
    }

    @Test func upRecallsHistoryAlsoAfterARestart() async throws {
        let home = try ScratchHome()
        do {
            let tmux = try await TmuxSession(home: home)
            try await tmux.waitFor(lastLine: Self.prompt)
            try await tmux.type("start a walk")
            try await tmux.press("Enter")
            try await tmux.waitFor(text: "Starting your walk.")
            try await tmux.press("Up")
            try await tmux.waitFor(lastLine: "coach> start a walk")
            try await tmux.press("C-u")
            try await tmux.type("/quit")
            try await tmux.press("Enter")
            try await tmux.waitFor(text: "[exit 0]")
        }
        let saved = try String(contentsOf: home.historyFile, encoding: .utf8)
        #expect(saved.split(separator: "\n") == ["start a walk", "/quit"])

        let again = try await TmuxSession(home: home)
        try await again.waitFor(lastLine: Self.prompt)
        try await again.press("Up")
        try await again.waitFor(lastLine: "coach> /quit")
        try await again.press("Up")
        try await again.waitFor(lastLine: "coach> start a walk")
    }

    /// The countdown after "start" prints "2…" and "1…" while "/sta" sits half-typed at the prompt:
    /// the events go above it, and finishing the word afterwards sends the whole line.
    @Test func anEventIsPrintedAboveAHalfTypedLine() async throws {
        let tmux = try await TmuxSession()
        try await tmux.waitFor(lastLine: Self.prompt)
        try await tmux.type("start an outdoor run")
        try await tmux.press("Enter")
        try await tmux.waitFor(text: "Starting your outdoor run.")
        try await tmux.type("/sta")
        let lines = try await tmux.waitFor(text: "1…")
        #expect(lines.last == "coach> /sta")
        let event = try #require(lines.lastIndex(of: "1…"))
        #expect(event == lines.count - 2, "the event sits right above the prompt")
        #expect(!lines.contains { $0.contains("…") && $0.contains("/sta") }, "nothing garbled")

        try await tmux.type("tus")
        try await tmux.press("Enter")
        let after = try await tmux.waitFor(text: "Your outdoor run is")
        #expect(after.contains("coach> /status"))
    }

    @Test func ctrlCClearsTheLine() async throws {
        let tmux = try await TmuxSession()
        try await tmux.waitFor(lastLine: Self.prompt)
        try await tmux.type("something half typed")
        try await tmux.waitFor(lastLine: "coach> something half typed")
        try await tmux.press("C-c")
        let lines = try await tmux.waitFor(lastLine: Self.prompt)
        #expect(lines.contains("coach> something half typed^C"))
        try await tmux.type("status")
        try await tmux.press("Enter")
        let after = try await tmux.waitFor(text: "No workout in progress.")
        #expect(!after.contains { $0.contains("didn't understand") }, "the abandoned text was never sent")
    }

    @Test func ctrlDLeaves() async throws {
        let tmux = try await TmuxSession()
        try await tmux.waitFor(lastLine: Self.prompt)
        try await tmux.press("C-d")
        try await tmux.waitFor(text: "[exit 0]")
    }

    @Test func ctrlDWarnsOnceWhileAWorkoutRuns() async throws {
        let tmux = try await TmuxSession()
        try await tmux.waitFor(lastLine: Self.prompt)
        try await tmux.type("start a run")
        try await tmux.press("Enter")
        try await tmux.waitFor(text: "Starting your run.")
        try await tmux.press("C-d")
        let lines = try await tmux.waitFor(text: "Press Ctrl-D again to leave.")
        #expect(lines.contains { $0.hasPrefix("A run is in progress and this REPL hosts the gateway") })
        #expect(!lines.contains { $0.hasPrefix("[exit") }, "still running after the first Ctrl-D")
        try await tmux.press("C-d")
        try await tmux.waitFor(text: "[exit 0]")
    }

    @Test func aMissingActivityIsAskedForAndACancelConfirmed() async throws {
        let tmux = try await TmuxSession()
        try await tmux.waitFor(lastLine: Self.prompt)
        try await tmux.type("start a workout")
        try await tmux.press("Enter")
        try await tmux.waitFor(text: "Which workout?")
        try await tmux.waitFor(text: "1) run  2) walk  3) ride")
        try await tmux.waitFor(lastLine: "which workout? >")
        try await tmux.type("2")
        try await tmux.press("Enter")
        try await tmux.waitFor(text: "Starting your walk.")
        try await tmux.waitFor(lastLine: Self.prompt)

        try await tmux.type("cancel")
        try await tmux.press("Enter")
        try await tmux.waitFor(text: "Discard your walk? Nothing will be saved. [y/N]")
        try await tmux.type("y")
        try await tmux.press("Enter")
        try await tmux.waitFor(text: "Discarded your walk.")
    }
}
