// Starting other programs, one way for the whole package: swift-subprocess. The gateway starts
// tmux (one-shot and control-mode clients) and ssh (mirrors); the CLI starts a background gateway;
// tests and benchmarks start `coach serve`. What every one of them needs, and Subprocess gives:
// - the child gets only 0/1/2: every other descriptor is closed (close_range), so a long-lived
//   child (tmux's server, a gateway) never holds a caller's pipe open and no reader waits forever
//   for an end of file (the parallel-test hang of session 2 was exactly that);
// - no signal blocked or ignored in the child (Swift's threads block most of them; a tmux server
//   or gateway that inherits a blocked SIGTERM cannot be stopped);
// - the exit is awaited through a pidfd, not by blocking a thread in waitpid.
// A child that outlives us (the background gateway) is started the same way, in its own session;
// nobody awaits its exit once we are gone.

import Dispatch
import Foundation
import Subprocess
import Synchronization
import SystemPackage
#if canImport(Glibc)
import Glibc
#endif

public struct ChildProcessError: Error, Sendable, CustomStringConvertible {
    public var description: String
}

public struct ChildProcess: Sendable {
    /// Where one of the child's standard descriptors goes.
    public enum Stream: Sendable {
        case null
        /// Created if missing (mode 0600), truncated unless `append`.
        case file(String, append: Bool)
        /// An open descriptor of ours, duplicated for the child (ours stays open).
        case descriptor(Int32)
    }

    /// A finished run's exit status (the code, or 128 + the signal) and collected output.
    public struct Finished: Sendable {
        public var status: Int32
        public var output: String
        public var error: String
    }

    /// How a child ended: its exit code, or the signal that killed it.
    public enum Ending: Sendable, Hashable {
        case exited(Int32)
        case signaled(Int32)
        /// Its end could not be observed (the monitor failed).
        case unknown

        /// The shell's convention: the code, or 128 + the signal (-1 when unknown).
        public var status: Int32 {
            switch self {
            case .exited(let code): code
            case .signaled(let signal): 128 + signal
            case .unknown: -1
            }
        }
    }

    public let pid: pid_t
    private let exit: Task<Ending, Never>
    private let ended: SpawnSignal

    /// The exit status once the child has ended and been reaped; nil while it runs.
    public var exitStatus: Int32? { ended.exitStatus }

    /// Starts `arguments[0]` (looked up in PATH unless it holds a slash). `environment` changes the
    /// inherited one: a nil value removes the variable. Returns once the child runs.
    public static func start(_ arguments: [String], environment: [String: String?] = [:],
                             stdin: Stream = .null, stdout: Stream = .null, stderr: Stream = .null,
                             newSession: Bool = false) async throws(ChildProcessError) -> ChildProcess {
        let spawned = SpawnSignal()
        let exit = try launch(arguments, environment: environment, streams: (stdin, stdout, stderr),
                              newSession: newSession, spawned: spawned)
        let pid = try await spawned.value()
        return ChildProcess(pid: pid, exit: exit, ended: spawned)
    }

    /// `start` for a caller on a thread of its own (the one-shot CLI's main thread): blocks until
    /// the child runs (about a millisecond). Never call it from a task: it holds the thread.
    public static func startBlocking(_ arguments: [String], environment: [String: String?] = [:],
                                     stdin: Stream = .null, stdout: Stream = .null, stderr: Stream = .null,
                                     newSession: Bool = false) throws(ChildProcessError) -> ChildProcess {
        let spawned = SpawnSignal()
        let exit = try launch(arguments, environment: environment, streams: (stdin, stdout, stderr),
                              newSession: newSession, spawned: spawned)
        let pid = try spawned.blockingValue()
        return ChildProcess(pid: pid, exit: exit, ended: spawned)
    }

