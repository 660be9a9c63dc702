// The one place a Unix socket address is built: plain blocking connect/bind calls (no event loop).
// One-shot commands connect, send a line and read a line in well under a millisecond, and probing
// a socket must not start NIO.

#if canImport(Glibc)
import Glibc
#endif

public enum SocketProbe: Sendable, Equatable {
    case answers, refused, missing
}

public enum RawSocket {
    /// A new blocking AF_UNIX stream socket (close-on-exec), or -1 with errno set.
    public static func stream() -> Int32 {
        socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    }

    /// Whether something listens on `path`.
    public static func probe(_ path: String) -> SocketProbe {
        let fd = stream()
        guard fd >= 0 else { return .refused }
        defer { close(fd) }
        switch connect(fd, path) {
        case 0: return .answers
        case ENOENT: return .missing
        default: return .refused
        }
    }

    /// Writes all of `bytes` to `fd` (a socket, a pipe, stdout), retrying after EINTR and short
    /// writes; false once a write fails (the other end is gone).
    public static func writeAll(_ fd: Int32, _ bytes: some Collection<UInt8>) -> Bool {
        let contiguous = Array(bytes)
        var offset = 0
        while offset < contiguous.count {
            let written = contiguous[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return false }
            offset += written
        }
        return true
    }

    /// Writes `line` and a newline to `fd` (see `writeAll`).
    public static func writeLine(_ fd: Int32, _ line: String) -> Bool {
        var bytes = Array(line.utf8)
        bytes.append(UInt8(ascii: "\n"))
        return writeAll(fd, bytes)
    }

    /// connect(2) to a Unix path; returns 0 or the errno.
    public static func connect(_ fd: Int32, _ path: String) -> Int32 {
        withAddress(path) { address, length in Glibc.connect(fd, address, length) }
    }

    /// bind(2) to a Unix path; returns 0 or the errno.
    public static func bind(_ fd: Int32, _ path: String) -> Int32 {
        withAddress(path) { address, length in Glibc.bind(fd, address, length) }
    }

    /// Calls `body` with a `sockaddr_un` for `path`; returns 0 when it returned 0, else the errno
    /// (ENAMETOOLONG when the path does not fit the 108-byte `sun_path`).
    private static func withAddress(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Int32) -> Int32 {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return ENAMETOOLONG }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        return result == 0 ? 0 : errno
    }
}
