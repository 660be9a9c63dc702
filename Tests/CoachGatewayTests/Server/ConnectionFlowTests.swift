// The connection's bookkeeping without a socket: when reading pauses and resumes, when replies are
// flushed, when a request may be answered on the spot, and when a stuck subscriber is dropped.

import Testing
@testable import CoachGateway

@Suite struct ConnectionFlowTests {
    @Test func readingPausesAtTheLimitAndResumesWhenTheQueueRunsDry() {
        var flow = RequestFlow(maximumInFlight: 3)
        #expect(flow.mayAnswerAtOnce)
        #expect(flow.queued() == false)
        #expect(!flow.mayAnswerAtOnce, "a request read now would overtake the queued one")
        #expect(flow.queued() == false)
        #expect(flow.queued() == true, "the third in flight stops reading")
        #expect(flow.queued() == false, "already paused: not paused twice")
        #expect(flow.answered() == .init(flush: false, resumeReading: false))
        #expect(flow.answered() == .init(flush: false, resumeReading: false))
        #expect(flow.answered() == .init(flush: false, resumeReading: false))
        #expect(flow.answered() == .init(flush: true, resumeReading: true), "dry: flush and read again")
        #expect(flow.mayAnswerAtOnce)
        #expect(!flow.readingPaused)
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
    }
}