    /// `run` for a thread of its own (synchronous tools): blocks until the program has finished.
    /// Never from a task: Subprocess finishes a run through a task on the global pool.
    public static func runBlocking(_ arguments: [String], environment: [String: String?] = [:], input: String? = nil,
                                   limit: Int = 16 << 20) throws(ChildProcessError) -> Finished {
        let done = DispatchSemaphore(value: 0)
        let outcome = Mutex<Result<Finished, ChildProcessError>?>(nil)
        Task.detached(executorPreference: ProcessThread.shared) {
            let result: Result<Finished, ChildProcessError>
            do throws(ChildProcessError) {
                result = .success(try await run(arguments, environment: environment, input: input, limit: limit))
            } catch {
                result = .failure(error)
            }
            outcome.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        guard let result = outcome.withLock({ $0 }) else { throw ChildProcessError(description: "\(arguments.first ?? "") did not finish") }
        return try result.get()
    }

    /// Runs to completion and collects standard output and error (each up to `limit` bytes).
    public static func run(_ arguments: [String], environment: [String: String?] = [:], input: String? = nil,
                           limit: Int = 16 << 20) async throws(ChildProcessError) -> Finished {
        guard let name = arguments.first else { throw ChildProcessError(description: "no program to run") }
        let configuration = Configuration(executable: executable(name, environment: environment), arguments: Arguments(Array(arguments.dropFirst())),
                                          environment: Self.environment(environment))
        do {
            let result = if let input {
                try await Subprocess.run(configuration, input: .string(input), output: .string(limit: limit),
                                         error: .string(limit: limit))
            } else {
                try await Subprocess.run(configuration, input: .none, output: .string(limit: limit),
                                         error: .string(limit: limit))
            }
            return Finished(status: ending(result.terminationStatus).status, output: result.standardOutput,
                            error: result.standardError)
        } catch {
            throw ChildProcessError(description: "cannot run \(name): \(error)")
        }
    }

    /// Waits for the child to end: its exit code, or 128 + the signal that ended it (-1 when its
    /// end could not be observed).
    @discardableResult
    public func wait() async -> Int32 { await exit.value.status }

    /// Waits for the child to end and says how: an exit code and a signal are told apart.
    public func ending() async -> Ending { await exit.value }

    /// `wait` for a thread of its own (benchmark drivers, the CLI's main thread). From a task it
    /// holds a pool thread, and the child's end needs a free one (see ProcessThread).
    @discardableResult
    public func waitBlocking() -> Int32 { ended.blockingExit() }

    public func signal(_ number: Int32) { _ = kill(pid, number) }

    /// SIGTERM, then SIGKILL if it is still there after `grace`; returns its exit status.
    @discardableResult
    public func terminate(grace: Duration = .seconds(5)) async -> Int32 {
        signal(SIGTERM)
        let exit = self.exit
        let killer = Task { [pid] in
            try await Task.sleep(for: grace)
            _ = kill(pid, SIGKILL)
        }
        let ending = await exit.value
        killer.cancel()
        return ending.status
    }

    // MARK: - Starting

    private static func launch(_ arguments: [String], environment: [String: String?],
                               streams: (Stream, Stream, Stream), newSession: Bool,
                               spawned: SpawnSignal) throws(ChildProcessError) -> Task<Ending, Never> {
        guard let name = arguments.first else { throw ChildProcessError(description: "no program to run") }
        // Our own copies, handed to Subprocess, which closes them once the child has its own.
        var opened: [Int32] = []
        for (index, stream) in [streams.0, streams.1, streams.2].enumerated() {
            let fd = open(stream, forInput: index == 0)
            guard fd >= 0 else {
                let reason = String(cString: strerror(errno))
                opened.forEach { _ = close($0) }
                throw ChildProcessError(description: "cannot start \(name): \(describe(stream)): \(reason)")
            }
            opened.append(fd)
        }
        var options = PlatformOptions()
        options.createSession = newSession
        let configuration = Configuration(executable: executable(name, environment: environment), arguments: Arguments(Array(arguments.dropFirst())),
                                          environment: Self.environment(environment), platformOptions: options)
        let (input, output, error) = (FileDescriptor(rawValue: opened[0]), FileDescriptor(rawValue: opened[1]),
                                      FileDescriptor(rawValue: opened[2]))
        // Not a child task: the process outlives the call that started it, and cancelling the
        // starter must not tear it down. On the process thread, not the cooperative pool: a
        // thread that blocks until the start (startBlocking, waitBlocking) then cannot starve it.
        return Task.detached(executorPreference: ProcessThread.shared) {
            do {
                let result = try await Subprocess.run(
                    configuration,
                    input: .fileDescriptor(input, closeAfterSpawningProcess: true),
                    output: .fileDescriptor(output, closeAfterSpawningProcess: true),
                    error: .fileDescriptor(error, closeAfterSpawningProcess: true)
                ) { execution in
                    spawned.resolve(.success(execution.processIdentifier.value))
                }
                let ending = ending(result.terminationStatus)
                spawned.ended(ending.status)
                return ending
            } catch {
                spawned.resolve(.failure(ChildProcessError(description: "cannot start \(name): \(error)")))
                spawned.ended(-1)
                return .unknown
            }
        }
    }

    private static func open(_ stream: Stream, forInput: Bool) -> Int32 {
        switch stream {
        case .null:
            return Glibc.open("/dev/null", (forInput ? O_RDONLY : O_WRONLY) | O_CLOEXEC)
        case .file(let path, let append):
            return Glibc.open(path, O_WRONLY | O_CREAT | O_CLOEXEC | (append ? O_APPEND : O_TRUNC), 0o600)
        case .descriptor(let fd):
            return fcntl(fd, F_DUPFD_CLOEXEC, 0)
        }
    }

    private static func describe(_ stream: Stream) -> String {
        switch stream {
        case .null: "/dev/null"
        case .file(let path, _): path
        case .descriptor(let fd): "descriptor \(fd)"
        }
    }

    /// A bare name is looked up in PATH here, once per name: Subprocess would look it up on its
    /// own worker thread at every start, a thread hop that the per-change `tmux set` fallback
    /// measured (Benchmarks/feed/README.md). Not found: left to Subprocess, which says so.
    private static func executable(_ name: String, environment: [String: String?]) -> Executable {
        if name.contains("/") { return .path(FilePath(name)) }
        // A PATH of the child's own is the child's to search.
        if environment.keys.contains("PATH") { return .name(name) }
        if let found = resolved.withLock({ $0[name] }) { return .path(FilePath(found)) }
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = directory + "/" + name
            if access(candidate, X_OK) == 0 {
                resolved.withLock { $0[name] = candidate }
                return .path(FilePath(candidate))
            }
        }
        return .name(name)
    }

