// The Live Activity content as a protocol message: the `feed` method's result and the `feed`
// notification's params (docs/status-feed.md). Its encoding stays the Codable one, written once
// (ActivityKit's shape, dates as seconds since 2001), with keys sorted and slashes unescaped as
// the notification always was; as a WireMessage it takes part in the documented examples and the
// round-trip tests like the types in CoachWire/Messages. It lives here because the renderers
// and the widget read it as this type.

import CoachWire

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension LiveActivityContent: CodableWireMessage {
    /// The documented example (docs/protocol.md): an outdoor run ten minutes in, toward 10 km.
    public static let example = LiveActivityContent(
        attributes: LiveActivityAttributes(workoutID: "5f0c2a8e-3b1d-4c7a-9e2f-8d6b1a4c3e70", activity: .running, location: .outdoor,
                                           goal: .distance(meters: 10000), startDate: Date(timeIntervalSinceReferenceDate: 799_320_612.48)),
        state: LiveActivityContentState(phase: .running, elapsed: 605.214,
                                        metrics: [FeedMetric(kind: .heartRate, value: 173), FeedMetric(kind: .distance, value: 4567),
                                                  FeedMetric(kind: .pace, value: nil)],
                                        goalProgress: 0.457, laps: 2),
        activityState: .active, staleDate: Date(timeIntervalSinceReferenceDate: 799_321_247.69))
}
