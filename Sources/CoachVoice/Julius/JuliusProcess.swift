// JuliusProcess: the resident julius helper. Started once with the grammars, it reads a WAV file's
// path per line on its standard input (`-input file` without a file list) and prints that
// utterance's results, each block ending in a line of six dashes; it stays loaded between
// utterances, so an utterance costs only its search (julius itself starts in ~0.65 s on Coach's
// grammars; docs/voice.md, "Japanese by voice"). The file path is the simplest channel that keeps it
// resident — module mode needs a TCP port, adinnet a socket protocol; neither was measured — and the
// file is written to our private scratch directory. Stopped by its pid (SIGTERM) when the decoder
// goes away; our end of its standard input closing ends it too.

import CoachProcess
import Foundation
#if canImport(Glibc)
import Glibc
#endif

struct JuliusError: Error, Sendable, CustomStringConvertible {
    var description: String
}

final class JuliusProcess: @unchecked Sendable {  // one thread at a time, like the decoder
    let child: ChildProcess
    private let toChild: Int32
    private let fromChild: Int32
    private var buffer: [UInt8] = []
    private var stopped = false
    /// What julius printed while starting (its grammars' numbers among it).
    private(set) var startup = ""
    /// Where julius's standard error goes (why it failed to start).
    private let errorLog: String
    /// How long a reply may take before julius is taken for hung (a loaded machine is slow).
    static let patience: Int32 = 60_000

    /// The end of every block julius prints (its start-up, each utterance).
    static let blockEnd = Array("\n------\n".utf8)

    init(_ arguments: [String], errorLog: String) throws(JuliusError) {
        var input: [Int32] = [0, 0], output: [Int32] = [0, 0]
        guard pipe(&input) == 0, pipe(&output) == 0 else { throw JuliusError(description: "cannot make a pipe for julius") }
        _ = fcntl(input[1], F_SETFD, FD_CLOEXEC)
        _ = fcntl(output[0], F_SETFD, FD_CLOEXEC)
        self.errorLog = errorLog
        do {
            child = try ChildProcess.startBlocking(arguments, stdin: .descriptor(input[0]), stdout: .descriptor(output[1]),
                                                   stderr: .file(errorLog, append: false))
        } catch {
            [input[0], input[1], output[0], output[1]].forEach { close($0) }
            throw JuliusError(description: "cannot start \(arguments[0]): \(error.description)")
        }
        close(input[0])
        close(output[1])
        toChild = input[1]
        fromChild = output[0]
        signal(SIGPIPE, SIG_IGN)  // julius gone is an error of the write, not our end
        do throws(JuliusError) { startup = try readBlock() } catch {
            stop()
            throw error
        }
    }

    deinit { stop() }

    /// julius's results for one 16 kHz mono WAV file: the block it printed.
    func hear(file: String) throws(JuliusError) -> String {
        let line = Array((file + "\n").utf8)
        let written = line.withUnsafeBytes { Glibc.write(toChild, $0.baseAddress, $0.count) }
        guard written == line.count else { throw failure("julius stopped reading") }
        return try readBlock()
    }

    /// Reads up to the next block end.
    private func readBlock() throws(JuliusError) -> String {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            if let end = Self.find(Self.blockEnd, in: buffer) {
                let block = String(decoding: buffer[..<end], as: UTF8.self)
                buffer.removeFirst(end + Self.blockEnd.count)
                return block
            }
            var poller = pollfd(fd: fromChild, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Self.patience) > 0 else { throw failure("julius did not answer within \(Self.patience / 1000) s") }
            let n = chunk.withUnsafeMutableBytes { read(fromChild, $0.baseAddress, $0.count) }
            guard n > 0 else { throw failure("julius stopped") }
            buffer += chunk[..<n]
        }
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for i in 0...(haystack.count - needle.count) where haystack[i] == needle[0] {
            if Array(haystack[i..<i + needle.count]) == needle { return i }
        }
        return nil
    }

    /// The error for julius gone or hung, with what it said; a missing library is named with the
    /// Debian packages to install.
    private func failure(_ what: String) -> JuliusError {
        let said = (try? String(contentsOfFile: errorLog, encoding: .utf8)) ?? ""
        if said.contains("error while loading shared libraries") {
            let library = said.split(separator: "\n").first { $0.contains("error while loading shared libraries") }.map(String.init) ?? ""
            return JuliusError(description: "julius cannot start: \(library.trimmingCharacters(in: .whitespaces)); install its libraries with: sudo apt-get install \(ModelPackage.juliusLibraries.joined(separator: " "))")
        }
        let last = said.split(separator: "\n").suffix(3).joined(separator: " | ")
        return JuliusError(description: last.isEmpty ? what : "\(what): \(last)")
    }

    /// Ends julius by its pid (once; never a process that has taken the pid since).
    func stop() {
        guard !stopped else { return }
        stopped = true
        close(toChild)
        close(fromChild)
        child.signal(SIGTERM)
    }

    /// Its CPU time so far (user + system, s), from /proc: what it spent hearing.
    var cpuSeconds: Double {
        guard let stat = try? String(contentsOfFile: "/proc/\(child.pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}
