// Starting tmux with posix_spawn rather than Foundation's Process. Process on Linux learns that a
// child exited through a descriptor the child inherits; `tmux new-session` (and an attach that
// starts the server) forks a daemon that keeps that descriptor, so `waitUntilExit` never returns.
// Here every descriptor of ours is close-on-exec, the child gets only 0/1/2, and we reap it with
// waitpid.

import Synchronization
#if canImport(Glibc)
import Glibc
#endif

enum Spawn {
    enum Redirect {
        case null
        /// Created (truncated) for writing.
        case file(String)
        /// An existing descriptor of ours, duplicated onto the child's.
        case descriptor(Int32)
    }

    /// Starts `arguments[0]` (looked up in PATH) with the given standard descriptors.
    static func start(_ arguments: [String], stdin: Redirect, stdout: Redirect, stderr: Redirect) throws(TmuxError) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (target, redirect) in [(Int32(0), stdin), (1, stdout), (2, stderr)] {
            switch redirect {
            case .null:
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
            case .file(let path):
                posix_spawn_file_actions_addopen(&actions, target, path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            case .descriptor(let fd):
                posix_spawn_file_actions_adddup2(&actions, fd, target)
            }
        }
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        // The calling thread's signal mask (Swift's threads block most signals) and our ignored
        // SIGPIPE would pass on to tmux, and a server that blocks SIGTERM ignores kill-server.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t(), defaults = sigset_t()
        sigemptyset(&empty)
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let result = spawnLock.withLock { _ in posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, environ) }
        guard result == 0 else { throw .spawnFailed("\(arguments[0]): \(String(cString: strerror(result)))") }
        return pid
    }

    /// Waits for the child and returns its exit status (128 + signal when killed).
    static func wait(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { return -1 }
        }
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }

    /// A pipe whose both ends are close-on-exec (dup2 onto 0/1/2 clears the flag for the child).
    /// pipe2 is not exported to Swift here; pipe + FD_CLOEXEC runs under `spawnLock`, which
    /// `start` also takes, so none of our own spawns can inherit a half-made pipe.
    static func pipe() throws(TmuxError) -> (read: Int32, write: Int32) {
        try spawnLock.withLock { _ throws(TmuxError) in
            var fds: [Int32] = [0, 0]
            guard Glibc.pipe(&fds) == 0 else { throw .spawnFailed("pipe: \(String(cString: strerror(errno)))") }
            for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            return (fds[0], fds[1])
        }
    }

    private static let spawnLock = Mutex(())
}
