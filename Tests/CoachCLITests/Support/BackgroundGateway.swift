// BackgroundGateway: `coach serve` running on a ScratchHome's socket for the length of a test, so
// the REPL finds a gateway already there (client mode). Started like spawnDetached starts tmux —
// ChildProcess, no signals blocked or ignored, /dev/null for stdio — but not waited for: it stays
// our child until stop() sends SIGTERM to the pid its lock file names and it is reaped. Every wait
// is awaited (see ChildProcess.swift); the deinit only sends SIGKILL, and Subprocess reaps.

import CoachGateway
import CoachWire
import Foundation
#if canImport(Glibc)
import Glibc
#endif

final class BackgroundGateway: @unchecked Sendable {
    let home: ScratchHome
    private let child: Child
    var pid: pid_t { child.pid }

    /// The socket the REPL and one-shot commands resolve in `home` (XDG_RUNTIME_DIR/coach/coach.sock).
    var socketPath: String { home.root.appendingPathComponent("run/coach/coach.sock").path }

    /// Starts `coach serve EXTRA…` and returns once the socket answers; `log` keeps its stdout and
    /// stderr (else /dev/null).
    init(home: ScratchHome, extraArguments: [String] = ["--countdown", "0"], environment: [String: String] = [:],
         log: String? = nil) async throws {
        guard let binary = CoachBinary.path() else { throw TmuxError("coach is not built") }
        self.home = home
        let output = log.map { open($0, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600) }
        defer { if let output { close(output) } }
        self.child = try await ChildProcess.spawn([binary, "serve"] + extraArguments, environment: home.environment.merging(environment) { $1 },
                                            stdout: output, stderr: output)

        let deadline = ContinuousClock.now + .seconds(20)
        while !Self.answers(socketPath) {
            if let status = exitStatus {
                throw TmuxError("coach serve exited before it answered (exit status \(status))")
            }
            guard ContinuousClock.now < deadline else { throw TmuxError("coach serve did not answer on \(socketPath) within 20 s") }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// A gateway nobody stopped is killed, not waited for: a deinit cannot await, and blocking
    /// here would hold a pool thread until Subprocess (which needs one) had seen the end.
    deinit {
        if exitStatus == nil { child.signal(SIGKILL) }
    }

    /// The child's end as soon as it has happened (see ChildProcess.endedStatus), else nil.
    var exitStatus: Int32? { child.exitStatus ?? ChildProcess.endedStatus(of: child.pid) }

    /// SIGKILL, as a crash or the OOM killer would, for a defer: returns at once (Subprocess reaps).
    func killSoon() {
        if exitStatus == nil { child.signal(SIGKILL) }
    }

    /// SIGKILL, as a crash or the OOM killer would, and waits until it has ended.
    func killHard() async {
        guard exitStatus == nil else { return }
        child.signal(SIGKILL)
        await child.wait()
    }

    /// The pid the gateway wrote to `<socket>.lock` — how a user (or a script) finds it — while
    /// a process holds that lock: a pid left in the file by a gateway that has gone may name
    /// another program by now (pids wrap quickly on a busy machine).
    var lockPID: pid_t? { InstanceLock.holder(path: socketPath + ".lock") }

    /// SIGTERM to the pid in the lock file, then waits for the gateway to exit; returns its
    /// exit status (it stops cleanly on SIGTERM: 0).
    @discardableResult
    func stop() async throws -> Int32 {
        guard let target = lockPID else { throw TmuxError("no pid in \(socketPath).lock") }
        guard Glibc.kill(target, SIGTERM) == 0 else { throw TmuxError("kill \(target): \(String(cString: strerror(errno)))") }
        if let status = exitStatus { return status }
        // The end seen through waitid (at once) or, failing that, through Subprocess.
        guard try await poll(timeout: .seconds(60), until: { exitStatus != nil }) else {
            throw TmuxError("coach serve did not stop on SIGTERM")
        }
        return exitStatus ?? -1
    }

    private static func answers(_ path: String) -> Bool { RawSocket.probe(path) == .answers }
}
