// ActivityType: HealthKit's workout activity types (HKWorkoutActivityType), named in lowerCamelCase
// exactly as HealthKit spells them, with HealthKit's raw values so exports and mirrors agree.

/// A kind of workout. The raw value is HealthKit's case name (`running`, `highIntensityIntervalTraining`);
/// `healthKitValue` is HealthKit's integer, which file formats and mirrored peers use.
public enum ActivityType: String, Sendable, Hashable, Codable, CaseIterable {
    case americanFootball, archery, australianFootball, badminton, baseball, basketball, bowling, boxing
    case climbing, cricket, crossTraining, curling, cycling, dance, danceInspiredTraining, elliptical
    case equestrianSports, fencing, fishing, functionalStrengthTraining, golf, gymnastics, handball, hiking
    case hockey, hunting, lacrosse, martialArts, mindAndBody, mixedMetabolicCardioTraining, paddleSports
    case play, preparationAndRecovery, racquetball, rowing, rugby, running, sailing, skatingSports
    case snowSports, soccer, softball, squash, stairClimbing, surfingSports, swimming, tableTennis, tennis
    case trackAndField, traditionalStrengthTraining, volleyball, walking, waterFitness, waterPolo
    case waterSports, wrestling, yoga, barre, coreTraining, crossCountrySkiing, downhillSkiing, flexibility
    case highIntensityIntervalTraining, jumpRope, kickboxing, pilates, snowboarding, stairs, stepTraining
    case wheelchairWalkPace, wheelchairRunPace, taiChi, mixedCardio, handCycling, discSports, fitnessGaming
    case cardioDance, socialDance, pickleball, cooldown, swimBikeRun, transition, underwaterDiving
    case other

    /// HealthKit's `HKWorkoutActivityType` raw value (sequential from americanFootball = 1; other = 3000).
    public var healthKitValue: Int {
        switch self {
        case .swimBikeRun: return 82
        case .transition: return 83
        case .underwaterDiving: return 84
        case .other: return 3000
        default: return Self.allCases.firstIndex(of: self)! + 1
        }
    }

    /// The activity with HealthKit's raw value, if there is one.
    public init?(healthKitValue: Int) {
        guard let match = Self.allCases.first(where: { $0.healthKitValue == healthKitValue }) else { return nil }
        self = match
    }

    /// HealthKit deprecated these; they still read from old data but are not offered for new workouts.
    public var isDeprecated: Bool {
        self == .dance || self == .danceInspiredTraining || self == .mixedMetabolicCardioTraining
    }

    /// Whether indoor and outdoor versions are measured differently (GPS distance outdoors, pace indoors).
    public var distinguishesLocation: Bool {
        switch self {
        case .running, .walking, .cycling, .hiking, .rowing, .swimming, .wheelchairRunPace, .wheelchairWalkPace,
            .handCycling, .crossCountrySkiing, .skatingSports:
            return true
        default:
            return false
        }
    }

    /// Activities suggested first when the user did not say which workout ("Which workout? …").
    public static let suggestions: [ActivityType] = [
        .running, .walking, .cycling, .swimming, .hiking, .highIntensityIntervalTraining,
        .traditionalStrengthTraining, .yoga, .rowing, .elliptical,
    ]
}

/// Where a workout happens. HealthKit: `HKWorkoutSessionLocationType` / SiriKit `INWorkoutLocationType`.
public enum LocationType: String, Sendable, Hashable, Codable, CaseIterable {
    case unknown, indoor, outdoor

    /// SiriKit's `INWorkoutLocationType` raw value (unknown 0, outdoor 1, indoor 2).
    public var siriKitValue: Int {
        switch self {
        case .unknown: return 0
        case .outdoor: return 1
        case .indoor: return 2
        }
    }
}
