// EditorMailbox: how other threads and tasks talk to the editor thread. Messages queue under a
// lock; one byte down a self-pipe wakes the thread's poll(). Text of any length is safe this way
// (a pipe write is atomic only below PIPE_BUF), and nobody but the editor thread touches readline.

import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A request for the editor thread.
enum EditorMessage: Sendable {
    /// Print above the prompt, keeping the half-typed line and the cursor.
    case print(String)
    case prompt(String)
    /// SIGINT arrived: abandon the line, fresh prompt.
    case interrupt
    /// SIGWINCH arrived.
    case resize
    /// Restore the terminal and end the thread.
    case quit
}

final class EditorMailbox: Sendable {
    let readFD: Int32
    private let writeFD: Int32
    private let queue = Mutex<[EditorMessage]>([])

    init() {
        var fds: [Int32] = [-1, -1]
        // pipe2 is not exposed by the Glibc module (needs _GNU_SOURCE): pipe + fcntl instead.
        precondition(pipe(&fds) == 0, "coach: cannot create the editor's pipe")
        for fd in fds {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
        readFD = fds[0]
        writeFD = fds[1]
    }

    deinit {
        close(readFD)
        close(writeFD)
    }

    func post(_ message: EditorMessage) {
        queue.withLock { $0.append(message) }
        var byte: UInt8 = 1
        // A full pipe already guarantees a wake-up, so EAGAIN is fine to ignore.
        _ = write(writeFD, &byte, 1)
    }

    /// Empties the pipe and returns the queued messages, oldest first. Editor thread only.
    func drain() -> [EditorMessage] {
        var buffer = [UInt8](repeating: 0, count: 256)
        while read(readFD, &buffer, buffer.count) > 0 {}
        return queue.withLock { messages in
            defer { messages.removeAll() }
            return messages
        }
    }
}
