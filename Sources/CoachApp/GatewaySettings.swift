// GatewaySettings: the settings file read once for a gateway, and what a gateway takes from it in
// engine and feed terms (auto-pause switches, milestone unit, heart-rate zones). A file that cannot
// be used is a problem to report, never a gateway that will not start: the defaults stand in.

import CoachCore
import CoachSettings
import Foundation

public struct GatewaySettings: Sendable {
    public var settings: CoachSettings
    /// Where the file is (`sensors.reload` reads it again after `coach sensor add`).
    public var path: String
    public var environment: [String: String]
    /// Lines to show the user: an unreadable file, an auto-pause key that names no activity.
    public var problems: [String] = []

    public init(settings: CoachSettings = CoachSettings(), path: String, environment: [String: String]) {
        self.settings = settings
        self.path = path
        self.environment = environment
    }

    /// Reads `$XDG_CONFIG_HOME/coach/config.yaml` (a missing file is the defaults).
    public static func load(environment: [String: String] = ProcessInfo.processInfo.environment) -> GatewaySettings {
        let path = CoachSettings.defaultPath(environment: environment)
        var loaded = GatewaySettings(path: path, environment: environment)
        do { loaded.settings = try CoachSettings.load(path: path) } catch {
            loaded.problems.append("\(error) — continuing with default settings")
        }
        for name in loaded.settings.autoPause.keys.sorted() where ActivityType(rawValue: name) == nil {
            loaded.problems.append("\(path): auto_pause: '\(name)' is not an activity (HealthKit names such as running, cycling)")
        }
        return loaded
    }

    /// `auto_pause: {running: false, hiking: true}` over the defaults (outdoor runs and rides).
    public var autoPause: AutoPausePolicy {
        var switches: [ActivityType: Bool] = [:]
        for (name, on) in settings.autoPause {
            if let activity = ActivityType(rawValue: name) { switches[activity] = on }
        }
        return AutoPausePolicy(switches: switches)
    }

    public var heartRateZones: HeartRateZones? { settings.heartRateZones }

    /// `profile:` for the energy Coach generates from heart rate.
    public var energyProfile: EnergyProfile { settings.energyProfile }
}

extension CoachSettings {
    /// The settings' `units` as the engine's milestone unit (CoachSettings knows no engine types).
    public var milestoneUnit: DistanceUnit { units == .mi ? .miles : .kilometers }

    /// `heart_rate.max`, else an age from `heart_rate.age` or `profile.age` (Tanaka).
    public var heartRateZones: HeartRateZones? { HeartRateZones(maximum: heartRate.max, age: heartRate.age ?? profile.age) }

    public var energyProfile: EnergyProfile {
        EnergyProfile(weight: profile.weight, age: profile.age, sex: profile.sex.flatMap { EnergyProfile.Sex(rawValue: $0.lowercased()) })
    }

    /// `announce:` as the engine's report settings.
    public var reports: ReportSettings {
        ReportSettings(distance: announce.distance, everyMinutes: announce.minutes,
                       statistics: announce.say.compactMap(ReportStatistic.init(rawValue:)))
    }
}
