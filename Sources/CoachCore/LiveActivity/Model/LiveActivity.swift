// LiveActivity: the pure lifecycle of the workout's Live Activity, ActivityKit style. Fed snapshots,
// notifications and the lock flag; asked "what to show at this moment" with the time passed in.
// request (a new workout appears) → update (every snapshot) → end (the workout ended) → dismissed
// (when the dismissal policy says so). Nothing here reads a clock.

#if canImport(FoundationEssentials)
import CoachWire
import FoundationEssentials
#else
import Foundation
#endif

public struct LiveActivity: Sendable {
    public struct Configuration: Sendable, Hashable {
        /// While running, a sample older than this is not shown; with no sample at all for this long
        /// the whole content is stale.
        public var staleAfter: Duration
        /// How long an ended activity stays when nothing else was asked for.
        public var dismissal: DismissalPolicy
        /// When set, the content names the zone of the current heart rate.
        public var heartRateZones: HeartRateZones?
        /// When set (an FTP is known), the content names the zone of the current power.
        public var powerZones: PowerZones?

        public init(staleAfter: Duration = .seconds(30), dismissal: DismissalPolicy = .default,
                    heartRateZones: HeartRateZones? = nil, powerZones: PowerZones? = nil) {
            self.staleAfter = staleAfter
            self.dismissal = dismissal
            self.heartRateZones = heartRateZones
            self.powerZones = powerZones
        }
    }

    /// What a snapshot did to the activity, for callers that announce lifecycle changes.
    public enum Change: Sendable, Hashable {
        case none, requested, updated, ended
    }

    public private(set) var configuration: Configuration
    public private(set) var attributes: LiveActivityAttributes?
    public private(set) var isLocked: Bool
    private(set) var snapshot: WorkoutSnapshot?
    private(set) var endedAt: Date?
    private(set) var dismissal: DismissalPolicy
    private var discardedWorkoutID: String?

    public init(configuration: Configuration = Configuration(), locked: Bool = false) {
        self.configuration = configuration
        self.isLocked = locked
        self.dismissal = configuration.dismissal
    }

    // MARK: - Inputs

    /// Takes the newest workout status. A workout the activity has not seen is requested; an ended
    /// one ends the activity (its summary stays until dismissal).
    @discardableResult
    public mutating func apply(_ snapshot: WorkoutSnapshot) -> Change {
        guard let workoutID = snapshot.workoutID, snapshot.state != .notStarted else {
            // The workout is gone without an end we saw (discarded and forgotten, reset): remove it.
            guard attributes != nil, endedAt == nil else { return .none }
            endedAt = snapshot.at.date
            dismissal = .immediate
            return .ended
        }
        var change = Change.updated
        if workoutID != attributes?.workoutID {
            attributes = LiveActivityAttributes(
                workoutID: workoutID, activity: snapshot.activity ?? .other, location: snapshot.location ?? .unknown,
                goal: snapshot.goal, workoutName: snapshot.workoutName, startDate: snapshot.startDate
            ).cappedToPayloadLimit()
            endedAt = nil
            dismissal = discardedWorkoutID == workoutID ? .immediate : configuration.dismissal
            change = .requested
        } else if attributes?.startDate == nil, let start = snapshot.startDate {
            // The start date is known only once the countdown is over.
            attributes?.startDate = start
        }
        self.snapshot = snapshot
        if snapshot.state == .ended, endedAt == nil {
            endedAt = snapshot.endDate ?? snapshot.at.date
            if change != .requested { change = .ended }
        }
        return change
    }

    /// A discarded workout leaves no summary behind: its activity is dismissed at once.
    public mutating func apply(_ notification: WorkoutNotification) {
        guard case .discarded(let workoutID, _) = notification else { return }
        discardedWorkoutID = workoutID
        if attributes?.workoutID == workoutID { dismissal = .immediate }
    }

    public mutating func setLocked(_ locked: Bool) { isLocked = locked }

    public mutating func setHeartRateZones(_ zones: HeartRateZones?) { configuration.heartRateZones = zones }

    public mutating func setPowerZones(_ zones: PowerZones?) { configuration.powerZones = zones }

    /// Ends the activity now with a policy of the caller's choosing (ActivityKit's `end(_:dismissalPolicy:)`).
    public mutating func end(dismissalPolicy: DismissalPolicy, at now: Timestamp) {
        guard attributes != nil else { return }
        if endedAt == nil { endedAt = now.date }
        dismissal = dismissalPolicy
    }

