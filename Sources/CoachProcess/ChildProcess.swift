// Starting other programs, one way for the whole package (its own module, so every module may use
// it): swift-subprocess. The gateway starts tmux (one-shot and control-mode clients) and ssh
// (mirrors); the CLI starts a background gateway; speech starts open_jtalk; tests and benchmarks
// start `coach serve`. What every one of them needs, and Subprocess gives:
// - the child gets only 0/1/2: every other descriptor is closed (close_range), so a long-lived
//   child (tmux's server, a gateway) never holds a caller's pipe open and no reader waits forever
//   for an end of file (a parallel test run hangs on exactly that);
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

    /// Sends `number` to the child; once it has been reaped, to no one (never to a process that
    /// has been given its pid since).
    public func signal(_ number: Int32) { ended.send(number, to: pid) }

    /// SIGTERM, then SIGKILL if it is still there after `grace`; returns its exit status.
    @discardableResult
    public func terminate(grace: Duration = .seconds(5)) async -> Int32 {
        signal(SIGTERM)
        let exit = self.exit
        let killer = Task { [self] in
            try await Task.sleep(for: grace)
            signal(SIGKILL)
        }
        let ending = await exit.value
        killer.cancel()
        return ending.status
    }
}
