// A workout's goal: a time, a distance or an energy to reach, or none (open-ended). One type for
// every module: the recogniser's slots, the engine, the protocol's params and the mirror.
// Its limits and progress are the engine's (CoachCore: WorkoutGoal+Progress.swift).

/// What the workout aims for. Values are in seconds, metres and kilocalories, the units
/// `coach parse --json` and the protocol use (`{"type":"time","value":1800}`).
public enum WorkoutGoal: Sendable, Hashable {
    case open
    case time(seconds: Double)
    case distance(meters: Double)
    case energy(kilocalories: Double)

    public var type: String {
        switch self {
        case .open: return "open"
        case .time: return "time"
        case .distance: return "distance"
        case .energy: return "energy"
        }
    }

    public var value: Double? {
        switch self {
        case .open: return nil
        case .time(let seconds): return seconds
        case .distance(let meters): return meters
        case .energy(let kilocalories): return kilocalories
        }
    }

    public init?(type: String, value: Double?) {
        switch (type, value) {
        case ("open", _): self = .open
        case ("time", let value?): self = .time(seconds: value)
        case ("distance", let value?): self = .distance(meters: value)
        case ("energy", let value?): self = .energy(kilocalories: value)
        default: return nil
        }
    }
}

extension WorkoutGoal: Codable {
    private enum CodingKeys: String, CodingKey { case type, value }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        let value = try container.decodeIfPresent(Double.self, forKey: .value)
        guard let goal = WorkoutGoal(type: type, value: value) else {
            throw DecodingError.dataCorruptedError(forKey: .type, in: container,
                debugDescription: "goal type must be time, distance, energy (with a value) or open")
        }
        self = goal
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(type, forKey: .type)
        try container.encodeIfPresent(value, forKey: .value)
    }
}
