// What a WorkoutEngine is set up with: the countdown, the shortest workout kept, which workouts
// auto-pause and how, the unit milestones are counted in and the profile energy is generated
// for (GatewayRoot fills it from the settings file).

public struct EngineConfiguration: Sendable, Hashable {
    /// The countdown between "start" and the activity running (HealthKit: prepare, then start).
    public var countdown: Duration
    /// Workouts shorter than this are discarded at the end unless the user asks to save them
    /// (HIG: "discard extremely brief workout sessions").
    public var minimumSavedDuration: Duration
    /// Auto-pause settings per activity; an activity without an entry has auto-pause off.
    /// Defaults: outdoor runs and rides (`AutoPauseSettings.defaults`); an indoor workout has none.
    public var autoPause: AutoPausePolicy
    /// The unit of distance milestones (each whole kilometre or mile is announced).
    public var milestoneUnit: DistanceUnit
    /// The athlete's heart-rate zones, for a plan step's zone alert (none: zone alerts stay silent).
    public var heartRateZones: HeartRateZones?
    /// Seconds a plan step's metric must stay out of range before an alert (issue 30's N).
    public var alertThreshold: Double
    /// Weight, age and sex for active energy generated from heart rate (`profile:` in the settings).
    public var energyProfile: EnergyProfile
    /// What the workout announces on its own and what each announcement says (`announce:`).
    public var reports: ReportSettings

    public init(countdown: Duration = .seconds(3), minimumSavedDuration: Duration = .seconds(5),
                autoPause: AutoPausePolicy = .defaults, milestoneUnit: DistanceUnit = .kilometers,
                heartRateZones: HeartRateZones? = nil, alertThreshold: Double = 5,
                energyProfile: EnergyProfile = EnergyProfile(), reports: ReportSettings = ReportSettings()) {
        self.reports = reports
        self.heartRateZones = heartRateZones
        self.alertThreshold = alertThreshold
        self.countdown = countdown
        self.minimumSavedDuration = minimumSavedDuration
        self.autoPause = autoPause
        self.milestoneUnit = milestoneUnit
        self.energyProfile = energyProfile
    }
}

/// Which workouts auto-pause, and how.
public struct AutoPausePolicy: Sendable, Hashable {
    /// Explicit settings per activity (nil value: off for that activity), over the defaults.
    public var overrides: [ActivityType: AutoPauseSettings?]

    public init(overrides: [ActivityType: AutoPauseSettings?] = [:]) { self.overrides = overrides }

    public static let defaults = AutoPausePolicy()

    /// On/off per activity, as the settings file says it (`auto_pause: {running: false, hiking: true}`):
    /// off removes it, on uses the activity's defaults, or the cycling ones for wheeled activities
    /// and the running ones for everything else.
    public init(switches: [ActivityType: Bool]) {
        var overrides: [ActivityType: AutoPauseSettings?] = [:]
        for (activity, on) in switches {
            let wheeled = activity == .cycling || activity == .handCycling
            overrides[activity] = on ? (wheeled ? AutoPauseSettings.cycling : .running) : Optional<AutoPauseSettings>.none
        }
        self.init(overrides: overrides)
    }
    public static let off = AutoPausePolicy(overrides: Dictionary(uniqueKeysWithValues: ActivityType.allCases.map { ($0, nil) }))

    public func settings(for activity: ActivityType, location: LocationType?) -> AutoPauseSettings? {
        // Stops are meaningless indoors: a treadmill or a trainer has no GPS speed to read.
        if location == .indoor { return nil }
        if let override = overrides[activity] { return override }
        return AutoPauseSettings.defaults(for: activity, location: location)
    }
}
