// SpawnSignal: the meeting point between the task that runs a child and whoever waits for it.

import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The child's pid (or why it did not start) and later its exit status, handed from the task that
/// runs it to whoever waits: a task (continuation) or a thread (semaphore).
final class SpawnSignal: Sendable {
    private struct State {
        var result: Result<pid_t, ChildProcessError>?
        var waiter: CheckedContinuation<pid_t, any Error>?
        var exit: Int32?
    }

    private let state = Mutex(State())
    private let semaphore = DispatchSemaphore(value: 0)
    private let exitSemaphore = DispatchSemaphore(value: 0)
    /// Our own copy of the child's pidfd, taken while Subprocess holds its own (so it is the
    /// child's): a signal through it reaches the child or, once the child is reaped, no one —
    /// never a process that was given the same pid since (pids wrap at 32768 on a busy machine).
    private let processDescriptor = Atomic<Int32>(-1)

    deinit {
        let fd = processDescriptor.load(ordering: .acquiring)
        if fd >= 0 { close(fd) }
    }

    /// Keeps a duplicate of `descriptor` (Subprocess's pidfd for the child; -1 when none).
    func adopt(processDescriptor descriptor: Int32) {
        guard descriptor >= 0 else { return }
        let copy = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
        if copy >= 0 { processDescriptor.store(copy, ordering: .releasing) }
    }

    /// Sends `signal` to the child `pid` through its pidfd; without one, with kill(2) as long as
    /// its end has not been seen.
    func send(_ signal: Int32, to pid: pid_t) {
        let fd = processDescriptor.load(ordering: .acquiring)
        if fd >= 0, let send = Self.pidfdSendSignal {
            _ = send(fd, signal, nil, 0)
            return
        }
        if exitStatus == nil { _ = kill(pid, signal) }
    }

    /// glibc's pidfd_send_signal (2.36 and later), looked up once; nil where it is missing.
    private static let pidfdSendSignal: (@convention(c) (Int32, Int32, UnsafeMutableRawPointer?, UInt32) -> Int32)? = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "pidfd_send_signal") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32, UnsafeMutableRawPointer?, UInt32) -> Int32).self)
    }()

    func ended(_ status: Int32) {
        state.withLock { $0.exit = status }
        exitSemaphore.signal()
    }

    var exitStatus: Int32? { state.withLock { $0.exit } }

    /// Waits for `ended`; any number of threads may wait (each passes the signal on).
    func blockingExit() -> Int32 {
        exitSemaphore.wait()
        exitSemaphore.signal()
        return state.withLock { $0.exit } ?? -1
    }

    func resolve(_ result: Result<pid_t, ChildProcessError>) {
        let waiter = state.withLock { state -> CheckedContinuation<pid_t, any Error>? in
            guard state.result == nil else { return nil }
            state.result = result
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(with: result.mapError { $0 as any Error })
        semaphore.signal()
    }

    func value() async throws(ChildProcessError) -> pid_t {
        do {
            return try await withCheckedThrowingContinuation { continuation in
                let ready = state.withLock { state -> Result<pid_t, ChildProcessError>? in
                    if state.result == nil { state.waiter = continuation }
                    return state.result
                }
                if let ready { continuation.resume(with: ready.mapError { $0 as any Error }) }
            }
        } catch let error as ChildProcessError {
            throw error
        } catch {
            throw ChildProcessError(description: "\(error)")
        }
    }

    func blockingValue() throws(ChildProcessError) -> pid_t {
        semaphore.wait()
        let result = state.withLock { $0.result }
        guard let result else { throw ChildProcessError(description: "child process did not report its start") }
        return try result.get()
    }
}
