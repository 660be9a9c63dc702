// WorkoutBuilder: elapsed time that excludes pauses, quantity samples with per-type statistics,
// and goal progress with a single "goal reached" moment. Pure: every call is handed the time.

/// Collects a workout's data, as `HKLiveWorkoutBuilder`.
///
/// Elapsed time is the sum of the running intervals, measured on the monotonic clock: a paused
/// interval never counts, and a wall-clock jump cannot change it.
public struct WorkoutBuilder: Sendable, Hashable {
    public private(set) var goal: WorkoutGoal
    /// Running time accumulated in intervals that have closed (by a pause or the end).
    private var closedRunningTime: Duration = .zero
    /// Start of the running interval in progress; nil while paused, before the start and after the end.
    private var runningSince: MonotonicInstant?
    public private(set) var isCollecting = false
    public private(set) var hasEnded = false
    public private(set) var samples: [QuantitySample] = []
    /// Where each sync identifier's sample sits in `samples`: a resent sample is found in constant
    /// time, so recovering or streaming tens of thousands of identified samples stays linear.
    private var indexBySyncIdentifier: [String: Int] = [:]
    /// Per type, of the samples that were measured or sent (generated energy is kept apart).
    public private(set) var statistics: [QuantityType: QuantityStatistics] = [:]
    /// Active energy Coach generated (from power, a strap's figure or heart rate): it counts only
    /// while no client sent energy of its own (ReportedStatistics).
    public private(set) var generatedEnergy: QuantityStatistics?
    /// When the goal was first reached; it is reported once and stays reached.
    public private(set) var goalReachedAt: Timestamp?
    /// The route (HKWorkoutRoute): location samples in the order they arrived.
    public private(set) var route: [LocationSample] = []
    /// Metres along the route, counting only legs inside one running interval (a pause breaks it).
    public private(set) var routeDistance: Double = 0
    /// True when the last route point and the next one are in the same running interval.
    private var routeLegOpen = false

    public init(goal: WorkoutGoal = .open) { self.goal = goal }

    // MARK: - Collection intervals

    /// Starts collecting (the activity started running).
    public mutating func beginCollection(at now: Timestamp) {
        guard !isCollecting, !hasEnded else { return }
        isCollecting = true
        runningSince = now.monotonic
    }

    /// Pauses collection: the interval so far is banked, and time stops counting.
    public mutating func pause(at now: Timestamp) {
        guard let since = runningSince else { return }
        closedRunningTime += Swift.max(now.monotonic - since, .zero)
        runningSince = nil
        routeLegOpen = false
    }

    public mutating func resume(at now: Timestamp) {
        guard isCollecting, runningSince == nil, !hasEnded else { return }
        runningSince = now.monotonic
    }

    /// Ends collection for good.
    public mutating func endCollection(at now: Timestamp) {
        pause(at: now)
        isCollecting = false
        hasEnded = true
    }

    /// Running time up to `now`, excluding every paused interval.
    public func elapsed(at now: MonotonicInstant) -> Duration {
        guard let since = runningSince else { return closedRunningTime }
        return closedRunningTime + Swift.max(now - since, .zero)
    }

    public var isRunning: Bool { runningSince != nil }

    // MARK: - Samples

    /// Adds a sample. A sample with a sync identifier replaces an earlier one with the same
    /// identifier only if its version is higher; an equal or lower version is ignored.
    public mutating func add(_ sample: QuantitySample) -> SampleOutcome {
        // Paused workouts gather no data (HealthKit: pause "stops the gathering of workout data").
        guard isRunning else { return .rejected(.notCollecting) }
        guard sample.value.isFinite, sample.type.plausibleRange.contains(sample.value) else {
            return .rejected(.implausibleValue)
        }
        if let identifier = sample.syncIdentifier {
            let version = sample.syncVersion ?? 0
            if let index = indexBySyncIdentifier[identifier] {
                guard version > (samples[index].syncVersion ?? 0) else { return .ignoredOlderVersion }
                let replaced = samples[index]
                samples[index] = sample
                recount(sample.type)
                if replaced.type != sample.type { recount(replaced.type) }
                return .replaced
            }
            indexBySyncIdentifier[identifier] = samples.count
        }
        samples.append(sample)
        if sample.source?.isGenerated == true {
            generatedEnergy = generatedEnergy ?? QuantityStatistics(type: sample.type)
            generatedEnergy?.add(sample)
        } else {
            statistics[sample.type, default: QuantityStatistics(type: sample.type)].add(sample)
        }
        return .added
    }

    /// Statistics of one type from scratch (after a replacement), measured and generated apart.
    private mutating func recount(_ type: QuantityType) {
        let measured = samples.lazy.filter { $0.type == type && $0.source?.isGenerated != true }
        statistics[type] = measured.isEmpty ? nil : QuantityStatistics(type: type, samples: measured)
        if type == .activeEnergy {
            let generated = samples.lazy.filter { $0.type == type && $0.source?.isGenerated == true }
            generatedEnergy = generated.isEmpty ? nil : QuantityStatistics(type: type, samples: generated)
        }
    }

