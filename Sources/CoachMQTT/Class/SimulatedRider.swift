// SimulatedRider: one made-up rider of `coach class simulate` (docs/class.md), pure. A seeded
// random walk of power, cadence and heart rate on an indoor ride, one step per `advance`; its
// content goes through HomeAssistantState, the encoder a real gateway uses, so a board cannot tell
// a simulated rider from a real one. For trying a board without thirty bikes, and for the class
// tests and Benchmarks/class/.

import CoachCore
import CoachWire

public struct SimulatedRider: Sendable {
    public let id: String
    public private(set) var elapsed: Double = 0
    public private(set) var distance: Double = 0
    private var power: Double
    private var random: SplitMix64

    public init(id: String, seed: UInt64) {
        self.id = id
        random = SplitMix64(seed: seed)
        power = 0
        power = Double.random(in: 120...260, using: &random)
    }

    /// `seconds` more of riding: the next state.
    public mutating func advance(by seconds: Double) -> HomeAssistantState {
        elapsed += seconds
        power = min(450, max(60, power + Double.random(in: -15...15, using: &random)))
        let cadence = 60 + power / 8 + Double.random(in: -3...3, using: &random)
        let heartRate = 95 + power / 3.5 + Double.random(in: -2...2, using: &random)
        // Roughly a bike's speed for that power on the flat: about 30 km/h at 200 W.
        let speed = 8.3 * (power / 200).squareRoot()
        distance += speed * seconds
        let state = LiveActivityContentState(
            phase: .running, elapsed: elapsed,
            metrics: [FeedMetric(kind: .heartRate, value: heartRate), FeedMetric(kind: .power, value: power),
                      FeedMetric(kind: .cadence, value: cadence), FeedMetric(kind: .distance, value: distance),
                      FeedMetric(kind: .speed, value: speed * 3.6)])
        let attributes = LiveActivityAttributes(workoutID: "simulated-" + id, activity: .cycling, location: .indoor)
        return HomeAssistantState(content: LiveActivityContent(attributes: attributes, state: state, activityState: .active),
                                  readable: { _ in true })
    }
}
