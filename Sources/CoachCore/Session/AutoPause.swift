// Auto-pause as HealthKit's motionPaused/motionResumed: a pure state machine fed with speed
// readings (a sensor's, or its own from distance samples and route points) and the time, deciding when the workout stopped moving and when it moves again. It
// never acts against the user: a manual pause is never auto-resumed, and after a manual resume it
// waits to see movement before it may pause again.

/// When a workout counts as stopped or moving. Two speeds make a band (hysteresis): readings
/// inside it neither start nor cancel a wait, so a speed hovering at one threshold cannot flap.
public struct AutoPauseSettings: Sendable, Hashable, Codable {
    /// Below this (m/s) the workout is standing still.
    public var stopSpeed: Double
    /// At or above this (m/s) it is moving. Not below `stopSpeed`.
    public var moveSpeed: Double
    /// Standing still this long pauses it.
    public var pauseAfter: Duration
    /// Moving this long resumes it.
    public var resumeAfter: Duration

    public init(stopSpeed: Double, moveSpeed: Double, pauseAfter: Duration, resumeAfter: Duration) {
        self.stopSpeed = stopSpeed
        self.moveSpeed = Swift.max(moveSpeed, stopSpeed)
        self.pauseAfter = pauseAfter
        self.resumeAfter = resumeAfter
    }

    /// A run: under 0.8 m/s (2.9 km/h, slower than any walk) is a stop; 1.2 m/s is walking off.
    public static let running = AutoPauseSettings(stopSpeed: 0.8, moveSpeed: 1.2, pauseAfter: .seconds(5), resumeAfter: .seconds(3))
    /// A ride: under 1.2 m/s (4.3 km/h) a bike is at a standstill or being wheeled; 2 m/s is riding.
    public static let cycling = AutoPauseSettings(stopSpeed: 1.2, moveSpeed: 2.0, pauseAfter: .seconds(4), resumeAfter: .seconds(2))

    /// The default for an activity: on for outdoor runs and rides (as Apple's Workout app offers
    /// it), off for everything else (a yoga session has no speed; a hike's stops are part of it).
    public static func defaults(for activity: ActivityType, location: LocationType?) -> AutoPauseSettings? {
        guard location == .outdoor else { return nil }
        switch activity {
        case .running: return .running
        case .cycling: return .cycling
        default: return nil
        }
    }
}

/// What auto-pause decides after a reading.
public enum AutoPauseDecision: Sendable, Hashable {
    case none
    /// Pause the workout now, as motionPaused.
    case pause
    /// Resume the workout now, as motionResumed.
    case resume
}

public struct AutoPause: Sendable, Hashable {
    public enum Phase: String, Sendable, Hashable {
        /// Running, watching for a stop.
        case watching
        /// Paused by this machine, watching for movement.
        case autoPaused
        /// Paused by the user: only the user resumes.
        case manuallyPaused
        /// Resumed by the user: no auto-pause until movement has been seen (they may be standing).
        case waitingForMovement
    }

    public let settings: AutoPauseSettings
    public private(set) var phase: Phase = .watching
    /// Since when readings have said "stopped" (or "moving"), without a contrary reading.
    private var stoppedSince: MonotonicInstant?
    private var movingSince: MonotonicInstant?
    /// Speed from distance samples and route points, for when no sensor reports one.
    private var speedFromDistance = SpeedEstimator()
    /// The previous route point, for the distance between fixes.
    private var lastFix: LocationSample?

    public init(settings: AutoPauseSettings) { self.settings = settings }

    /// The speed a distance increment gives (nil until two increments have been seen).
    public mutating func speed(afterDistance metres: Double, at now: MonotonicInstant) -> Double? {
        speedFromDistance.add(metres: metres, at: now)
    }

    /// The speed a route point gives with the one before it.
    public mutating func speed(toward location: LocationSample, at now: MonotonicInstant) -> Double? {
        defer { lastFix = location }
        guard let previous = lastFix else { return nil }
        return speedFromDistance.add(metres: Geodesy.distance(previous, location), at: now)
    }

    /// Feeds one speed reading (m/s). Readings that are not a speed (NaN, negative) change nothing.
    public mutating func observe(speed: Double, at now: MonotonicInstant) -> AutoPauseDecision {
        guard speed.isFinite, speed >= 0 else { return .none }
        let stopped = speed < settings.stopSpeed
        let moving = speed >= settings.moveSpeed
        if stopped { movingSince = nil; stoppedSince = stoppedSince ?? now }
        if moving { stoppedSince = nil; movingSince = movingSince ?? now }
        switch phase {
        case .watching:
            guard let since = stoppedSince, now - since >= settings.pauseAfter else { return .none }
            phase = .autoPaused
            stoppedSince = nil
            return .pause
        case .autoPaused:
            guard let since = movingSince, now - since >= settings.resumeAfter else { return .none }
            phase = .watching
            movingSince = nil
            return .resume
        case .waitingForMovement:
            if let since = movingSince, now - since >= settings.resumeAfter {
                phase = .watching
                movingSince = nil
            }
            return .none
        case .manuallyPaused:
            return .none
        }
    }

    /// The user paused (also while auto-paused: the pause becomes theirs, and stays until they resume).
    public mutating func userPaused() {
        phase = .manuallyPaused
        stoppedSince = nil
        movingSince = nil
    }

    /// The user resumed.
    public mutating func userResumed() {
        phase = .waitingForMovement
        stoppedSince = nil
        movingSince = nil
    }

    /// Marks the state a journaled motionPaused/motionResumed left behind (crash recovery replays them).
    public mutating func replay(_ decision: AutoPauseDecision) {
        switch decision {
        case .pause: phase = .autoPaused
        case .resume: phase = .watching
        case .none: return
        }
        stoppedSince = nil
        movingSince = nil
    }
}
