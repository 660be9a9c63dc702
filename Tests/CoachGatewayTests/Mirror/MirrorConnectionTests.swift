// The mirror link's transport on its own (issue 43: the transport apart from what flows over it):
// a MirrorConnection to a real gateway's socket opens, carries calls, goes live when told the sync
// is done, and reports a channel that ended as a loss to retry, with the sentence a status says
// meanwhile — with no MirrorLink, view or store around it.

import CoachWire
import Foundation
import Synchronization
import Testing
@testable import CoachGateway

/// The connection's events as they come, read on a task of their own.
final class ConnectionEvents: Sendable {
    private final class Log: Sendable { let seen = Mutex<[MirrorConnection.Event]>([]) }
    private let log = Log()
    private let reader: Task<Void, Never>

    init(_ connection: MirrorConnection) {
        let log = self.log
        reader = Task {
            for await event in connection.events { log.seen.withLock { $0.append(event) } }
        }
    }

    deinit { reader.cancel() }

    /// Event number `index` (0-based), or nil when it has not come within 60 s.
    func event(_ index: Int) async -> MirrorConnection.Event? {
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            if let event = log.seen.withLock({ $0.count > index ? $0[index] : nil }) { return event }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return nil
    }
}

@Suite struct MirrorConnectionTests {
    @Test func aConnectionOpensCarriesCallsGoesLiveAndReportsTheLoss() async throws {
        let primary = try await TestGateway.start()
        let target = try MirrorTarget(parsing: "unix:" + primary.location.path)
        var options = MirrorOptions()
        options.backoff.initial = .seconds(30)  // no retry inside the test
        let connection = MirrorConnection(target: target, options: options, stateDirectory: nil)
        let events = ConnectionEvents(connection)

        await connection.start()
        guard case .opened(let generation)? = await events.event(0) else {
            Issue.record("no channel opened")
            await primary.stop()
            return
        }
        #expect(await connection.phase == .syncing)
        guard case .success(let pong) = await connection.call("ping") else {
            Issue.record("the call over the channel failed")
            await primary.stop()
            return
        }
        #expect(pong == PongResult().json, "\(pong.serialized())")

        await connection.synced(generation + 1)  // a stale sync changes nothing
        #expect(await connection.phase == .syncing)
        await connection.synced(generation)
        guard case .live? = await events.event(1) else { Issue.record("not live"); await primary.stop(); return }
        #expect(await connection.isLive)

        // The channel ends (as when the primary goes, or a sync gives up): told as a loss to retry.
        await connection.syncFailed(generation)
        guard case .lost(_, let retryIn, let unreachable)? = await events.event(2) else {
            Issue.record("the loss was not told")
            await primary.stop()
            return
        }
        await primary.stop()
        #expect(retryIn != nil, "a unix primary that went away is tried again")
        #expect(unreachable.hasPrefix("The primary on "), "\(unreachable)")
        #expect(unreachable.contains("reconnecting within"), "\(unreachable)")
        guard case .failure(let failure) = await connection.call("ping") else { Issue.record("a call without a channel succeeded"); return }
        #expect(failure.message == unreachable)
        await connection.stop()
        #expect(await connection.phase == .stopped)
    }
}
