// Units: goal_unit identifiers → goal type and factor to base units (seconds, metres,
// kilocalories). From Intents/intents.yaml `units:` when present; these defaults
// mirror it so the module works without that file.

import CoachWire

struct UnitTable: Sendable {
    /// The goal a unit measures (the `units:` families of the contract file).
    enum Family: String, Sendable {
        case time, distance, energy

        func goal(_ value: Double) -> WorkoutGoal {
            switch self {
            case .time: return .time(seconds: value)
            case .distance: return .distance(meters: value)
            case .energy: return .energy(kilocalories: value)
            }
        }
    }

    var units: [String: (Family, Double)]

    static let defaults = UnitTable(units: [
        "second": (.time, 1), "minute": (.time, 60), "hour": (.time, 3600),
        "meter": (.distance, 1), "kilometer": (.distance, 1000), "mile": (.distance, 1609.344),
        "yard": (.distance, 0.9144), "foot": (.distance, 0.3048),
        "kilocalorie": (.energy, 1), "calorie": (.energy, 1), "kilojoule": (.energy, 1 / 4.184),
    ])

    /// The defaults, with the contract's `units:` over them.
    init(_ contract: VocabularyContract) {
        var table = Self.defaults
        for unit in contract.units {
            if let kind = Family(rawValue: unit.family) { table.units[unit.name] = (kind, unit.factor) }
        }
        self = table
    }

    init(units: [String: (Family, Double)]) { self.units = units }

    func goal(value: Double, unit: String) -> WorkoutGoal? {
        guard let (kind, factor) = units[unit] else { return nil }
        let base = value * factor
        // Round away float noise (0.239005736 × 500 kJ) to what a person would state.
        return kind.goal((base * 1000).rounded() / 1000)
    }
}
