// Starting a gateway in the background when a one-shot command finds none, as tmux starts its
// server: the gateway runs in its own session (it outlives the command and the terminal), its
// output goes to a log file, and the command waits until the socket answers.

import CoachWire
#if canImport(Glibc)
import Glibc
#endif
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
        GatewayState.defaultDirectory() + "/gateway.log"
    }

    /// glibc's POSIX_SPAWN_SETSID (declared only under _GNU_SOURCE).
    static let spawnSetsid: Int16 = 0x80
    static let spawnSetSigdef = Int16(POSIX_SPAWN_SETSIGDEF)
    static let spawnSetSigmask = Int16(POSIX_SPAWN_SETSIGMASK)

    static func spawn(executable: String, arguments: [String]) throws {
        let log = logPath()
        try? FileManager.default.createDirectory(atPath: (log as NSString).deletingLastPathComponent,
                                                 withIntermediateDirectories: true)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        // Nothing else may leak into the long-lived gateway: a caller's pipe held open by it would
        // make `$(coach start)` or a parent's waitpid-by-pipe hang until the gateway exits.
        for descriptor in 3..<Int32(1024) where fcntl(descriptor, F_GETFD) >= 0 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Its own session: no controlling terminal, so closing the terminal does not hang it up.
        // Default signal dispositions and an empty mask: the caller may block or ignore signals
        // (test runners do), and the gateway must still stop on SIGTERM.
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Self.spawnSetsid | Self.spawnSetSigmask | Self.spawnSetSigdef)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EIO) }
    }
}
