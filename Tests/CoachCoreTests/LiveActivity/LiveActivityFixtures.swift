// Fixtures for the live-activity tests: a fixed time origin, snapshots in every state, and metric
// values with distinctive digits so a leak of any of them is easy to spot.

import CoachWire
import Foundation
import Testing
@testable import CoachCore

enum Fixture {
    static let origin = Timestamp(monotonic: MonotonicInstant(nanoseconds: 1_000_000_000_000),
                                  date: Date(timeIntervalSince1970: 1_767_225_600))

    /// `seconds` after the origin, on both clocks.
    static func at(_ seconds: Double) -> Timestamp { origin + .milliseconds(Int64(seconds * 1000)) }

    // Values whose digits appear nowhere else in the output (elapsed is 10:05).
    static let heartRate = 173.0
    static let distance = 4_567.0
    static let energy = 389.0
    static let cadence = 166.0
    static let power = 251.0
    /// Strings that would betray a metric: its digits as any presentation prints them.
    static let metricDigits = ["173", "4567", "4.56", "389", "166", "251"]

    static func statistics(sampledAt time: Double) -> [QuantityType: QuantityStatistics] {
        var result: [QuantityType: QuantityStatistics] = [:]
        for (type, value) in [(QuantityType.heartRate, heartRate), (.distance, distance), (.activeEnergy, energy),
                              (.cadence, cadence), (.power, power)] {
            var stats = QuantityStatistics(type: type)
            stats.add(QuantitySample(type: type, value: value, at: at(time)))
            result[type] = stats
        }
        return result
    }

    /// A snapshot taken `time` seconds after the origin, with samples from `sampledAt`.
    static func snapshot(_ state: SessionState, time: Double = 620, elapsed: Double = 605, sampledAt: Double? = 615,
                         workoutID: String = "w-abc", activity: ActivityType = .running,
                         goal: WorkoutGoal? = .distance(meters: 10_000), name: String? = nil,
                         countdown: Int? = nil, laps: Int = 2) -> WorkoutSnapshot {
        let progress = goal.flatMap { $0.progress(elapsed: .seconds(elapsed), distance: distance, energy: energy) }
        return WorkoutSnapshot(
            workoutID: workoutID, state: state, activity: activity, location: .outdoor, goal: goal, workoutName: name,
            startDate: state == .prepared ? nil : origin.date.addingTimeInterval(10),
            endDate: state == .ended ? at(time).date : nil, elapsed: state == .prepared ? 0 : elapsed,
            countdown: state == .prepared ? (countdown ?? 3) : nil, goalProgress: progress,
            laps: laps, statistics: sampledAt.map { statistics(sampledAt: $0) } ?? [:], at: at(time))
    }

    /// The feed states the renderers are tested in, each as content at its moment.
    enum Case: String, CaseIterable, CustomTestStringConvertible {
        case idle, countdown, running, paused, stale, locked, ended
        var testDescription: String { rawValue }

        func content(name: String? = nil, activity: ActivityType = .running) -> LiveActivityContent {
            var live = LiveActivity()
            switch self {
            case .idle:
                return live.content(at: Fixture.at(0))
            case .countdown:
                live.apply(Fixture.snapshot(.prepared, time: 1, sampledAt: nil, name: name, countdown: 3))
                return live.content(at: Fixture.at(1))
            case .running:
                live.apply(Fixture.snapshot(.running, activity: activity, name: name))
                return live.content(at: Fixture.at(620))
            case .paused:
                live.apply(Fixture.snapshot(.paused, activity: activity, name: name))
                return live.content(at: Fixture.at(620))
            case .stale:
                live.apply(Fixture.snapshot(.running, time: 620, elapsed: 605, sampledAt: 580, activity: activity, name: name))
                return live.content(at: Fixture.at(620))
            case .locked:
                live.apply(Fixture.snapshot(.running, activity: activity, name: name))
                live.setLocked(true)
                return live.content(at: Fixture.at(620))
            case .ended:
                live.apply(Fixture.snapshot(.running, time: 600, elapsed: 585, activity: activity, name: name))
                live.apply(Fixture.snapshot(.ended, activity: activity, name: name))
                return live.content(at: Fixture.at(620))
            }
        }
    }
}
