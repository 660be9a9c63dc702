// Starting child processes the way the tests need, through the package's one spawner
// (CoachProcess.ChildProcess, swift-subprocess): nothing but 0/1/2 inherited (a long-lived child
// such as `coach serve` or sshd never holds another test's pipe open), no signal blocked or
// ignored, the program looked up in PATH.
// Every wait here is awaited, never blocked on: Subprocess observes a child's end through a task
// that needs a free thread of the cooperative pool, so a helper that held a pool thread until a
// child ended (the old `waitBlocking`) deadlocked a parallel run as soon as as many tests as the
// pool has threads (two here) waited at once. ParallelHelperTests keeps that from coming back.

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
                      stderr: Int32? = nil) async throws -> Child {
        // The test's own COACH_SOCKET (if any) must not point the child at the wrong gateway;
        // one given in `environment` is meant.
        var changes: [String: String?] = ["COACH_SOCKET": nil]
        for (key, value) in environment { changes[key] = value }
        do {
            return try await Child.start(arguments, environment: changes, stdin: .null,
                                         stdout: stdout.map { .descriptor($0) } ?? .null,
                                         stderr: stderr.map { .descriptor($0) } ?? .null)
        } catch {
            throw TmuxError("cannot start \(arguments.first ?? ""): \(error)")
        }
    }

    /// SIGTERM, then SIGKILL after `grace`; returns once the child has been reaped, with its exit
    /// status (128 + signal when a signal ended it).
    @discardableResult
    static func terminate(_ child: Child, grace: Duration = .seconds(5)) async -> Int32 {
        if let status = child.exitStatus { return status }
        return await child.terminate(grace: grace)
    }

    /// For cleanup that cannot await (a deinit, a defer): SIGTERM now, and SIGKILL after `grace`
    /// from a task of its own if the child is still there. Returns at once.
    static func terminateSoon(_ child: Child, grace: Duration = .seconds(5)) {
        guard child.exitStatus == nil else { return }
        child.signal(SIGTERM)
        Task.detached { await child.terminate(grace: grace) }
    }

    /// Whether our child `pid` has ended, read without reaping it (waitid with WNOWAIT): its exit
    /// code or 128 + signal, else nil. Subprocess reaps it when its monitor task runs; this lets a
    /// test see the end at once even while that task waits for a thread.
    static func endedStatus(of pid: pid_t) -> Int32? {
        var info = siginfo_t()
        guard waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0, info._sifields._sigchld.si_pid == pid else {
            return nil
        }
        let status = info._sifields._sigchld.si_status
        return info.si_code == Int32(CLD_EXITED) ? status : 128 + status
    }
}
