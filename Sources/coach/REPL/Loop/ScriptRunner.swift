// ScriptRunner: REPL lines from a file or a pipe, without readline. Each result is printed (text,
// or one JSON object per result with --json); the first failure stops the script and sets the
// exit status, unless --keep-going, which carries on and still exits with the first failure's.

import CoachCore
#if canImport(Glibc)
import Glibc
#endif

enum ScriptRunner {
    struct Options: Sendable {
        var keepGoing = false
        /// For messages: the script's name, "-" for stdin.
        var name = "-"
    }

    static func run(lines: some Sequence<String>, backend: ReplBackend, session: ReplSession,
                    options: Options) async -> Int32 {
        var interpreter = ReplInterpreter(backend: backend, session: session)
        var firstFailure: ReplFailure?
        var number = 0
        for line in lines {
            number += 1
            let output = await interpreter.handle(line)
            for text in output.lines { write(text, to: STDOUT_FILENO) }
            if let failure = output.failure {
                firstFailure = firstFailure ?? failure
                if !options.keepGoing {
                    write("coach: \(options.name):\(number): stopped at the first failure "
                          + "(exit \(failure.exitStatus); --keep-going carries on)", to: STDERR_FILENO)
                    break
                }
            }
            if output.quit { break }
        }
        if firstFailure == nil || options.keepGoing, interpreter.session.question != nil {
            write(ReplStrings.unansweredAtEnd(interpreter.session.language), to: STDERR_FILENO)
            firstFailure = firstFailure ?? .unansweredQuestion
        }
        await backend.shutdown()
        return firstFailure?.exitStatus ?? ReplExitStatus.success
    }

    /// Unbuffered, whole lines: a status bar or a pipe reading us sees each result as it happens.
    static func write(_ text: String, to fd: Int32) {
        var bytes = Array((text + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += written
        }
    }
}

/// Lines of a file descriptor, read lazily (so a pipe is answered line by line), "\r\n" tolerated.
struct FileLines: Sequence, IteratorProtocol {
    private let fd: Int32
    private var buffer: [UInt8] = []
    private var finished = false

    init(fd: Int32) { self.fd = fd }

    mutating func next() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                var line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                if line.last == UInt8(ascii: "\r") { line.removeLast() }
                return String(decoding: line, as: UTF8.self)
            }
            if finished {
                guard !buffer.isEmpty else { return nil }
                defer { buffer = [] }
                return String(decoding: buffer, as: UTF8.self)
            }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { finished = true } else { buffer += chunk[..<count] }
        }
    }
}