    private static let resolved = Mutex<[String: String]>([:])

    private static func environment(_ changes: [String: String?]) -> Subprocess.Environment {
        guard !changes.isEmpty else { return .inherit }
        var keyed: [Subprocess.Environment.Key: String?] = [:]
        for (key, value) in changes {
            guard let key = Subprocess.Environment.Key(rawValue: key) else { continue }
            keyed[key] = value
        }
        return .inherit.updating(keyed)
    }

    private static func ending(_ termination: TerminationStatus) -> Ending {
        switch termination {
        case .exited(let code): .exited(Int32(truncatingIfNeeded: code))
        case .signaled(let signal): .signaled(Int32(truncatingIfNeeded: signal))
        }
    }
}

/// The child's pid (or why it did not start) and later its exit status, handed from the task that
/// runs it to whoever waits: a task (continuation) or a thread (semaphore).
private final class SpawnSignal: Sendable {
    private struct State {
        var result: Result<pid_t, ChildProcessError>?
        var waiter: CheckedContinuation<pid_t, any Error>?
        var exit: Int32?
    }

    private let state = Mutex(State())
    private let semaphore = DispatchSemaphore(value: 0)
    private let exitSemaphore = DispatchSemaphore(value: 0)

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

/// The thread every ChildProcess task prefers (Subprocess's own I/O and monitor threads wake it):
/// starting a child needs no thread of the cooperative pool, so `startBlocking` cannot starve it.
/// Finishing a run does need one: Subprocess (1.0.2) awaits an unstructured `Task` at the end of
/// every run, and unstructured tasks do not inherit an executor preference.
final class ProcessThread: TaskExecutor, @unchecked Sendable {
    static let shared = ProcessThread()

    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []

    private init() {
        let thread = Thread { [self] in loop() }
        thread.name = "coach-processes"
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func loop() {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