    // MARK: - Output

    /// The lifecycle state at `now`.
    public func activityState(at now: Timestamp) -> ActivityState {
        guard attributes != nil, let snapshot else { return .dismissed }
        if let endedAt {
            return now.date >= dismissal.dismissalDate(endedAt: endedAt) ? .dismissed : .ended
        }
        return isStale(snapshot, at: now) ? .stale : .active
    }

    /// What to show at `now`: elapsed time carried forward while running, old readings hidden,
    /// everything but the activity and elapsed time removed while locked.
    public func content(at now: Timestamp) -> LiveActivityContent {
        let activityState = activityState(at: now)
        guard var attributes, let snapshot, activityState != .dismissed else { return .idle(locked: isLocked) }
        let stale = activityState == .stale
        let elapsed = Self.elapsed(of: snapshot, at: now)
        var state = LiveActivityContentState(
            phase: Self.phase(of: snapshot.state, autoPaused: snapshot.autoPaused), countdown: snapshot.state == .prepared ? snapshot.countdown : nil,
            elapsed: elapsed,
            metrics: metrics(of: snapshot, elapsed: elapsed, at: now, stale: stale),
            goalProgress: Self.goalProgress(of: snapshot, elapsed: elapsed),
            goalReached: snapshot.goalReached, laps: snapshot.laps, isStale: stale, isLocked: isLocked,
            endDate: snapshot.endDate)
        var staleDate = stale ? nil : latestSample(of: snapshot).map { $0.date.addingTimeInterval(configuration.staleAfter.seconds) }
        if snapshot.state != .running { staleDate = nil }
        state.step = snapshot.step.map { step in
            // A time step's "left" counts down with the elapsed time carried forward.
            var step = step
            if case .time = step.goal, let remaining = step.remaining {
                step.remaining = Swift.max(remaining - (elapsed - snapshot.elapsed), 0)
            }
            return step
        }
        if let zones = configuration.heartRateZones, let heart = state.metric(.heartRate)?.value {
            state.heartRateZone = zones.zone(for: heart)
        }
        if let zones = configuration.powerZones, let watts = state.metric(.power)?.value {
            state.powerZone = zones.zone(for: watts)
        }
        if isLocked {
            attributes = attributes.redacted()
            state = state.redacted()
            staleDate = nil
        }
        return LiveActivityContent(attributes: attributes, state: state, activityState: activityState, staleDate: staleDate)
    }

    // MARK: - Derivations

    static func phase(of state: SessionState, autoPaused: Bool = false) -> FeedPhase {
        switch state {
        case .paused where autoPaused: return .autoPaused
        case .notStarted: return .idle
        case .prepared: return .countdown
        case .running: return .running
        case .paused: return .paused
        case .stopped: return .stopping
        case .ended: return .ended
        }
    }

    /// Snapshots arrive on changes only, so a running clock is carried forward from the last one.
    static func elapsed(of snapshot: WorkoutSnapshot, at now: Timestamp) -> Double {
        guard snapshot.state == .running else { return snapshot.elapsed }
        let since = Swift.max(now.monotonic - snapshot.at.monotonic, .zero)
        return snapshot.elapsed + since.seconds
    }

    /// A time goal moves with the clock; distance and energy goals move with samples (in the snapshot).
    static func goalProgress(of snapshot: WorkoutSnapshot, elapsed: Double) -> Double? {
        if case .time(let seconds)? = snapshot.goal, seconds > 0, snapshot.state == .running {
            return Swift.min(Swift.max(elapsed / seconds, 0), 1)
        }
        return snapshot.goalProgress
    }

    /// Stale only while running and only once a sensor has spoken: a workout without sensors has
    /// its metrics unavailable, which is not the same as a sensor that went quiet.
    func isStale(_ snapshot: WorkoutSnapshot, at now: Timestamp) -> Bool {
        guard snapshot.state == .running, let latest = latestSample(of: snapshot) else { return false }
        return now.monotonic - latest.monotonic > configuration.staleAfter
    }

    func latestSample(of snapshot: WorkoutSnapshot) -> Timestamp? {
        snapshot.statistics.values.compactMap(\.mostRecentAt).max()
    }
}
