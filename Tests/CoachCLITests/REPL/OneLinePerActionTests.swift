// One line per action, the reply first, in a real terminal (tmux): an end says "Ended … Saved."
// once, not also "has stopped" and "Saved your …"; a resume's reply is not preceded by its event;
// what the clock and other clients do is still printed above the prompt. Embedded and client mode.

import Foundation
import Testing

@Suite(.serialized)
struct OneLinePerActionTests {
    static let prompt = "coach>"

    /// What the REPL printed for `command`: the lines between its prompt line and the next prompt.
    static func printed(for command: String, in lines: [String]) -> [String] {
        guard let typed = lines.lastIndex(of: "coach> " + command) else { return ["(no “coach> \(command)” on screen)"] }
        let rest = lines[(typed + 1)...]
        let next = rest.firstIndex { $0.hasPrefix("coach> ") || $0.hasPrefix("discard? [y/N] > ") } ?? rest.endIndex
        return Array(rest[..<next])
    }

    /// Types a line as a person does (send-keys -l, then Enter).
    static func say(_ line: String, in tmux: TmuxSession) async throws {
        try await tmux.type(line)
        try await tmux.press("Enter")
    }

    private static func coach(_ arguments: [String], home: ScratchHome) async throws -> ProcessResult {
        let binary = try #require(CoachBinary.path())
        return try await runProcess(binary, arguments, environment: home.environment)
    }

    @Test func anEndAPauseAndAResumePrintOneLineEachTheReply() async throws {
        let home = try ScratchHome()
        let tmux = try await TmuxSession(home: home)
        try await tmux.waitFor(lastLine: Self.prompt)
        try await Self.say("start an outdoor run", in: tmux)
        // The countdown is the clock's doing, not an echo: still printed.
        try await tmux.waitFor(text: "Go! Your outdoor run has started.")
        try await Self.say("pause", in: tmux)
        try await tmux.waitFor(text: "Paused your outdoor run.")
        try await Self.say("resume", in: tmux)
        try await tmux.waitFor(text: "Resuming your outdoor run.")
        // Long enough to be kept (5 s).
        try await Self.say("/wait 5s", in: tmux)
        try await tmux.waitFor(text: "(5s later)")
        try await Self.say("end", in: tmux)
        try await tmux.waitFor(text: "Ended your outdoor run after")
        // Whatever the end caused would be on screen before this line's answer.
        try await Self.say("/json off", in: tmux)
        let lines = try await tmux.waitFor(text: "Replies as text.")

        let screen = lines.joined(separator: "\n")
        #expect(Self.printed(for: "pause", in: lines) == ["Paused your outdoor run."], "\(screen)")
        #expect(Self.printed(for: "resume", in: lines) == ["Resuming your outdoor run."], "\(screen)")
        let ended = Self.printed(for: "end", in: lines)
        #expect(ended.count == 1, "one line for the end:\n\(screen)")
        #expect(ended.first?.hasPrefix("Ended your outdoor run after 0:0") == true, "\(screen)")
        #expect(ended.first?.hasSuffix(". Saved.") == true, "\(screen)")
        #expect(!lines.contains { $0.contains("has stopped") || $0.hasPrefix("Saved your") }, "\(screen)")
    }

    /// Another client's command on the socket the embedded REPL serves is news: printed.
    @Test func anotherClientsCommandIsStillPrinted() async throws {
        let home = try ScratchHome()
        let tmux = try await TmuxSession(home: home)
        try await tmux.waitFor(text: "gateway embedded, listening on")
        try await tmux.waitFor(lastLine: Self.prompt)
        try await Self.say("start a walk", in: tmux)
        try await tmux.waitFor(text: "Go! Your walk has started.")
        let pause = try await Self.coach(["pause"], home: home)
        #expect(pause.status == 0, "\(pause.stderr)")
        let lines = try await tmux.waitFor(text: "Your walk is paused.")
        #expect(lines.last == "coach>", "printed above the prompt")
        try await Self.say("cancel", in: tmux)
        try await tmux.waitFor(lastLine: "discard? [y/N] >")
        try await Self.say("y", in: tmux)
        try await tmux.waitFor(text: "Discarded your walk.")
        try await Self.say("/json off", in: tmux)
        let after = try await tmux.waitFor(text: "Replies as text.")
        #expect(after.filter { $0.hasPrefix("Discarded your walk.") }.count == 1, "\(after.joined(separator: "\n"))")
    }

    /// Client mode: the same one line, also once Ctrl-C has moved the conversation (and the
    /// subscription) to a new connection.
    @Test func aClientModeEndPrintsOneLineAndOthersAreHeardAfterCtrlC() async throws {
        let home = try ScratchHome()
        // A countdown, so that "Go!" is the clock's news, not the start's echo.
        let gateway = try await BackgroundGateway(home: home, extraArguments: [])
        let tmux = try await TmuxSession(home: home)
        try await tmux.waitFor(text: "connected to the gateway at")
        try await tmux.waitFor(lastLine: Self.prompt)
        try await Self.say("start a run", in: tmux)
        try await tmux.waitFor(text: "Go! Your run has started.")
        try await Self.say("/wait 5s", in: tmux)
        try await tmux.waitFor(text: "(5s later)")
        try await Self.say("end", in: tmux)
        try await tmux.waitFor(text: "Ended your run after")
        try await Self.say("/json off", in: tmux)
        let lines = try await tmux.waitFor(text: "Replies as text.")
        let ended = Self.printed(for: "end", in: lines)
        #expect(ended.count == 1 && ended.first?.hasSuffix(". Saved.") == true, "\(lines.joined(separator: "\n"))")

        // Ctrl-C on an empty line: a fresh prompt once the REPL has handled it (the new connection
        // opened). A line typed before that could be swept away with the interrupted one.
        try await tmux.press("C-c")
        _ = try await tmux.waitFor("the prompt after Ctrl-C") { lines in
            lines.count >= 2 && lines[lines.count - 2].hasPrefix(Self.prompt) && lines.last?.hasPrefix(Self.prompt) == true
        }
        try await Self.say("start a walk", in: tmux)
        try await tmux.waitFor(text: "Go! Your walk has started.")
        let pause = try await Self.coach(["pause"], home: home)
        #expect(pause.status == 0, "\(pause.stderr)")
        try await tmux.waitFor(text: "Your walk is paused.")
        try await Self.say("resume", in: tmux)
        try await tmux.waitFor(text: "Resuming your walk.")
        try await Self.say("/json off", in: tmux)
        let after = try await tmux.waitFor("the second marker") { $0.filter { $0 == "Replies as text." }.count == 2 }
        #expect(Self.printed(for: "resume", in: after) == ["Resuming your walk."], "\(after.joined(separator: "\n"))")
        _ = try await Self.coach(["cancel", "--yes"], home: home)
        #expect(try await gateway.stop() == 0)
    }
}
