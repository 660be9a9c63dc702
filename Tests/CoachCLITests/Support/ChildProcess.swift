// Starting child processes the way the tests need, through the package's one spawner
// (CoachProcess.ChildProcess, swift-subprocess): nothing but 0/1/2 inherited (a long-lived child
// such as `coach serve` or sshd never holds another test's pipe open, which is what hung the
// parallel run), no signal blocked or ignored, the program looked up in PATH.
// These helpers are synchronous and block the calling thread until the child has started (which
// needs no thread of the cooperative pool) or ended (which does: Subprocess finishes a run through
// a task on the global pool). That is why the suite still runs serially: two tests blocked in
// `terminate` or `spawnDetached` at once could hold both threads of a 2-core pool.

import CoachProcess
import Foundation
#if canImport(Glibc)
import Glibc
#endif

typealias Child = CoachProcess.ChildProcess

enum ChildProcess {
    /// Starts a child with stdin on /dev/null, stdout on `stdout` and stderr on `stderr` (else
    /// /dev/null), in the test's environment minus COACH_SOCKET, plus `environment`.
    static func spawn(_ arguments: [String], environment: [String: String] = [:], stdout: Int32? = nil,
                      stderr: Int32? = nil) throws -> Child {
        // The test's own COACH_SOCKET (if any) must not point the child at the wrong gateway;
        // one given in `environment` is meant.
        var changes: [String: String?] = ["COACH_SOCKET": nil]
        for (key, value) in environment { changes[key] = value }
        do {
            return try Child.startBlocking(arguments, environment: changes, stdin: .null,
                                           stdout: stdout.map { .descriptor($0) } ?? .null,
                                           stderr: stderr.map { .descriptor($0) } ?? .null)
        } catch {
            throw TmuxError("cannot start \(arguments.first ?? ""): \(error)")
        }
    }

    /// SIGTERM, then SIGKILL after 5 s; returns once the child has been reaped.
    static func terminate(_ child: Child) {
        guard child.exitStatus == nil else { return }
        child.signal(SIGTERM)
        let deadline = Date().addingTimeInterval(5)
        while child.exitStatus == nil, Date() < deadline { usleep(20_000) }
        if child.exitStatus == nil { child.signal(SIGKILL) }
        child.waitBlocking()
    }

    /// Whether our child `pid` has ended, read without reaping it and without a pool thread
    /// (waitid with WNOWAIT): its exit code or 128 + signal, else nil. Subprocess still reaps it
    /// when its monitor gets a thread; this only lets a test see the end at once even while the
    /// 2-thread pool is busy, which `Child.exitStatus` cannot.
    static func endedStatus(of pid: pid_t) -> Int32? {
        var info = siginfo_t()
        guard waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0, info._sifields._sigchld.si_pid == pid else {
            return nil
        }
        let status = info._sifields._sigchld.si_status
        return info.si_code == Int32(CLD_EXITED) ? status : 128 + status
    }

    /// For a process that is not our child (a gateway a command started, found by its lock file):
    /// SIGTERM, then SIGKILL after 5 s, waiting until it is gone.
    static func terminate(pid: pid_t) {
        guard pid > 0 else { return }
        kill(pid, SIGTERM)
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            if kill(pid, 0) != 0 { return }
            usleep(20_000)
        }
        kill(pid, SIGKILL)
    }
}
