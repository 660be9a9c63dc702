// Doubling from 100 ms, 1 s at most in the first minute of an outage, 10 s after it, jitter only
// ever shortening a wait, and a fresh start after a connection.

import CoachCore
import CoachMQTT
import Testing

@Suite struct MQTTBackoffTests {
    static func at(_ seconds: Double) -> MonotonicInstant { MonotonicInstant(nanoseconds: Int64(seconds * 1e9)) }

    static var noJitter: MQTTBackoff.Policy {
        var policy = MQTTBackoff.Policy()
        policy.jitter = 0
        return policy
    }

    @Test func doublesUpToASecond() {
        var backoff = MQTTBackoff(policy: Self.noJitter)
        let waits = (0..<6).map { backoff.delay(afterFailureAt: Self.at(Double($0))) }
        #expect(waits == [.milliseconds(100), .milliseconds(200), .milliseconds(400), .milliseconds(800), .seconds(1), .seconds(1)])
    }

    @Test func aLongOutageWaitsLonger() {
        var backoff = MQTTBackoff(policy: Self.noJitter)
        _ = backoff.delay(afterFailureAt: Self.at(0))
        for second in 1..<60 { _ = backoff.delay(afterFailureAt: Self.at(Double(second))) }
        #expect(backoff.delay(afterFailureAt: Self.at(60)) == .seconds(10))
        #expect(backoff.outage(at: Self.at(61)) == .seconds(61))
    }

    @Test func jitterOnlyShortens() {
        var backoff = MQTTBackoff(seed: 42)
        for attempt in 0..<50 {
            let wait = backoff.delay(afterFailureAt: Self.at(Double(attempt) * 0.5))
            #expect(wait <= .seconds(1) && wait >= .milliseconds(80), "\(wait)")
        }
    }

    @Test func twoSeedsDoNotKnockInStep() {
        var one = MQTTBackoff(seed: 1), two = MQTTBackoff(seed: 2)
        let a = (0..<5).map { one.delay(afterFailureAt: Self.at(Double($0))) }
        let b = (0..<5).map { two.delay(afterFailureAt: Self.at(Double($0))) }
        #expect(a != b)
    }

    @Test func aConnectionStartsOver() {
        var backoff = MQTTBackoff(policy: Self.noJitter)
        for second in 0..<5 { _ = backoff.delay(afterFailureAt: Self.at(Double(second))) }
        backoff.reset()
        #expect(backoff.delay(afterFailureAt: Self.at(100)) == .milliseconds(100))
        #expect(backoff.outage(at: Self.at(100)) == .zero)
    }
}
