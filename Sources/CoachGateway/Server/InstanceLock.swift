// One gateway per socket: an exclusive flock on `<socket>.lock`, held for the gateway's lifetime.
// The kernel drops it when the process dies, so unlike a pidfile it can never go stale.

#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization

public final class InstanceLock: Sendable {
    /// The locked file's descriptor; -1 once released.
    private let descriptor: Mutex<Int32>
    public let path: String

    /// Takes the lock, or throws `alreadyRunning` with the holder's pid when another gateway has it.
    public init(path: String, socketPath: String) throws(GatewayStartError) {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .directory(path, String(cString: strerror(errno))) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let pid = Self.recordedPID(fd)
            close(fd)
            throw .alreadyRunning(socketPath, pid: pid.map(String.init))
        }
        let pid = "\(getpid())\n"
        _ = ftruncate(fd, 0)
        _ = pid.withCString { pwrite(fd, $0, strlen($0), 0) }
        self.descriptor = Mutex(fd)
        self.path = path
    }

    /// Lets the lock go now rather than when the last reference does: a graceful shutdown has
    /// released it by the time it returns, whoever still holds the server (a task finishing its
    /// close). A second call does nothing.
    public func release() {
        let fd = descriptor.withLock { fd in
            defer { fd = -1 }
            return fd
        }
        if fd >= 0 { close(fd) }
    }

    deinit { release() }

    /// The pid of the gateway holding the lock at `path`; nil when no process holds it (none
    /// runs, or one started by systemd socket activation, which takes no lock).
    public static func holder(path: String) -> pid_t? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        if flock(fd, LOCK_SH | LOCK_NB) == 0 {
            flock(fd, LOCK_UN)
            return nil
        }
        return recordedPID(fd)
    }

    /// The pid the holder wrote into the lock file.
    private static func recordedPID(_ fd: Int32) -> pid_t? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = pread(fd, &buffer, 31, 0)
        guard count > 0 else { return nil }
        return pid_t(String(decoding: buffer[0..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
