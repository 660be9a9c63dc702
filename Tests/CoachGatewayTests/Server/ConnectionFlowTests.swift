// The connection's bookkeeping without a socket: when reading pauses and resumes, when replies are
// flushed, when a request may be answered on the spot, and when a stuck subscriber is dropped.

import Testing
@testable import CoachGateway

@Suite struct ConnectionFlowTests {
    @Test func readingPausesAtTheLimitAndResumesAtHalf() {
        var flow = RequestFlow(maximumInFlight: 4)
        #expect(flow.mayAnswerAtOnce)
        #expect(flow.queued() == false)
        #expect(!flow.mayAnswerAtOnce, "a request read now would overtake the queued one")
        #expect(flow.queued() == false)
        #expect(flow.queued() == false)
        #expect(flow.queued() == true, "the fourth in flight stops reading")
        #expect(flow.queued() == false, "already paused: not paused twice")
        #expect(flow.answered() == .init(flush: false, resumeReading: false), "4 left: still paused")
        #expect(flow.answered() == .init(flush: false, resumeReading: false), "3 left: still paused")
        #expect(flow.answered() == .init(flush: false, resumeReading: true), "down to half: read again before running dry")
        #expect(!flow.readingPaused)
        #expect(flow.answered() == .init(flush: false, resumeReading: false), "resumed once, not twice")
        #expect(flow.answered() == .init(flush: true, resumeReading: false), "dry: flush")
        #expect(flow.mayAnswerAtOnce)
        #expect(flow.queued() == false)
        #expect(flow.answered() == .init(flush: true, resumeReading: false), "never paused: only flush")
    }

    @Test func aSubscriberIsDroppedOnlyAfterTheLimitInARow() {
        var backlog = SubscriberBacklog(limit: 3)
        #expect(backlog.notification(writable: false) == .skip)
        #expect(backlog.notification(writable: false) == .skip)
        #expect(backlog.notification(writable: true) == .write, "reading again clears the count")
        #expect(backlog.notification(writable: false) == .skip)
        #expect(backlog.notification(writable: false) == .skip)
        #expect(backlog.notification(writable: false) == .drop(behind: 3))
        // Dropped once: the notice is written once, and nothing after it, even if room appears.
        #expect(backlog.notification(writable: true) == .over)
        #expect(backlog.isOver)
    }
}

/// When the gateway gives freed heap back: after a large drop in open connections only.
@Suite struct TrimPolicyTests {
    @Test func aLargeDropTrimsOnceAndSmallChurnNever() {
        var policy = TrimPolicy(minimumDrop: 3)
        // A status bar polling: open, close, again and again — never a trim.
        for _ in 0..<100 {
            policy.opened()
            #expect(policy.closed() == false)
        }
        // Fifty stuck subscribers dropped one after the other: a trim at the third close, the next
        // three closes later, and so on — never for fewer than three gone since the last one.
        for _ in 0..<50 { policy.opened() }
        let trims = (0..<50).map { _ in policy.closed() }
        #expect(trims.enumerated().filter(\.element).map(\.offset) == Array(stride(from: 2, to: 50, by: 3)))
        #expect(policy.open == 0)
    }
}
