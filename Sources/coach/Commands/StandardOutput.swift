// Writing followed output: a status bar or `head` that stops reading closes the pipe, which is the
// normal way for `--follow` to end — not a crash (Foundation's FileHandle.write traps on EPIPE).

#if canImport(Glibc)
import Glibc
#endif

enum StandardOutput {
    /// Writes all of `text` to stdout; exits quietly with status 0 when the reader has gone.
    static func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(1, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                exit(0)
            }
            bytes = bytes.dropFirst(written)
        }
    }
}
