// Replacing a small file so that a power cut leaves the old content or the new, never a torn or
// empty file, and a replacement reported done stays done: the bytes go to a temporary beside it,
// which is fsynced, renamed over the file, and then the directory is fsynced (the rename itself is
// only on the disk once its directory is; Foundation's atomic write stops before that). Used for
// every file Coach rewrites — plans, settings, anchors, the mirror's state (docs/store.md, "After
// a power cut"; PowerLossTests checks it under simulated power cuts) — and for the directories
// they are in, when Coach makes them.

import Foundation
#if canImport(Glibc)
import Glibc
#endif

public enum DurableFile {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Replaces `path` with `bytes` (creating it, mode `permissions`), durably. The directory must exist.
    public static func write(_ bytes: some Collection<UInt8>, to path: String, permissions: mode_t = 0o644) throws(Failure) {
        let directory = (path as NSString).deletingLastPathComponent
        let temporary = directory + "/." + (path as NSString).lastPathComponent + ".\(getpid()).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, permissions)
        guard fd >= 0 else { throw cannotCreate(temporary) }
        let data = Array(bytes)
        var offset = 0
        while offset < data.count {
            let written = data[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                let error = failure("cannot write \(temporary)")
                close(fd)
                unlink(temporary)
                throw error
            }
            offset += written
        }
        guard fsync(fd) == 0 else {
            let error = failure("cannot sync \(temporary)")
            close(fd)
            unlink(temporary)
            throw error
        }
        close(fd)
        guard rename(temporary, path) == 0 else {
            let error = failure("cannot replace \(path)")
            unlink(temporary)
            throw error
        }
        syncDirectory(of: path)
    }

    /// `write` for text (UTF-8).
    public static func write(_ text: String, to path: String, permissions: mode_t = 0o644) throws(Failure) {
        try write(Array(text.utf8), to: path, permissions: permissions)
    }

    /// Creates directory `path` and its missing parents (mode `permissions`), each made durable:
    /// a directory's name is in its parent, so a file synced inside a new directory is lost with
    /// it until the parent is synced too (issue 42: the plan library's directory, made on the
    /// first `coach plan add`, could vanish at a power cut with every plan acknowledged in it).
    public static func createDirectory(_ path: String, permissions: mode_t = 0o755) throws(Failure) {
        var missing: [String] = []
        var current = path
        while current.count > 1, current.hasSuffix("/") { current.removeLast() }
        while current.count > 1, access(current, F_OK) != 0 {
            missing.append(current)
            current = (current as NSString).deletingLastPathComponent
        }
        for directory in missing.reversed() {
            guard mkdir(directory, permissions) == 0 || errno == EEXIST else { throw cannotCreate(directory) }
            syncDirectory(of: directory)
        }
    }

    /// Makes a name made, replaced or removed in `path`'s directory durable.
    public static func syncDirectory(of path: String) {
        let directory = open((path as NSString).deletingLastPathComponent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { return }
        _ = fsync(directory)
        close(directory)
    }

    private static func cannotCreate(_ path: String) -> Failure { failure("cannot create \(path)") }

    private static func failure(_ what: String) -> Failure {
        Failure(description: "\(what): \(String(cString: strerror(errno)))")
    }
}
