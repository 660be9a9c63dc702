// Running a program to completion from a test: its exit status and both outputs. Foundation's
// Process with blocking reads, on a thread of its own (onThread): the wait depends on nothing but
// the child, neither on a free thread of the cooperative pool (which swift-subprocess needs to
// finish a run) nor on anything else in this process, and the awaiting test holds no pool thread.
// The end of file comes when the child exits: every long-lived child the tests or coach start
// goes through CoachProcess.ChildProcess, which closes every inherited descriptor, so none can
// hold these pipes open.

import Foundation

/// A finished program: exit status (128 + signal when killed) and what it printed.
public struct ProcessResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String

    public init(status: Int32, stdout: String, stderr: String) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
    }
}

/// Runs `executable` with the test's environment changed by `environment` (a nil value removes the
/// variable), `stdin` (else nothing) on its standard input, and waits for it to end.
public func runProcess(_ executable: String, _ arguments: [String], environment: [String: String?] = [:],
                       stdin: String? = nil) async throws -> ProcessResult {
    try await runProcess(executable, arguments, environment: environment, input: stdin.map { Data($0.utf8) })
}

/// `runProcess` with bytes on standard input.
public func runProcess(_ executable: String, _ arguments: [String], environment: [String: String?] = [:],
                       input: Data?) async throws -> ProcessResult {
    try await onThread { try runProcessOnThisThread(executable, arguments, environment: environment, input: input) }
}

/// The blocking body of runProcess, for code that already runs on a thread of its own.
public func runProcessOnThisThread(_ executable: String, _ arguments: [String], environment: [String: String?] = [:],
                                   input: Data? = nil) throws -> ProcessResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    var variables = ProcessInfo.processInfo.environment
    for (name, value) in environment { variables[name] = value }
    process.environment = variables
    let out = Pipe(), err = Pipe(), stdin = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = stdin
    ignoreSIGPIPE
    try process.run()
    // Input is written and stderr read on threads of their own while stdout is read here: a child
    // that fills one pipe, or reads its input only after writing, would otherwise wait for us
    // forever (and we for it).
    let inputEnd = stdin.fileHandleForWriting, errorEnd = err.fileHandleForReading
    let writer = input.map { input in
        Background {
            try? inputEnd.write(contentsOf: input)
            try? inputEnd.close()
            return Data()
        }
    }
    if writer == nil { try? inputEnd.close() }
    let errors = Background { errorEnd.readDataToEndOfFile() }
    let output = out.fileHandleForReading.readDataToEndOfFile()
    let errorOutput = errors.wait()
    _ = writer?.wait()
    process.waitUntilExit()
    let status = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
    return ProcessResult(status: status, stdout: String(decoding: output, as: UTF8.self),
                         stderr: String(decoding: errorOutput, as: UTF8.self))
}

/// A child that exits without reading all its input must be an error of the write, not a SIGPIPE
/// that ends the test process.
private let ignoreSIGPIPE: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

/// Work on a thread of its own whose result is waited for once.
private final class Background: @unchecked Sendable {
    private let done = NSCondition()
    private var result: Data?

    init(_ body: @escaping @Sendable () -> Data) {
        let thread = Thread { [self] in
            let value = body()
            done.lock()
            result = value
            done.signal()
            done.unlock()
        }
        thread.stackSize = 1 << 20
        thread.start()
    }

    func wait() -> Data {
        done.lock()
        defer { done.unlock() }
        while result == nil { done.wait() }
        return result ?? Data()
    }
}
