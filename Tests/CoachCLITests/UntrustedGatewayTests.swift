// Issue 21: clients refuse a socket another user controls. As root, a throwaway user is made and
// root (standing in for any other local user) plants a listener where that user's clients look
// when XDG_RUNTIME_DIR is unset (/tmp/coach-$UID/coach.sock). Every client — `coach status`,
// `coach sample`, `coach-status`, the interactive REPL (in a pty), a script REPL with --socket and
// `coach bridge` — must exit 77 and the listener must receive 0 bytes: first in a directory root
// made, then in the user's own directory with root's listener in it (only the peer check can tell).

import CoachWire
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite(.serialized, .enabled(if: getuid() == 0, "needs root: it adds a throwaway user (useradd) and plants a listener as another uid"))
struct UntrustedGatewayTests {
    @Test func aDirectoryAnotherUserMadeIsRefusedByEveryClient() async throws {
        // Root's directory, open to all, as an attacker would make it.
        try await withPlantedListener(directoryPermissions: 0o777) { user, directory, listener in
            for client in try user.clients(socket: directory + "/coach.sock") {
                let result = try await user.run(client.command)
                // In a pty (the REPL) the message comes through script's stdout.
                let message = result.stderr + result.stdout
                #expect(result.status == 77, "\(client.name): \(message)")
                #expect(message.contains(directory), "\(client.name) names the directory: \(message)")
                #expect(message.contains("uid 0"), "\(client.name) names its owner: \(message)")
                #expect(message.contains("XDG_RUNTIME_DIR") && message.contains("--socket"), "\(client.name) says what to do: \(message)")
                #expect(listener.bytesReceived() == 0, "\(client.name) sent nothing to the planted listener")
            }
            // Nothing was started into that directory: only the planted socket is there.
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["coach.sock"])
        }
    }

    @Test func aListenerOfAnotherUserInTheUsersOwnDirectoryIsRefused() async throws {
        // The directory passes the ownership check; the process behind the socket is root's.
        try await withPlantedListener(directoryPermissions: 0o700, prepare: { user, directory in
            #expect(chown(directory, user.uid, user.gid) == 0)
        }) { user, directory, listener in
            for client in try user.clients(socket: directory + "/coach.sock") {
                let result = try await user.run(client.command)
                let message = result.stderr + result.stdout
                #expect(result.status == 77, "\(client.name): \(message)")
                #expect(message.contains("runs as uid 0"), "\(client.name) names the listener's owner: \(message)")
                #expect(listener.bytesReceived() == 0, "\(client.name) sent nothing to the planted listener")
            }
            #expect(listener.connections > 0, "the clients did reach the listener (the peer check, not the directory, refused)")
        }
    }
}

/// Runs `body` with a throwaway user and root's listener at that user's /tmp fallback socket,
/// /tmp/coach-$UID/coach.sock, in a directory root made with `directoryPermissions` and then
/// `prepare`d; the user, the directory and the listener are gone afterwards.
private func withPlantedListener(directoryPermissions: Int, prepare: (ThrowawayUser, String) -> Void = { _, _ in },
                                 _ body: (ThrowawayUser, String, PlantedListener) async throws -> Void) async throws {
    let user = try await ThrowawayUser()
    try await withCleanup({ await user.remove() }) {
        let directory = "/tmp/coach-\(user.uid)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: directoryPermissions])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        prepare(user, directory)
        let listener = try PlantedListener(path: directory + "/coach.sock")
        defer { listener.close() }
        try await body(user, directory, listener)
    }
}

/// A user made for one test with useradd (no home, no login shell) and removed with userdel.
private struct ThrowawayUser {
    let name: String
    let uid: uid_t
    let gid: gid_t
    /// Root-made 0755 folder with copies of the binaries (the build tree may not be readable by others)
    /// and the user's own 0700 home.
    let scratch: String

