// Group commit on one connection (issue 15): samples pipelined on a single connection share their
// commits, and every reply is still sent only after its own sample is durable. The journal here is
// slow on purpose (5 ms a write, like an fsync): sent one at a time, 200 samples would take 200
// writes; pipelined, the connection starts the next sample once the previous one has its place in
// the journal's order, so many wait for the same write.
// Whether they do is shown without leaning on timing (how many samples happen to arrive during a
// 5 ms write depends on how busy the machine is): the first sample's write is held until the
// workout holds 33 samples — which only happens if the connection went on without waiting for
// that commit — and then the next write must carry the 32 that waited behind it.

import CoachCore
import CoachGateway
import CoachWire
import Foundation
import Synchronization
import Testing

/// A journal that takes 5 ms per write, counts writes and durable entries, records the largest
/// batch, and can be held (its writes wait while `held`).
private final class SlowCountingJournal: WorkoutJournal {
    let writes = Atomic<Int>(0)
    let durableEntries = Atomic<Int>(0)
    let largestBatch = Atomic<Int>(0)
    let held = Atomic<Bool>(false)

    func write(_ batch: [JournalWrite]) async throws {
        while held.load(ordering: .acquiring) { try await Task.sleep(for: .milliseconds(1)) }
        try await Task.sleep(for: .milliseconds(5))
        writes.add(1, ordering: .relaxed)
        largestBatch.max(batch.count, ordering: .relaxed)
        // Counted after the "fsync": a reply seen by the client must find its entry counted here.
        durableEntries.add(batch.count, ordering: .releasing)
    }

    /// Holds the writes until `gateway` holds `samples` heart-rate samples (polled on the calling
    /// thread, one of its own); false if that never happened within 60 s.
    func hold(until samples: Int, in gateway: Gateway, sending: () throws -> Void) rethrows -> Bool {
        held.store(true, ordering: .releasing)
        defer { held.store(false, ordering: .releasing) }
        try sending()
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            if (gateway.manager.currentStatus().statistics[.heartRate]?.count ?? 0) >= samples { return true }
            usleep(1_000)
        }
        return false
    }
}

@Suite("Pipelined samples share commits")
struct PipelinedCommitTests {
    /// A gateway without a countdown, writing to `journal`, served on a socket of its own.
    fileprivate static func serve(_ journal: SlowCountingJournal) async throws -> (Gateway, SocketLocation, GatewayServer) {
        var configuration = GatewayConfiguration()
        configuration.countdown = .zero
        let gateway = try GatewayAssembly.makeGateway(configuration, journal: journal)
        let location = SocketLocation(path: temporaryDirectory() + "/coach/coach.sock")
        let server = try await GatewayServer.start(gateway: gateway, location: location)
        return (gateway, location, server)
    }

    @Test func pipelinedSamplesShareCommitsAndEachReplyFollowsItsCommit() async throws {
        let journal = SlowCountingJournal()
        let (gateway, location, server) = try await Self.serve(journal)

        let count = 200
        let (writesBefore, durableBefore, held, replies): (Int, Int, Bool, [(line: String, durableSeen: Int)]) = try await onThread {
            let client = try GatewayClient(location: location)
            _ = try client.call("start", ["activity": "running", "location": "outdoor"])
            let writesBefore = journal.writes.load(ordering: .relaxed)
            let durableBefore = journal.durableEntries.load(ordering: .acquiring)
            var lines = ""
            for id in 1...count {
                lines += #"{"jsonrpc":"2.0","id":\#(id),"method":"sample","params":{"type":"heartRate","value":\#(100 + id % 60)}}"# + "\n"
            }
            let held = try journal.hold(until: 33, in: gateway) { try client.send(lines) }
            var replies: [(String, Int)] = []
            for _ in 1...count {
                let line = try client.readLine()
                replies.append((line, journal.durableEntries.load(ordering: .acquiring)))
            }
            return (writesBefore, durableBefore, held, replies)
        }
        #expect(held, "the connection waited for each commit before reading on")
        let writes = journal.writes.load(ordering: .relaxed) - writesBefore
        print("pipelined commit: \(count) samples in \(writes) journal writes")

        for (index, reply) in replies.enumerated() {
            // In order, each accepted...
            #expect(reply.line.contains(#""id":\#(index + 1),"#) || reply.line.contains(#""id":\#(index + 1)}"#), "reply \(index + 1) out of order: \(reply.line)")
            #expect(reply.line.contains(#""accepted":true"#), "\(reply.line)")
            // ...and only once its own entry (the index+1-th since the start) was durable.
            #expect(reply.durableSeen - durableBefore >= index + 1, "reply \(index + 1) sent before its commit")
        }
        // One write per sample is what a connection that waits for each commit would do.
        #expect(journal.largestBatch.load(ordering: .relaxed) >= 32, "the samples that waited behind a held write did not share the next one")
        #expect(writes < count, "\(writes) writes for \(count) pipelined samples: commits were not shared")

        await server.close()
        await gateway.manager.shutdown()
    }

    /// A JSON-RPC batch of samples orders its items the way a connection orders its lines: they
    /// share commits (before: one write each), and the batch's reply comes after the last commit.
    @Test func aBatchOfSamplesSharesCommits() async throws {
        let journal = SlowCountingJournal()
        let (gateway, location, server) = try await Self.serve(journal)

        let count = 200
        let (writesBefore, durableBefore, held, reply, durableSeen): (Int, Int, Bool, String, Int) = try await onThread {
            let client = try GatewayClient(location: location)
            _ = try client.call("start", ["activity": "running", "location": "outdoor"])
            let writesBefore = journal.writes.load(ordering: .relaxed)
            let durableBefore = journal.durableEntries.load(ordering: .acquiring)
            let items = (1...count).map { id in
                #"{"jsonrpc":"2.0","id":\#(id),"method":"sample","params":{"type":"heartRate","value":\#(100 + id % 60)}}"#
            }
            let held = try journal.hold(until: 33, in: gateway) { try client.send("[" + items.joined(separator: ",") + "]\n") }
            let reply = try client.readLine()
            return (writesBefore, durableBefore, held, reply, journal.durableEntries.load(ordering: .acquiring))
        }
        #expect(held, "the batch's items waited for each commit")
        let writes = journal.writes.load(ordering: .relaxed) - writesBefore
        print("batched commit: \(count) samples in \(writes) journal writes")
        #expect(reply.components(separatedBy: #""accepted":true"#).count - 1 == count, "\(reply.prefix(300))")
        // Replies in the batch's order.
        let ids = (1...count).map { #""id":\#($0)"# }
        var from = reply.startIndex
        for id in ids {
            guard let found = reply.range(of: id, range: from..<reply.endIndex) else { Issue.record("\(id) missing or out of order"); break }
            from = found.upperBound
        }
        #expect(durableSeen - durableBefore >= count, "the batch was answered before its last commit")
        #expect(journal.largestBatch.load(ordering: .relaxed) >= 32, "the items that waited behind a held write did not share the next one")
        #expect(writes < count, "\(writes) writes for a batch of \(count) samples: commits were not shared")

        await server.close()
        await gateway.manager.shutdown()
    }
}
