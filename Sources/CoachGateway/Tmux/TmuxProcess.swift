// Running tmux as a one-shot process: the fallback pusher (`tmux set -g @coach …` per change), the
// setup command's queries, and tests' read-back.
// Through ChildProcess (swift-subprocess), not a hand-written posix_spawn: measured, a fallback push
// costs about 0.25 ms more at p50 (Benchmarks/feed/README.md), on a path taken only while
// the control-mode client is down; not enough to keep a second spawner.

import CoachProcess
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

enum TmuxProcess {
    struct Result: Sendable {
        var status: Int32
        var output: String
        var error: String
    }

    /// Runs `tmux <target> <arguments>` to completion (tmux answers in about 2 ms).
    static func run(_ arguments: [String], target: TmuxTarget, executable: String = "tmux") async throws(TmuxError) -> Result {
        // Files, not pipes: a tmux server this command starts daemonises, and its output must be
        // whole once the command has exited, whatever the server holds.
        let base = "/tmp/coach-tmux-\(getpid())-\(counter.add(1, ordering: .relaxed).newValue)"
        let outPath = base + ".out", errPath = base + ".err"
        defer {
            unlink(outPath)
            unlink(errPath)
        }
        let child: ChildProcess
        do {
            child = try await ChildProcess.start([executable] + target.arguments + arguments, stdin: .null,
                                                 stdout: .file(outPath, append: false), stderr: .file(errPath, append: false))
        } catch {
            throw .spawnFailed(error.description)
        }
        let status = await child.wait()
        return Result(status: status, output: readFile(outPath), error: readFile(errPath))
    }

    private static let counter = Atomic<Int>(0)

    private static func readFile(_ path: String) -> String {
        guard let file = fopen(path, "r") else { return "" }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count <= 0 { break }
            bytes += chunk[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Runs and throws tmux's message on failure; "no server running" and "no sessions" mean
    /// there is nothing to show the value.
    @discardableResult
    static func check(_ arguments: [String], target: TmuxTarget, executable: String = "tmux") async throws(TmuxError) -> String {
        let result = try await run(arguments, target: target, executable: executable)
        guard result.status == 0 else {
            let message = String(result.error.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
            if message.contains("no server running") || message.contains("no sessions")
                || message.contains("error connecting") {
                throw .unavailable(message)
            }
            throw .commandFailed(message.isEmpty ? "exit status \(result.status)" : message)
        }
        return result.output
    }
}

/// One tmux command as a process, for tools and commands (`coach tmux setup`, the benchmark):
/// returns its standard output, throws tmux's message on failure.
public enum TmuxCommand {
    @discardableResult
    public static func run(_ arguments: [String], target: TmuxTarget = .default,
                           executable: String = "tmux") async throws(TmuxError) -> String {
        try await TmuxProcess.check(arguments, target: target, executable: executable)
    }
}
