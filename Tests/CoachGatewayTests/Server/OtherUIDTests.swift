// Another uid at the socket (issue 18, item 6): with the socket and its directories loosened to
// 0777 (a misconfigured unit or shared runtime dir), 500 connections from uid 65534 each get the
// -32003 line and are closed, the gateway's sockets come back to where they were, and the owner
// is still served. Needs root (setpriv to another uid); elsewhere it says so and does not run.

import CoachWire
import CoachGateway
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite("Other uids", .serialized)
struct OtherUIDTests {
    /// The gateway's descriptors for `path`: our sockets bound to it — the listener and every
    /// connection it accepted (/proc/net/unix names the path for both). Counting them, rather than
    /// every descriptor of the process, keeps the tests running beside this one out of the count.
    static func socketDescriptors(on path: String) -> Int {
        // Read to the end: /proc files say they are empty, and with every socket of the machine
        // listed (a busy one has thousands) the table is many pages long.
        guard let data = FileHandle(forReadingAtPath: "/proc/net/unix")?.readDataToEndOfFile() else { return -1 }
        let table = String(decoding: data, as: UTF8.self)
        var inodes = Set<UInt64>()
        for line in table.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if fields.count >= 8, fields[7] == path, let inode = UInt64(fields[6]) { inodes.insert(inode) }
        }
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return descriptors.filter { fd in
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + fd),
                  target.hasPrefix("socket:["), let inode = UInt64(target.dropFirst(8).dropLast()) else { return false }
            return inodes.contains(inode)
        }.count
    }

    @Test(.enabled(if: getuid() == 0, "needs root: the test connects as uid 65534 through setpriv"))
    func anotherUidIsRefusedClosedAndReleasedEveryTime() async throws {
        let socat = try #require(HalfCloseTests.tool("socat"), "socat is needed (scripts/apt-packages.txt)")
        let setpriv = try #require(HalfCloseTests.tool("setpriv"), "setpriv is needed (util-linux)")
        try await TestGateway.running { test in
            let path = test.location.path
            _ = try await onThread { try test.client().call("ping") }
            let baseline = Self.socketDescriptors(on: path)
            // Loosen every directory on the way, and the socket itself (the owner's own clients refuse
            // such a socket, so the modes are put back before the owner asks again).
            var directories: [String] = []
            var directory = URL(fileURLWithPath: path).deletingLastPathComponent()
            while directory.path.hasPrefix("/tmp/coach-test-") {
                directories.append(directory.path)
                chmod(directory.path, 0o777)
                directory.deleteLastPathComponent()
            }
            chmod(path, 0o777)

            let connections = 500
            let script = "i=0; while [ $i -lt \(connections) ]; do \(socat) -t 5 - UNIX-CONNECT:\(path) </dev/null; i=$((i+1)); done"
            let (status, output) = try await onThread {
                try HalfCloseTests.shell("\(setpriv) --reuid=65534 --regid=65534 --clear-groups /bin/sh -c '\(script)'", input: "")
            }
            #expect(status == 0)
            let refusals = output.split(separator: "\n").filter { $0.contains("-32003") }.count
            #expect(refusals == connections, "\(refusals) refusals for \(connections) connections")

            // Every refused connection is closed: the descriptors come back (closing may lag a little).
            var now = Self.socketDescriptors(on: path)
            for _ in 0..<50 where now > baseline {
                try await Task.sleep(for: .milliseconds(100))
                now = Self.socketDescriptors(on: path)
            }
            #expect(baseline >= 1, "the listener is counted: \(baseline)")
            #expect(now <= baseline, "the gateway's sockets: \(baseline) before, \(now) after \(connections) refused connections")
            for path in directories { chmod(path, 0o700) }
            chmod(path, 0o600)
            let pong = try await onThread { try test.client().call("ping") }
            #expect(pong == "pong")
            print("other uid: \(connections) connections, \(refusals) refused with -32003; the gateway's sockets \(baseline) → \(now)")
        }
    }
}