    /// Whether a client sent active energy of its own (then Coach generates none).
    public var hasOwnEnergy: Bool { statistics[.activeEnergy] != nil }

    /// Adds a route point. Between two points of one running interval the great-circle distance
    /// adds to the route's length; the jump across a pause does not.
    public mutating func add(_ location: LocationSample) -> SampleOutcome {
        guard isRunning else { return .rejected(.notCollecting) }
        guard location.problem == nil else { return .rejected(.implausibleValue) }
        if routeLegOpen, let last = route.last {
            routeDistance += Geodesy.distance(last, location)
        }
        route.append(location)
        routeLegOpen = true
        return .added
    }

    /// The total of a cumulative type, as reported: distance from a sensor, else from distance
    /// samples, else the route; energy of the client's own, else generated (ReportedStatistics).
    public func total(_ type: QuantityType) -> Double {
        switch type {
        case .distance:
            switch distanceSource {
            case .sensor?: return (statistics[.distanceCycling]?.sum ?? 0) + (statistics[.distanceWalkingRunning]?.sum ?? 0)
            case .route?: return routeDistance
            case .samples?, nil: return statistics[.distance]?.sum ?? 0
            }
        case .activeEnergy: return (statistics[.activeEnergy] ?? generatedEnergy)?.sum ?? 0
        default: return statistics[type]?.sum ?? 0
        }
    }

    /// Where the workout's distance comes from, nil while nothing measured any.
    public var distanceSource: DistanceSource? {
        ReportedStatistics.distanceSource(in: statistics, routePoints: route.count)
    }

    /// The statistics as reported (the feed, the saved workout): `.distance` from the winning
    /// source — the route's length when nothing measured distance, as HealthKit derives distance
    /// from CLLocations (its count is the number of route points) — and `.activeEnergy` the
    /// client's own, else the generated.
    public var statisticsIncludingRoute: [QuantityType: QuantityStatistics] {
        ReportedStatistics.reported(statistics, generatedEnergy: generatedEnergy,
                                    route: (route.count, routeDistance, route.last?.at))
    }

    // MARK: - Goal

    public func goalProgress(at now: MonotonicInstant) -> Double? {
        goal.progress(elapsed: elapsed(at: now), distance: total(.distance), energy: total(.activeEnergy))
    }

    /// Records the goal as reached the first time progress hits 1; returns true only that once.
    /// For a time goal the moment is exact: the instant elapsed time crossed the target.
    public mutating func checkGoal(at now: Timestamp) -> Bool {
        guard goalReachedAt == nil, let progress = goalProgress(at: now.monotonic), progress >= 1 else { return false }
        if case .time(let seconds) = goal, let since = runningSince {
            let overshoot = elapsed(at: now.monotonic) - .seconds(seconds)
            let reachedAt = Swift.max(now.monotonic - overshoot, since)
            goalReachedAt = Timestamp(monotonic: reachedAt, date: now.date).shifted(to: reachedAt, from: now)
        } else {
            goalReachedAt = now
        }
        return true
    }

    /// When a time goal will be reached if the workout keeps running; nil for other goals, once
    /// reached, or while paused. The owner schedules a tick for it.
    public func goalDeadline(at now: MonotonicInstant) -> MonotonicInstant? {
        guard goalReachedAt == nil, case .time(let seconds) = goal, runningSince != nil else { return nil }
        let left = Duration.seconds(seconds) - elapsed(at: now)
        return now + Swift.max(left, .zero)
    }
}

/// What happened to a sample handed to the builder.
public enum SampleOutcome: Sendable, Hashable {
    case added, replaced, ignoredOlderVersion
    case rejected(SampleRejection)

    public var isAccepted: Bool {
        switch self {
        case .added, .replaced, .ignoredOlderVersion: return true
        case .rejected: return false
        }
    }
}

public enum SampleRejection: String, Sendable, Hashable, Codable {
    /// No workout is running (paused workouts do not gather data, as in HealthKit).
    case notCollecting
    /// NaN, infinite, or outside the type's plausible range.
    case implausibleValue
    /// The workout does not collect this type (`start --collect` / `--no-collect`).
    case typeNotCollected
}

#if canImport(FoundationEssentials)
import CoachWire
import FoundationEssentials
#else
import Foundation
#endif

extension Timestamp {
    /// The timestamp `from` moved to monotonic instant `target`, with its date moved by the same amount.
    fileprivate func shifted(to target: MonotonicInstant, from: Timestamp) -> Timestamp {
        Timestamp(monotonic: target, date: from.date.addingTimeInterval((target - from.monotonic).seconds))
    }
}
