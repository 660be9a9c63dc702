// `coach changes --follow --anchor-file F` against a real `coach serve` (issue 33, item 6): the
// follower is stopped mid-stream while samples keep arriving, started again on the same anchor
// file, and between its two runs every change is printed exactly once — none missed, none
// repeated. Then `coach delete --yes` reaches a third follower as tombstones.

import CoachGateway
import CoachWire
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite("coach changes --follow", .serialized)
struct ChangesFollowTests {
    /// The sync identifiers of the added samples and the ids of deleted objects, line by line.
    static func objects(in path: String) -> (added: [String], deleted: [String], lines: Int) {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        var added: [String] = []
        var deleted: [String] = []
        var lines = 0
        for line in text.split(separator: "\n") {
            guard let page = try? JSONValue(parsing: String(line)) else { continue }
            lines += 1
            if case .array(let items)? = page["added"] {
                added += items.compactMap { $0["syncIdentifier"]?.stringValue ?? ($0["kind"]?.stringValue == "workout" ? "workout" : nil) }
            }
            if case .array(let items)? = page["deleted"] { deleted += items.compactMap { $0["id"]?.stringValue } }
        }
        return (added, deleted, lines)
    }

    static func follow(_ binary: String, home: ScratchHome, anchorFile: String, output: String) async throws -> Child {
        let descriptor = open(output, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        defer { close(descriptor) }
        return try await ChildProcess.spawn([binary, "changes", "--follow", "--anchor-file", anchorFile],
                                            environment: home.environment, stdout: descriptor)
    }

    @Test func aStoppedFollowerResumesWithoutMissingOrRepeating() async throws {
        let binary = try #require(CoachBinary.path(), "coach is not built")
        let home = try ScratchHome()
        let gateway = try await BackgroundGateway(home: home)
        defer { gateway.killSoon() }
        let anchorFile = home.root.appendingPathComponent("sync.anchor").path
        let first = home.root.appendingPathComponent("first.jsonl").path
        let second = home.root.appendingPathComponent("second.jsonl").path
        let client = try AsyncGatewayClient(location: SocketLocation(path: gateway.socketPath))
        defer { client.close() }
        _ = try await client.call("start", ["activity": "running"])

        let follower = try await Self.follow(binary, home: home, anchorFile: anchorFile, output: first)
        for n in 1...60 {
            _ = try await client.call("sample", ["type": "heartRate", "value": .number(Double(100 + n % 40)),
                                                 "syncIdentifier": .string("s-\(n)")])
            if n == 30 {
                // Mid-stream: it has printed something, and more is coming.
                _ = try await poll(timeout: .seconds(60)) { Self.objects(in: first).lines > 0 }
                await ChildProcess.terminate(follower)
            }
        }
        _ = try await client.call("end", ["save": true])
        let resumed = try await Self.follow(binary, home: home, anchorFile: anchorFile, output: second)
        let caughtUp = try await poll(timeout: .seconds(60)) { Self.objects(in: second).added.contains("workout") }
        await ChildProcess.terminate(resumed)
        #expect(caughtUp, "the resumed follower never printed the saved workout")

        let seen = Self.objects(in: first).added + Self.objects(in: second).added
        let expected = (1...60).map { "s-\($0)" } + ["workout"]
        #expect(Self.objects(in: first).added.isEmpty == false)
        #expect(Self.objects(in: second).added.isEmpty == false)
        #expect(seen.sorted() == expected.sorted(), "missed: \(Set(expected).subtracting(seen).sorted()), repeated: \(seen.count - Set(seen).count)")

        // A deletion by the user reaches a follower as tombstones: the workout and its 60 samples.
        let third = home.root.appendingPathComponent("third.jsonl").path
        let tombstones = try await Self.follow(binary, home: home, anchorFile: anchorFile, output: third)
        let history = try await client.call("history")
        guard case .array(let workouts) = history, let id = workouts.first?["id"]?.stringValue else {
            Issue.record("no saved workout in \(history)")
            await ChildProcess.terminate(tombstones)
            return
        }
        let deletion = try await runProcess(binary, ["delete", String(id.prefix(8)), "--yes"], environment: home.environment)
        #expect(deletion.status == 0, "coach delete: \(deletion.stderr)")
        #expect(deletion.stdout.contains("Deleted workout"))
        let heard = try await poll(timeout: .seconds(60)) { Self.objects(in: third).deleted.count >= 61 }
        await ChildProcess.terminate(tombstones)
        #expect(heard)
        #expect(Self.objects(in: third).deleted.contains(id))
        #expect(Self.objects(in: third).added.isEmpty)
        // Without --yes and without a terminal, nothing is deleted and the status says more input is needed.
        let unconfirmed = try await runProcess(binary, ["delete", "ffff"], environment: home.environment)
        #expect(unconfirmed.status == 6)
        try await gateway.stop()
    }
}
