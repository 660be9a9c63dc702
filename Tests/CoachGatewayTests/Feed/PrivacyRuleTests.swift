// The one privacy rule: a locked reply's `workout` object and the locked feed show the same thing
// (activity, phase, time), and the feed's notification line is the content written once.

import CoachWire
import CoachCore
import Foundation
import Testing
@testable import CoachGateway

@Suite struct PrivacyRuleTests {
    static func revealing(at clock: ManualWorkoutClock) -> WorkoutSnapshot {
        var heart = QuantityStatistics(type: .heartRate)
        heart.add(QuantitySample(type: .heartRate, value: 163, at: clock.now()))
        return WorkoutSnapshot(workoutID: "w", state: .running, activity: .running, location: .outdoor,
                               goal: .distance(meters: 5000), workoutName: "knee rehab", elapsed: 754,
                               goalProgress: 0.4, laps: 3, statistics: [.heartRate: heart], at: clock.now())
    }

    @Test func aLockedReplyKeepsOnlyActivityPhaseAndTime() throws {
        let snapshot = Self.revealing(at: ManualWorkoutClock())
        let open = snapshot.json(locked: false)
        #expect(open["goal"] != .null && open["name"] != nil && open["laps"] != nil && open["metrics"] != nil)
        let locked = snapshot.json(locked: true)
        #expect(locked["activity"]?.stringValue == "running")
        #expect(locked["state"]?.stringValue == "running")
        #expect(locked["elapsed"]?.doubleValue == 754)
        #expect(locked["goal"] == .null)
        #expect(locked["location"] == .null)
        for hidden in ["name", "laps", "goalProgress", "goalReached", "metrics"] {
            #expect(locked[hidden] == nil, "\(hidden) shown while locked")
        }
        #expect(!locked.serialized().contains("knee") && !locked.serialized().contains("163"))
    }

    @Test func theLockedFeedHidesWhatTheLockedReplyHides() throws {
        let clock = ManualWorkoutClock()
        let snapshot = Self.revealing(at: clock)
        var live = LiveActivity(locked: true)
        _ = live.apply(snapshot)
        let content = live.content(at: clock.now())
        let line = FeedPump.notificationLine(content)
        let reply = snapshot.json(locked: true).serialized()
        for secret in ["knee rehab", "163", "5000", "outdoor"] {
            #expect(!line.contains(secret), "the feed shows \(secret) while locked")
            #expect(!reply.contains(secret), "the reply shows \(secret) while locked")
        }
        #expect(content.attributes?.activity == .running)
        #expect(content.state.elapsed == 754)
    }

    /// The line is the content's Codable form in a `feed` notification: the same value the old
    /// encode → parse → write path gave, for open, locked, idle and notice contents.
    @Test func theFeedLineIsTheContentWrittenOnce() throws {
        let clock = ManualWorkoutClock()
        var contents: [LiveActivityContent] = [.idle(), .idle(locked: true)]
        for locked in [false, true] {
            var live = LiveActivity(locked: locked)
            _ = live.apply(Self.revealing(at: clock))
            contents.append(live.content(at: clock.now()))
        }
        contents.append(LiveActivityContent(attributes: nil,
                                            state: LiveActivityContentState(phase: .idle, laps: nil, isLocked: false,
                                                                            notice: "primary a/b unreachable"),
                                            activityState: .stale))
        for content in contents {
            let line = FeedPump.notificationLine(content)
            let parsed = try JSONValue(parsing: line)
            #expect(parsed["jsonrpc"]?.stringValue == "2.0")
            #expect(parsed["method"]?.stringValue == "feed")
            // The `feed` method answers the same encoding, keys in the same (sorted) order.
            #expect(parsed["params"] == content.json)
            #expect(!line.contains("\n"))
            // The same content is the same line, byte for byte.
            #expect(FeedPump.notificationLine(content) == line)
        }
    }
}
