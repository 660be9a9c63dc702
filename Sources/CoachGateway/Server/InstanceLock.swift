// One gateway per socket: an exclusive flock on `<socket>.lock`, held for the gateway's lifetime.
// The kernel drops it when the process dies, so unlike a pidfile it can never go stale.

#if canImport(Glibc)
import Glibc
#endif
import Foundation

public final class InstanceLock: Sendable {
    private let descriptor: Int32
    public let path: String

    /// Takes the lock, or throws `alreadyRunning` with the holder's pid when another gateway has it.
    public init(path: String, socketPath: String) throws(GatewayStartError) {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .directory(path, String(cString: strerror(errno))) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            var buffer = [UInt8](repeating: 0, count: 32)
            let count = pread(fd, &buffer, 31, 0)
            close(fd)
            let pid = count > 0 ? String(decoding: buffer[0..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) : nil
            throw .alreadyRunning(socketPath, pid: pid)
        }
        let pid = "\(getpid())\n"
        _ = ftruncate(fd, 0)
        _ = pid.withCString { pwrite(fd, $0, strlen($0), 0) }
        self.descriptor = fd
        self.path = path
    }

    deinit { close(descriptor) }
}
