// A private tmux server per test (`tmux -L coach-feed-test-<pid>-<n> -f /dev/null`), killed at the end
// whatever happens, so tests never touch the user's tmux.

import Foundation
import Synchronization
@testable import CoachGateway

enum PrivateTmux {
    private static let counter = Atomic<Int>(0)

    static func name() -> String {
        "coach-feed-test-\(ProcessInfo.processInfo.processIdentifier)-\(counter.add(1, ordering: .relaxed).newValue)"
    }

    @discardableResult
    static func tmux(_ arguments: [String], socket: String) async throws -> String {
        try await TmuxProcess.check(["-f", "/dev/null"] + arguments, target: .socketName(socket))
    }

    /// Runs `body` against a fresh server with one detached session; kills the server afterwards
    /// (awaited, whether the body returned or threw).
    static func with<T>(session: Bool = true, _ body: (String) async throws -> T) async throws -> T {
        let socket = name()
        let result: Result<T, any Error>
        do {
            // The session ends with this process, and the server with it, even if the kill below never runs.
            if session { try await tmux(["new-session", "-d", "-s", "t", "-x", "100", "-y", "10", TestProcessLifetime.command], socket: socket) }
            result = .success(try await body(socket))
        } catch {
            result = .failure(error)
        }
        _ = try? await TmuxProcess.run(["kill-server"], target: .socketName(socket))
        return try result.get()
    }

    static func value(_ option: String = "@coach", socket: String) async throws -> String {
        let output = try await tmux(["display-message", "-p", "#{\(option)}"], socket: socket)
        return output.hasSuffix("\n") ? String(output.dropLast()) : output
    }
}
