// LineBuffer: bytes in, whole lines out — how every reader of a gateway's byte stream finds its
// JSON-RPC lines (the blocking client on the caller's thread, the async client on its reader
// thread).

#if canImport(Glibc)
import Glibc
#endif

public struct LineBuffer: Sendable {
    private var bytes: [UInt8] = []
    /// Where the unread part starts: lines are taken without moving the rest each time.
    private var start = 0

    public init() {}

    public mutating func append(_ chunk: some Collection<UInt8>) { bytes.append(contentsOf: chunk) }

    /// The next whole line, without its newline; nil until one has arrived.
    public mutating func nextLine() -> String? {
        guard let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) else {
            if start > 0 {
                bytes.removeFirst(start)
                start = 0
            }
            return nil
        }
        let line = String(decoding: bytes[start..<newline], as: UTF8.self)
        start = newline + 1
        if start == bytes.count {
            bytes.removeAll(keepingCapacity: true)
            start = 0
        }
        return line
    }

    /// The bytes that are not a whole line yet, taken out (a relay passes them on as they are).
    public mutating func takeRest() -> [UInt8] {
        defer { bytes.removeAll(); start = 0 }
        return Array(bytes[start...])
    }

    /// Reads what `fd` has into the buffer, waiting for something to arrive; false at the end of
    /// the stream or on an error (EINTR is retried).
    public mutating func fill(from fd: Int32) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            bytes.append(contentsOf: chunk[..<count])
            return true
        }
    }
}
