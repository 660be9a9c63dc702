// TmuxSession: the real `coach` in a real pseudo-terminal. A private tmux server (its own socket,
// no config) runs the program; tests type with send-keys and read the screen with capture-pane,
// polling until the expected text appears. The server is always killed, even when a test fails:
// by SIGTERM to its pid in the deinit (what `tmux kill-server` does), which needs no wait.

import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

final class TmuxSession: @unchecked Sendable {
    private static let counter = LockedCounter()
    let socketName: String
    let home: ScratchHome
    /// tmux's server: a daemon, not our child (its own parent is init once `new-session -d` exits).
    private var serverPID: pid_t = 0

    /// Starts `coach ARGUMENTS` in a 120×40 window, in `home`'s environment plus `environment`.
    /// When the program exits, "[exit N]" is shown and the window stays, so a test can read how it ended.
    init(_ arguments: [String] = [], home: ScratchHome? = nil, environment: [String: String] = [:]) async throws {
        guard let binary = CoachBinary.path() else {
            throw TmuxError("coach is not built: run `swift build --product coach` (or set COACH_BINARY)")
        }
        self.home = try home ?? ScratchHome()
        socketName = "coach-test-\(getpid())-\(Self.counter.next())"
        let command = ([binary] + arguments).map(Self.shellQuoted).joined(separator: " ")
        var tmuxArguments = ["-f", "/dev/null", "new-session", "-d", "-s", "coach", "-x", "120", "-y", "40"]
        let merged = self.home.environment.merging(environment) { $1 }
        for (key, value) in merged.sorted(by: { $0.key < $1.key }) { tmuxArguments += ["-e", "\(key)=\(value)"] }
        // The window stays after the program, until this process ends (TestProcessLifetime).
        tmuxArguments.append("\(command); echo \"[exit $?]\"; \(TestProcessLifetime.command)")
        let status = try await spawnDetached(["tmux", "-L", socketName] + tmuxArguments)
        guard status == 0 else { throw TmuxError("tmux new-session failed (wait status \(status))") }
        let pid = try? await tmux(["display-message", "-p", "#{pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let pid = pid.flatMap({ pid_t($0) }), pid > 0 else {
            _ = try? await spawnDetached(["tmux", "-L", socketName, "kill-server"])
            throw TmuxError("tmux did not say its server's pid")
        }
        serverPID = pid
    }

    deinit { kill() }

    /// Ends the server (and the program in it) now; SIGTERM is what `tmux kill-server` sends.
    func kill() {
        Self.terminateServer(serverPID, socketName: socketName)
        serverPID = 0
    }

    /// SIGTERM to the tmux server `pid` if that pid is still this socket's tmux: it is not our
    /// child, so if it has gone its pid may name another program by now. A server still there two
    /// seconds later gets SIGKILL: one whose control client cannot finish (a gateway killed with
    /// its output unread) waits for that client however it is asked to stop, and was found
    /// alive, with the client, long after the run.
    static func terminateServer(_ pid: pid_t, socketName: String) {
        guard isServer(pid, socketName: socketName) else { return }
        _ = Glibc.kill(pid, SIGTERM)
        DispatchQueue.global().asyncAfter(deadline: .now() + 2) {
            if isServer(pid, socketName: socketName) { _ = Glibc.kill(pid, SIGKILL) }
        }
    }

    private static func isServer(_ pid: pid_t, socketName: String) -> Bool {
        guard pid > 0, let command = try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8) else { return false }
        return (command.hasPrefix("tmux") || command.contains("/tmux")) && command.contains(socketName)
    }

    /// Types text literally (no key names).
    func type(_ text: String) async throws { try await tmux(["send-keys", "-t", "coach", "-l", text]) }

    /// Presses keys by tmux name: "Enter", "Tab", "Up", "C-c", "C-d".
    func press(_ keys: String...) async throws { try await tmux(["send-keys", "-t", "coach"] + keys) }

    /// The visible screen, lines that wrapped joined again (-J), so long replies read as one line.
    func screen() async throws -> String { try await tmux(["capture-pane", "-p", "-J", "-t", "coach"]) }

    /// The screen's lines without trailing blanks.
    func lines() async throws -> [String] {
        var lines = try await screen().split(separator: "\n", omittingEmptySubsequences: false).map {
            String($0.reversed().drop(while: { $0 == " " }).reversed())
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// Polls the screen until `predicate` holds; on timeout the test fails with what was on screen.
    @discardableResult
    func waitFor(_ description: String, timeout: Duration = .seconds(60),
                 sourceLocation: SourceLocation = #_sourceLocation,
                 until predicate: ([String]) -> Bool) async throws -> [String] {
        let deadline = ContinuousClock.now + timeout
        while true {
            let lines = try await lines()
            if predicate(lines) { return lines }
            if ContinuousClock.now > deadline {
                Issue.record("timed out waiting for \(description); screen:\n\(lines.joined(separator: "\n"))",
                             sourceLocation: sourceLocation)
                throw TmuxError("timed out waiting for \(description)")
            }
            try await Task.sleep(for: .milliseconds(40))
        }
    }

    /// Waits until `text` appears anywhere on screen.
    @discardableResult
    func waitFor(text: String, timeout: Duration = .seconds(60),
                 sourceLocation: SourceLocation = #_sourceLocation) async throws -> [String] {
        try await waitFor("“\(text)”", timeout: timeout, sourceLocation: sourceLocation) { lines in
            lines.contains { $0.contains(text) }
        }
    }

    /// Waits until the last line on screen (where the prompt is) is exactly `line`.
    @discardableResult
    func waitFor(lastLine line: String, timeout: Duration = .seconds(60),
                 sourceLocation: SourceLocation = #_sourceLocation) async throws -> [String] {
        try await waitFor("last line “\(line)”", timeout: timeout, sourceLocation: sourceLocation) { $0.last == line }
    }

    @discardableResult
    private func tmux(_ arguments: [String]) async throws -> String {
        let result = try await runProcess("/usr/bin/env", ["tmux", "-L", socketName] + arguments)
        guard result.status == 0 else { throw TmuxError("tmux \(arguments.first ?? ""): \(result.stderr)") }
        return result.stdout
    }

    private static func shellQuoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

struct TmuxError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

final class LockedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
}
