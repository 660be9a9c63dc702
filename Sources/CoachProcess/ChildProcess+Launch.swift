// How ChildProcess starts a child: its three standard descriptors opened here (everything else is
// closed by Subprocess), the program looked up in PATH once per name, the environment's changes
// applied, and the run handed to a detached task on the process thread.

import Subprocess
import Synchronization
import SystemPackage
#if canImport(Glibc)
import Glibc
#endif

extension ChildProcess {
    static func launch(_ arguments: [String], environment: [String: String?],
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
                    spawned.adopt(processDescriptor: execution.processIdentifier.processDescriptor)
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
    static func executable(_ name: String, environment: [String: String?]) -> Executable {
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

    static func environment(_ changes: [String: String?]) -> Subprocess.Environment {
        guard !changes.isEmpty else { return .inherit }
        var keyed: [Subprocess.Environment.Key: String?] = [:]
        for (key, value) in changes {
            guard let key = Subprocess.Environment.Key(rawValue: key) else { continue }
            keyed[key] = value
        }
        return .inherit.updating(keyed)
    }

    static func ending(_ termination: TerminationStatus) -> Ending {
        switch termination {
        case .exited(let code): .exited(Int32(truncatingIfNeeded: code))
        case .signaled(let signal): .signaled(Int32(truncatingIfNeeded: signal))
        }
    }
}

