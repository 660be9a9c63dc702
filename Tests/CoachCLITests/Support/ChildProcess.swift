// Starting child processes the way the tests need: posix_spawn with no signals blocked or ignored
// (the test runner's threads block them, and a child that inherits a blocked SIGTERM cannot be
// stopped), no pipe of ours held open, and the program looked up in PATH.

import Foundation
#if canImport(Glibc)
import Glibc
#endif

enum ChildProcess {
    /// posix_spawn with no signals blocked or ignored (the test runner's threads block them),
    /// stdin on /dev/null, stdout on `stdout` and stderr on `stderr` (else /dev/null).
    static func spawn(_ arguments: [String], environment: [String: String] = [:], stdout: Int32? = nil,
                      stderr: Int32? = nil) throws -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if let stdout { posix_spawn_file_actions_adddup2(&actions, stdout, 1) } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        if let stderr { posix_spawn_file_actions_adddup2(&actions, stderr, 2) } else {
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        // The test's own COACH_SOCKET (if any) must not point the child at the wrong gateway;
        // one given in `environment` is meant.
        var inherited = ProcessInfo.processInfo.environment
        inherited.removeValue(forKey: "COACH_SOCKET")
        let merged = inherited.merging(environment) { $1 }
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { argv.forEach { free($0) }; envp.forEach { free($0) } }
        var pid = pid_t()
        let result = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
        guard result == 0 else { throw TmuxError("cannot start \(arguments[0]): \(String(cString: strerror(result)))") }
        return pid
    }

    /// SIGTERM, then SIGKILL after 5 s; reaps the child (or waits for a non-child to go).
    static func terminate(_ pid: pid_t) {
        guard pid > 0 else { return }
        kill(pid, SIGTERM)
        let deadline = Date().addingTimeInterval(5)
        var status: Int32 = 0
        while Date() < deadline {
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid || (reaped < 0 && errno == ECHILD && kill(pid, 0) != 0) { return }
            usleep(20_000)
        }
        kill(pid, SIGKILL)
        _ = waitpid(pid, &status, 0)
    }
}
