// One persistent tmux control-mode client (`tmux -C attach -f no-output,ignore-size`). Commands are
// written one per line; tmux answers each with a `%begin … %end` (or `%error`) block, in order, so
// replies are matched first-in first-out. Findings with tmux 3.3a (docs/integrations/tmux.md):
// - control mode needs a session: `attach` with no -t takes the most recent one; with none tmux
//   answers the attach itself with `%error` ("no sessions") and exits; `-N` keeps the attach from
//   starting a server when none runs; `new-session -d` in control
//   mode creates the session and exits at once, so it cannot keep a client alive;
// - `no-output` keeps tmux from streaming every pane's output to us, `ignore-size` keeps this
//   headless client from shrinking windows;
// - `set -g @opt` redraws every client's status line itself: no `refresh-client -S` is needed.

import CoachProcess
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

final class TmuxControlClient: Sendable {
    private struct Block {
        var guardTag: Substring
        var lines: [String] = []
    }

    private struct State {
        /// One per command written (the first is the attach itself), answered in order.
        var pending: [CheckedContinuation<[String], any Error>] = []
        var block: Block?
        var closed = false
    }

    private let child: ChildProcess
    /// Our ends: tmux's stdin (closing it detaches the client) and its stdout.
    private let inputFD: Int32
    private let outputFD: Int32
    private let state = Mutex(State())

    private init(child: ChildProcess, inputFD: Int32, outputFD: Int32) {
        self.child = child
        self.inputFD = inputFD
        self.outputFD = outputFD
    }

    /// Starts the client and waits for tmux to accept the attach.
    static func connect(target: TmuxTarget, executable: String = "tmux") async throws -> TmuxControlClient {
        // A write to a tmux that just exited must be an error, not a process-killing signal.
        signal(SIGPIPE, SIG_IGN)
        let input = try pipe(), output = try pipe()
        let child: ChildProcess
        do {
            // -N: attach-session would otherwise start a server, which finds no session and exits
            // at once; a one-shot command racing that dying server (the fallback's set-option)
            // would then "succeed" against nothing, or fail with "server exited unexpectedly".
            child = try await ChildProcess.start([executable] + target.arguments + ["-N", "-C", "attach-session", "-f", "no-output,ignore-size"],
                                                 stdin: .descriptor(input.read), stdout: .descriptor(output.write), stderr: .null)
        } catch {
            [input.read, input.write, output.read, output.write].forEach { _ = Glibc.close($0) }
            throw TmuxError.spawnFailed(error.description)
        }
        // The child's ends now live in tmux only.
        _ = Glibc.close(input.read)
        _ = Glibc.close(output.write)
        let client = TmuxControlClient(child: child, inputFD: input.write, outputFD: output.read)
        _ = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<[String], any Error>) in
            client.state.withLock { $0.pending.append(continuation) }
            client.startReader()
        }
        return client
    }

    /// Sends one command line and returns its output lines, or throws tmux's `%error` text.
    func send(_ command: String) async throws -> [String] {
        let line = Array((command + "\n").utf8)
        return try await withCheckedThrowingContinuation { continuation in
            // Queue and write under one lock so the reply order matches the write order.
            let (queued, failure): (Bool, TmuxError?) = state.withLock { state in
                guard !state.closed else { return (false, .unavailable("control client closed")) }
                state.pending.append(continuation)
                return RawSocket.writeAll(inputFD, line) ? (true, nil) : (true, .unavailable("control client gone"))
            }
            guard let failure else { return }
            if queued { failAll(failure) } else { continuation.resume(throwing: failure) }
        }
    }

    var isAlive: Bool { state.withLock { !$0.closed } }

    /// Detaches: closing tmux's stdin makes the control client exit cleanly.
    func close() {
        let first = state.withLock { state -> Bool in
            defer { state.closed = true }
            return !state.closed
        }
        if first { _ = Glibc.close(inputFD) }
        failAll(.unavailable("control client closed"))
    }

    // MARK: - Reading

    private func startReader() {
        let thread = Thread { [self] in
            var buffer: [UInt8] = []
            let fd = outputFD
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }
                buffer.append(contentsOf: chunk[0..<count])
                while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                    handle(line: String(decoding: buffer[..<newline], as: UTF8.self))
                    buffer.removeSubrange(...newline)
                }
            }
            let wasOpen = state.withLock { state -> Bool in
                defer { state.closed = true }
                return !state.closed
            }
            failAll(.unavailable("tmux control client exited"))
            // Closing tmux's stdin is close()'s job unless tmux left on its own.
            if wasOpen { _ = Glibc.close(inputFD) }
            _ = Glibc.close(fd)
            // The child is reaped by the task ChildProcess runs it in.
        }
        thread.name = "tmux-control"
        thread.start()
    }

    private func handle(line: String) {
        let resume: (CheckedContinuation<[String], any Error>, Result<[String], TmuxError>)? = state.withLock { state in
            if var block = state.block {
                // Only the %end/%error with the same time and number closes the block: output may
                // itself contain lines starting with "%end".
                let parts = line.split(separator: " ")
                if parts.count >= 3, parts[0] == "%end" || parts[0] == "%error",
                   parts[1] + " " + parts[2] == block.guardTag {
                    state.block = nil
                    guard !state.pending.isEmpty else { return nil }
                    let continuation = state.pending.removeFirst()
                    return parts[0] == "%end"
                        ? (continuation, .success(block.lines))
                        : (continuation, .failure(.commandFailed(block.lines.joined(separator: "\n"))))
                }
                block.lines.append(line)
                state.block = block
                return nil
            }
            if line.hasPrefix("%begin ") {
                let parts = line.split(separator: " ")
                if parts.count >= 3 { state.block = Block(guardTag: parts[1] + " " + parts[2]) }
            }
            // Other notifications (%session-changed, %exit, …) need no answer; EOF follows %exit.
            return nil
        }
        guard let (continuation, result) = resume else { return }
        switch result {
        case .success(let lines): continuation.resume(returning: lines)
        case .failure(let error):
            // The attach's own error ("no sessions") means there is nothing to attach to.
            continuation.resume(throwing: error.description.contains("no sessions")
                                ? TmuxError.unavailable("no sessions") : error)
        }
    }

    private func failAll(_ error: TmuxError) {
        let pending = state.withLock { state in
            defer { state.pending.removeAll() }
            return state.pending
        }
        for continuation in pending { continuation.resume(throwing: error) }
    }

    /// A pipe whose ends are close-on-exec (pipe2 is not exported to Swift here): a program
    /// started elsewhere, not through ChildProcess (which closes everything but 0/1/2), must not
    /// keep tmux's stdin open.
    private static func pipe() throws(TmuxError) -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        guard Glibc.pipe(&fds) == 0 else { throw .spawnFailed("pipe: \(String(cString: strerror(errno)))") }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return (fds[0], fds[1])
    }
}
