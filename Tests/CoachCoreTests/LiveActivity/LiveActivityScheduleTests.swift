// When the content next changes by the clock: the elapsed second turns over exactly when the real
// one does (not up to a second late), readings go stale on time, and nothing is due while idle.

import Foundation
import PropertyBased
import Testing
@testable import CoachCore

@Suite struct LiveActivityScheduleTests {
    static func shownSecond(_ live: LiveActivity, at instant: MonotonicInstant) -> String {
        FeedNumberFormat.clock(live.content(at: Timestamp(monotonic: instant, date: Fixture.origin.date)).state.elapsed)
    }

    @Test func idleAndDismissedHaveNothingDue() {
        var live = LiveActivity()
        #expect(live.nextChange(after: Fixture.at(0)) == nil)
        live.apply(Fixture.snapshot(.running, time: 100, elapsed: 90))
        live.apply(Fixture.snapshot(.ended, time: 110, elapsed: 100))
        live.end(dismissalPolicy: .immediate, at: Fixture.at(110))
        #expect(live.nextChange(after: Fixture.at(111)) == nil)
    }

    @Test func theFirstSecondAfterTheCountdownIsExactlyOneSecondLong() {
        var live = LiveActivity()
        live.apply(Fixture.snapshot(.running, time: 10, elapsed: 0, sampledAt: nil))
        let next = live.nextChange(after: Fixture.at(10))
        #expect(next == Fixture.at(11).monotonic)
        #expect(Self.shownSecond(live, at: Fixture.at(11).monotonic - .nanoseconds(1)) == "0:00")
        #expect(Self.shownSecond(live, at: Fixture.at(11).monotonic) == "0:01")
    }

    @Test func aSampleMidSecondDoesNotShiftTheTurnOver() {
        var live = LiveActivity()
        live.apply(Fixture.snapshot(.running, time: 10, elapsed: 0, sampledAt: nil))
        // A sample at 1.3 s: the snapshot carries elapsed 1.3; the next turn-over is still at 2 s.
        live.apply(Fixture.snapshot(.running, time: 11.3, elapsed: 1.3, sampledAt: 11.3))
        let next = try! #require(live.nextChange(after: Fixture.at(11.3)))
        #expect(next >= Fixture.at(12).monotonic && next - Fixture.at(12).monotonic < .microseconds(1))
        #expect(Self.shownSecond(live, at: next) == "0:02")
        #expect(Self.shownSecond(live, at: next - .nanoseconds(1)) == "0:01")
    }

    /// For any elapsed value and any moment, the deadline is the first instant of the next second.
    @Test func theDeadlineIsTheFirstInstantOfTheNextSecond() async {
        await propertyCheck(count: 2000, input: Gen.int(in: 0...7_200_000_000), Gen.int(in: 0...3_000_000_000)) { elapsedMicros, sinceNanos in
            var live = LiveActivity()
            let elapsed = Double(elapsedMicros) / 1_000_000
            live.apply(Fixture.snapshot(.running, time: 10, elapsed: elapsed, sampledAt: nil))
            let now = Fixture.at(10) + .nanoseconds(sinceNanos)
            guard let next = live.nextChange(after: now) else {
                Issue.record("a running workout always has a next second")
                return
            }
            let before = Self.shownSecond(live, at: now.monotonic)
            #expect(next > now.monotonic)
            #expect(next - now.monotonic <= .seconds(1))
            #expect(Self.shownSecond(live, at: next - .nanoseconds(1)) == before)
            #expect(Self.shownSecond(live, at: next) != before)
        }
    }

    @Test func pausedWaitsOnlyForReadingsToAge() {
        var live = LiveActivity()
        live.apply(Fixture.snapshot(.paused, time: 620, sampledAt: 615))
        let next = live.nextChange(after: Fixture.at(620))
        #expect(next == Fixture.at(645).monotonic + .nanoseconds(1))
        #expect(live.content(at: Fixture.at(645)).state.metric(.heartRate)?.value == Fixture.heartRate)
        let after = Timestamp(monotonic: next!, date: Fixture.at(645).date)
        #expect(live.content(at: after).state.metric(.heartRate)?.value == nil)
        // Once every reading has aged, a paused workout has nothing left to wait for.
        #expect(live.nextChange(after: after) == nil)
    }

    @Test func anEndedSummaryWaitsForItsDismissal() {
        var live = LiveActivity()
        live.apply(Fixture.snapshot(.running, time: 600, elapsed: 585))
        live.apply(Fixture.snapshot(.ended, time: 620))
        let next = live.nextChange(after: Fixture.at(620))
        #expect(next == (Fixture.at(620) + DismissalPolicy.defaultLinger).monotonic)
    }
}
