// The types a client may be allowed to share (write) and read, as HealthKit's HKObjectType: every
// quantity type, workouts, and the route (location samples). Names on the wire are the sample
// types' own ("heartRate"), "workouts" and "location".

public enum AuthorizationType: Sendable, Hashable, Codable, Comparable {
    case quantity(QuantityType)
    case workouts
    /// Route points (`sample` with type `location`), HKSeriesType.workoutRoute.
    case location

    public static var allCases: [AuthorizationType] {
        QuantityType.allCases.map { .quantity($0) } + [.workouts, .location]
    }

    /// The wire name: "heartRate", "workouts", "location".
    public var name: String {
        switch self {
        case .quantity(let type): return type.rawValue
        case .workouts: return "workouts"
        case .location: return "location"
        }
    }

    /// Accepts the wire names and the sample types' aliases ("hr", "steps"), "workout" too.
    public init?(name: String) {
        switch name.lowercased() {
        case "workouts", "workout": self = .workouts
        case "location", "route", "workoutroute": self = .location
        default:
            guard let type = QuantityType(name: name) else { return nil }
            self = .quantity(type)
        }
    }

    /// Several names separated by commas ("heartRate,power"); nil names the first unknown one.
    public static func parseList(_ text: String) -> Result<[AuthorizationType], UnknownAuthorizationType> {
        var types: [AuthorizationType] = []
        for part in text.split(separator: ",") {
            let name = String(part.filter { !$0.isWhitespace })
            if name.isEmpty { continue }
            if name.lowercased() == "all" {
                types.append(contentsOf: allCases)
                continue
            }
            guard let type = AuthorizationType(name: name) else { return .failure(UnknownAuthorizationType(name: name)) }
            if !types.contains(type) { types.append(type) }
        }
        return .success(types)
    }

    public static func < (lhs: AuthorizationType, rhs: AuthorizationType) -> Bool {
        let order = allCases
        return (order.firstIndex(of: lhs) ?? 0) < (order.firstIndex(of: rhs) ?? 0)
    }

    /// Words for the permission question ("heart rate", "workouts").
    public var spokenName: String {
        switch self {
        case .quantity(.heartRate): return "heart rate"
        case .quantity(.activeEnergy): return "active energy"
        case .quantity(.stepCount): return "steps"
        case .quantity(.dietaryWater): return "water"
        case .quantity(let type): return type.rawValue
        case .workouts: return "workouts"
        case .location: return "location (routes)"
        }
    }
}

/// A type name that is not one of `AuthorizationType.allCases`.
public struct UnknownAuthorizationType: Error, Sendable, Hashable, CustomStringConvertible {
    public var name: String
    public init(name: String) { self.name = name }
    public var description: String {
        "unknown type \"\(name)\" (one of \(AuthorizationType.allCases.map(\.name).joined(separator: ", ")), or all)"
    }
}