    init() async throws {
        name = "coachprobe\(getpid() % 100_000)"
        _ = try await runProcess("/usr/sbin/userdel", [name])   // a leftover of a killed run
        let added = try await runProcess("/usr/sbin/useradd", ["--no-create-home", "--shell", "/usr/sbin/nologin", name])
        guard added.status == 0, let entry = getpwnam(name) else { throw TmuxError("useradd \(name) failed: \(added.stderr)") }
        uid = entry.pointee.pw_uid
        gid = entry.pointee.pw_gid
        scratch = "/tmp/coach-untrusted-\(getpid())"
        let fileManager = FileManager.default
        try? fileManager.removeItem(atPath: scratch)
        try fileManager.createDirectory(atPath: scratch + "/bin", withIntermediateDirectories: true,
                                        attributes: [.posixPermissions: 0o755])
        chmod(scratch, 0o755)
        try fileManager.createDirectory(atPath: scratch + "/home", withIntermediateDirectories: true,
                                        attributes: [.posixPermissions: 0o700])
        chown(scratch + "/home", uid, gid)
        let coach = try #require(CoachBinary.path())
        let binaries = URL(fileURLWithPath: coach).deletingLastPathComponent()
        for program in ["coach", "coach-status"] {
            // cp(1), not FileManager: its write descriptor is not close-on-exec, so a process another
            // test spawns meanwhile would inherit it and exec would fail with ETXTBSY.
            let copied = try await runProcess("/bin/cp", [binaries.appendingPathComponent(program).path, scratch + "/bin/" + program])
            guard copied.status == 0 else { throw TmuxError("cannot copy \(program): \(copied.stderr)") }
            chmod(scratch + "/bin/" + program, 0o755)
        }
    }

    func remove() async {
        _ = try? await runProcess("/usr/sbin/userdel", [name])
        try? FileManager.default.removeItem(atPath: scratch)
    }

    struct Client {
        var name: String
        var command: [String]
    }

    /// Every way a user reaches the gateway, without XDG_RUNTIME_DIR (so the /tmp fallback).
    func clients(socket: String) throws -> [Client] {
        let coach = scratch + "/bin/coach", status = scratch + "/bin/coach-status"
        return [
            Client(name: "coach status", command: [coach, "status"]),
            Client(name: "coach sample heartRate 120", command: [coach, "sample", "heartRate", "120"]),
            Client(name: "coach-status", command: [status, "tmux"]),
            // The interactive REPL needs a terminal: script(1) gives it a pty and returns its status.
            Client(name: "the REPL", command: ["/usr/bin/script", "-qec", coach, "/dev/null"]),
            Client(name: "a REPL script with --socket", command: [coach, "--script", "-", "--socket", socket]),
            // What a mirror runs over ssh: it relays nothing to a socket it does not trust.
            Client(name: "coach bridge", command: [coach, "bridge"]),
        ]
    }

    /// Runs `command` as this user with a minimal environment and no XDG_RUNTIME_DIR.
    func run(_ command: [String]) async throws -> ProcessResult {
        let environment = ["HOME=\(scratch)/home", "PATH=/usr/bin:/bin", "LANG=C.UTF-8", "TERM=xterm",
                           "SWIFT_BACKTRACE=interactive=no"]
        return try await runProcess("/usr/bin/env", ["-i"] + environment
            + ["/usr/bin/setpriv", "--reuid=\(uid)", "--regid=\(gid)", "--clear-groups", "--"] + command,
            stdin: "status\n")
    }
}

/// A listening socket made by this (root) process, connectable by anyone (0777). Connections wait
/// in the backlog; bytesReceived() accepts them and reads each to its end — the clients have exited
/// by then, so whatever they wrote is there.
private final class PlantedListener {
    let fd: Int32
    private(set) var connections = 0

    init(path: String) throws {
        fd = RawSocket.stream()
        guard fd >= 0, RawSocket.bind(fd, path) == 0, listen(fd, 64) == 0 else {
            throw TmuxError("cannot listen on \(path): \(String(cString: strerror(errno)))")
        }
        chmod(path, 0o777)
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }

    func bytesReceived() -> Int {
        var total = 0
        while true {
            let connection = accept(fd, nil, nil)
            guard connection >= 0 else { break }
            connections += 1
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(connection, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                total += count
            }
            Glibc.close(connection)
        }
        return total
    }

    func close() { Glibc.close(fd) }
}
