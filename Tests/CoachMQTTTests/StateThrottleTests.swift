// At once on a phase change, at most once a second otherwise, the held state sent when its turn
// comes, nothing twice.

import CoachCore
import CoachMQTT
import Testing

@Suite struct StateThrottleTests {
    static func at(_ seconds: Double) -> MonotonicInstant { MonotonicInstant(nanoseconds: Int64(seconds * 1e9)) }
    static func state(_ phase: String, _ hr: Int) -> HomeAssistantState {
        HomeAssistantState(phase: phase, text: #"{"state":"\#(phase)","heart_rate":\#(hr)}"#)
    }

    /// Most cases start here: state("running", 100) sent at 0, so its second runs to 1.
    static func throttleThatSentTheFirstState() -> StateThrottle {
        var throttle = StateThrottle()
        _ = throttle.offer(state("running", 100), at: at(0))
        return throttle
    }

    @Test func theFirstStateGoesAtOnce() {
        var throttle = StateThrottle()
        #expect(throttle.offer(Self.state("running", 100), at: Self.at(0)) == .send(Self.state("running", 100)))
    }

    @Test func aChangeWithinTheSecondIsHeldUntilItsTurn() {
        var throttle = Self.throttleThatSentTheFirstState()
        #expect(throttle.offer(Self.state("running", 101), at: Self.at(0.2)) == .hold(until: Self.at(1)))
        #expect(throttle.offer(Self.state("running", 102), at: Self.at(0.5)) == .hold(until: Self.at(1)))
        #expect(throttle.deadline == Self.at(1))
        #expect(throttle.due(at: Self.at(0.9)) == nil)
        #expect(throttle.due(at: Self.at(1)) == Self.state("running", 102), "the newest held state, once")
        #expect(throttle.due(at: Self.at(2)) == nil)
    }

    @Test func aLateWakeUpDoesNotPushTheNextTurnLater() {
        var throttle = Self.throttleThatSentTheFirstState()
        _ = throttle.offer(Self.state("running", 101), at: Self.at(0.99))
        // The thread wakes 30 ms after the turn; the next turn is still a second after the last.
        #expect(throttle.due(at: Self.at(1.03)) == Self.state("running", 101))
        #expect(throttle.offer(Self.state("running", 102), at: Self.at(2.0)) == .send(Self.state("running", 102)))
    }

    @Test func aPhaseChangeGoesAtOnce() {
        var throttle = Self.throttleThatSentTheFirstState()
        #expect(throttle.offer(Self.state("paused", 100), at: Self.at(0.1)) == .send(Self.state("paused", 100)))
    }

    @Test func theSameStateIsNeverSentTwice() {
        var throttle = Self.throttleThatSentTheFirstState()
        #expect(throttle.offer(Self.state("running", 100), at: Self.at(5)) == .nothing)
    }

    @Test func aHeldStateThatReturnsToTheSentOneIsDropped() {
        var throttle = Self.throttleThatSentTheFirstState()
        _ = throttle.offer(Self.state("running", 101), at: Self.at(0.2))
        #expect(throttle.offer(Self.state("running", 100), at: Self.at(0.4)) == .nothing)
        #expect(throttle.due(at: Self.at(1)) == nil)
    }

    @Test func aSecondLaterGoesAtOnce() {
        var throttle = Self.throttleThatSentTheFirstState()
        #expect(throttle.offer(Self.state("running", 101), at: Self.at(1.0)) == .send(Self.state("running", 101)))
    }

    @Test func afterAResetTheNextStateGoesAtOnce() {
        var throttle = Self.throttleThatSentTheFirstState()
        throttle.reset()
        #expect(throttle.offer(Self.state("running", 100), at: Self.at(0.1)) == .send(Self.state("running", 100)))
    }
}
