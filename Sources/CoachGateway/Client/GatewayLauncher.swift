// Starting a gateway in the background when a one-shot command finds none, as tmux starts its
// server: the gateway runs in its own session (it outlives the command and the terminal), its
// output goes to a log file, and the command waits until the socket answers.

import CoachProcess
import CoachWire
import Foundation

public enum GatewayLauncher {
    /// Connects to the gateway at `location`, starting one with `executable serve` if none answers.
    public static func connect(location: SocketLocation, autostart: Bool, executable: String,
                               extraArguments: [String] = []) throws(GatewayClientError) -> GatewayClient {
        // A socket another user controls is refused outright: neither used nor started into.
        do { return try GatewayClient(location: location) } catch {
            if case .untrusted = error { throw error }
        }
        guard autostart else {
            throw .unreachable(location.path, "not running; --no-start was given")
        }
        do {
            try spawn(executable: executable, arguments: ["serve", "--socket", location.path] + extraArguments)
        } catch {
            throw .unreachable(location.path, "could not start a gateway: \(error)")
        }
        // Up to 5 s: a cold start loads the vocabulary and opens the store.
        for _ in 0..<500 {
            do { return try GatewayClient(location: location) } catch {
                if case .untrusted = error { throw error }
            }
            usleep(10_000)
        }
        throw .unreachable(location.path, "a gateway was started but did not answer within 5 s; see \(logPath())")
    }

    /// Where a background gateway writes its log: `$XDG_STATE_HOME/coach/gateway.log`.
    public static func logPath() -> String {
        StateDirectory.defaultDirectory() + "/gateway.log"
    }

    /// Starts `executable arguments…` in a session of its own (no controlling terminal, so closing
    /// the terminal does not hang it up), output appended to the log. ChildProcess gives it default
    /// signal dispositions, an empty mask and nothing but 0/1/2: a caller's pipe held open by the
    /// long-lived gateway would make `$(coach start)` or a parent's read-to-end hang until it exits.
    /// Blocks until the child runs: the CLI calls this from its main thread.
    static func spawn(executable: String, arguments: [String]) throws {
        let log = logPath()
        try? FileManager.default.createDirectory(atPath: (log as NSString).deletingLastPathComponent,
                                                 withIntermediateDirectories: true)
        _ = try ChildProcess.startBlocking([executable] + arguments, stdin: .null, stdout: .file(log, append: true),
                                           stderr: .file(log, append: true), newSession: true)
    }
}
