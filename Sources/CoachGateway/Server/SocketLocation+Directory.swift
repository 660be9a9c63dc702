// Making the socket's place safe before the gateway listens there (where it is: CoachWire's
// SocketLocation): a 0700 directory; /tmp/coach-$UID made 0700 and checked for ownership the way
// tmux checks its socket directory.

#if canImport(Glibc)
import Glibc
#endif
import Foundation

import CoachWire

extension SocketLocation {
    /// Creates the socket's directory 0700 if missing, and refuses a directory that another user
    /// owns or that others can enter (someone could swap the socket for their own).
    public func prepareDirectory() throws(GatewayStartError) {
        guard path.utf8.count < 108 else { throw .pathTooLong(path) }
        let directory = self.directory
        if mkdir(directory, 0o700) != 0 && errno != EEXIST {
            if errno == ENOENT {
                // The parent is missing too (e.g. a fresh XDG_RUNTIME_DIR subfolder): create the chain.
                try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                         attributes: [.posixPermissions: 0o700])
            }
            var info = stat()
            guard stat(directory, &info) == 0 else { throw .directory(directory, String(cString: strerror(errno))) }
        }
        var info = stat()
        guard lstat(directory, &info) == 0 else { throw .directory(directory, String(cString: strerror(errno))) }
        guard (info.st_mode & S_IFMT) == S_IFDIR else { throw .directory(directory, "it is not a directory") }
        guard info.st_uid == getuid() else { throw .directory(directory, "it belongs to another user (uid \(info.st_uid))") }
        if info.st_mode & 0o777 != 0o700 {
            // chmod, not mkdir's mode: mkdir is subject to the umask, which may be anything here.
            // Ours but with other permissions (made by hand, or by an older version): fix rather than refuse.
            guard chmod(directory, 0o700) == 0 else { throw .directory(directory, "cannot make it private (chmod 0700)") }
        }
    }
}

/// Why the gateway could not start, worded for the person who has to fix it.
public enum GatewayStartError: Error, Sendable, CustomStringConvertible {
    case pathTooLong(String)
    case directory(String, String)
    case alreadyRunning(String, pid: String?)
    case inUseByAnotherProgram(String)
    case bind(String, String)

    public var description: String {
        switch self {
        case .pathTooLong(let path):
            return "socket path is too long for a Unix socket (108 bytes max): \(path); choose a shorter --socket"
        case .directory(let directory, let why):
            return "cannot use \(directory) for the socket: \(why). Fix it, or pass --socket PATH."
        case .alreadyRunning(let path, let pid):
            return "a gateway is already running on \(path)\(pid.map { " (pid \($0))" } ?? ""). Use it (coach status), or stop it first."
        case .inUseByAnotherProgram(let path):
            return "\(path) answers but is not a gateway of ours; it was left alone. Pass --socket PATH."
        case .bind(let path, let why):
            return "cannot listen on \(path): \(why)"
        }
    }
}
