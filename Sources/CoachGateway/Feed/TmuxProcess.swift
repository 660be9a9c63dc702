// Running tmux as a one-shot process: the fallback pusher (`tmux set -g @coach …` per change), the
// setup command's queries, and tests' read-back.

#if canImport(FoundationEssentials)
import FoundationEssentials
#endif
import Foundation

enum TmuxProcess {
    struct Result: Sendable {
        var status: Int32
        var output: String
        var error: String
    }

    /// Runs `tmux <target> <arguments>` to completion. Blocking: call from a task that may block
    /// briefly (tmux answers in about 2 ms) or from synchronous tools.
    static func run(_ arguments: [String], target: TmuxTarget, executable: String = "tmux") throws(TmuxError) -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [executable] + target.arguments + arguments
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { throw .spawnFailed("\(error)") }
        // Read before waiting: a full pipe would otherwise block tmux and us forever.
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: out, as: UTF8.self),
                      error: String(decoding: err, as: UTF8.self))
    }

    /// Runs and throws tmux's message on failure; "no server running" and "no sessions" mean
    /// there is nothing to show the value.
    @discardableResult
    static func check(_ arguments: [String], target: TmuxTarget, executable: String = "tmux") throws(TmuxError) -> String {
        let result = try run(arguments, target: target, executable: executable)
        guard result.status == 0 else {
            let message = result.error.trimmingCharacters(in: .whitespacesAndNewlines)
            if message.contains("no server running") || message.contains("no sessions")
                || message.contains("error connecting") {
                throw .unavailable(message)
            }
            throw .commandFailed(message.isEmpty ? "exit status \(result.status)" : message)
        }
        return result.output
    }
}
