// Whether a socket may be talked to: checked by every client before it sends a byte.
// Another local user can make /tmp/coach-$UID first and listen there; a client that trusted the
// path would hand them workout commands and health samples. Two checks, as tmux makes for its
// socket directory plus what only a Unix socket can tell:
//   1. the directory: owned by this user and not writable by group or others — or, like /tmp, a
//      sticky directory where the socket file itself is this user's (nobody else can replace it);
//   2. the peer: SO_PEERCRED on our connected socket names the listening process's uid, which
//      must be ours (this also covers root, which file permissions do not stop).

#if canImport(Glibc)
import Glibc
#endif

/// A socket Coach refuses to talk to, worded for the person who has to fix it.
public struct UntrustedGateway: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Reason: Sendable, Hashable {
        /// The directory belongs to another user.
        case directoryOwner(uid: UInt32)
        /// The directory is ours but others may write in it (mode shown in octal).
        case directoryWritable(mode: UInt32)
        /// The directory path is not a directory (e.g. a symbolic link someone placed).
        case notADirectory
        /// The socket file in a shared sticky directory belongs to another user.
        case socketOwner(uid: UInt32)
        /// The process listening on the socket runs as another user.
        case peer(uid: UInt32, pid: Int32)
        /// The peer's credentials could not be read, so nothing vouches for it.
        case peerUnknown
    }

    public var path: String
    public var directory: String
    public var reason: Reason

    public var description: String {
        let problem: String
        switch reason {
        case .directoryOwner(let uid):
            problem = "its directory \(directory) belongs to \(Self.userName(uid)), not to you (uid \(getuid()))"
        case .directoryWritable(let mode):
            problem = "its directory \(directory) is writable by other users (mode \(String(mode & 0o7777, radix: 8)))"
        case .notADirectory:
            problem = "\(directory) is not a directory"
        case .socketOwner(let uid):
            problem = "the socket file belongs to \(Self.userName(uid)), not to you (uid \(getuid()))"
        case .peer(let uid, let pid):
            problem = "the process listening there (pid \(pid)) runs as \(Self.userName(uid)), not as you (uid \(getuid()))"
        case .peerUnknown:
            problem = "the credentials of the process listening there cannot be read (SO_PEERCRED)"
        }
        return "refusing to talk to \(path): \(problem), so someone else could be listening in your name. "
            + "Nothing was sent. Set XDG_RUNTIME_DIR to your own runtime directory, remove \(directory) if it is "
            + "not yours, or pass --socket PATH in a directory only you can write."
    }

    /// "uid 0 (root)", or "uid N" when the name is unknown.
    static func userName(_ uid: UInt32) -> String {
        guard let entry = getpwuid(uid), let name = entry.pointee.pw_name else { return "uid \(uid)" }
        return "uid \(uid) (\(String(cString: name)))"
    }
}

public enum GatewayTrust {
    /// Checks the socket's directory (and, in a sticky shared directory, the socket file). A
    /// missing directory passes: there is nothing to talk to yet, and a gateway started there
    /// makes it private itself.
    public static func checkDirectory(of location: SocketLocation) throws(UntrustedGateway) {
        let directory = location.directory.isEmpty ? "." : location.directory
        func refuse(_ reason: UntrustedGateway.Reason) -> UntrustedGateway {
            UntrustedGateway(path: location.path, directory: directory, reason: reason)
        }
        var info = stat()
        guard lstat(directory, &info) == 0 else { return }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            // A symbolic link to a directory is followed only when it and its target are ours.
            var target = stat()
            guard (info.st_mode & S_IFMT) == S_IFLNK, info.st_uid == getuid(), stat(directory, &target) == 0,
                  (target.st_mode & S_IFMT) == S_IFDIR
            else { throw refuse(.notADirectory) }
            info = target
            return try checkOwnership(info, location: location, refuse: refuse)
        }
        try checkOwnership(info, location: location, refuse: refuse)
    }

    private static func checkOwnership(_ info: stat, location: SocketLocation,
                                       refuse: (UntrustedGateway.Reason) -> UntrustedGateway) throws(UntrustedGateway) {
        let writableByOthers = info.st_mode & (S_IWGRP | S_IWOTH) != 0
        if info.st_mode & S_ISVTX != 0, writableByOthers {
            // A shared sticky directory such as /tmp: only the file's owner can remove or replace
            // it, so the socket file must be ours (a missing one passes: nothing to talk to).
            var file = stat()
            guard lstat(location.path, &file) == 0 else { return }
            guard file.st_uid == getuid() else { throw refuse(.socketOwner(uid: file.st_uid)) }
            return
        }
        guard info.st_uid == getuid() else { throw refuse(.directoryOwner(uid: info.st_uid)) }
        guard !writableByOthers else { throw refuse(.directoryWritable(mode: UInt32(info.st_mode))) }
    }

    /// Checks the connected socket's peer: the listening process must run as this user.
    public static func checkPeer(_ fd: Int32, location: SocketLocation) throws(UntrustedGateway) {
        guard let credentials = PeerCredentials.of(fd) else {
            // No credentials to read (not a Unix socket peer): nothing vouches for it.
            throw UntrustedGateway(path: location.path, directory: location.directory, reason: .peerUnknown)
        }
        guard credentials.uid == getuid() else {
            throw UntrustedGateway(path: location.path, directory: location.directory,
                                   reason: .peer(uid: credentials.uid, pid: credentials.pid))
        }
    }

    /// The one way a client reaches a gateway: the directory check, connect, the peer check; the
    /// connected descriptor, or why not. Nothing is written to the socket here.
    public static func connect(_ location: SocketLocation) throws(GatewayClientError) -> Int32 {
        do { try checkDirectory(of: location) } catch { throw .untrusted(error) }
        let fd = RawSocket.stream()
        guard fd >= 0 else { throw .unreachable(location.path, String(cString: strerror(errno))) }
        let result = RawSocket.connect(fd, location.path)
        guard result == 0 else {
            close(fd)
            throw .unreachable(location.path, String(cString: strerror(result)))
        }
        do { try checkPeer(fd, location: location) } catch {
            close(fd)
            throw .untrusted(error)
        }
        return fd
    }
}
