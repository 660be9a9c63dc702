// VocabularyContract: Intents/intents.yaml as read — per intent the states a guess can apply in
// (`possible_when`) and what a bare command means in a state (`bare_in_state`), the goal units
// with their factors, and the activities a distance goal suits. Slots and descriptions there
// document the templates for people and validators; nothing here needs them.

import CoachWire
import Yams

public struct VocabularyContract: Sendable, Equatable {
    /// A goal unit: its family (time, distance, energy) and its factor to seconds, metres, kilocalories.
    public struct Unit: Sendable, Equatable {
        public var name: String
        public var family: String
        public var factor: Double
    }

    /// intent → context key → the values in which a guess of it can apply.
    public var possibleWhen: [String: [String: [String]]] = [:]
    /// intent → context key → state → the intent a bare command means there.
    public var bareInState: [String: [String: [String: String]]] = [:]
    public var units: [Unit] = []
    /// HealthKit's distance activities (nil: the file names none, so no activity is refused a distance).
    public var distanceActivities: [String]?

    public init() {}

    static let unitFamilies: Set<String> = ["time", "distance", "energy"]

    init(_ root: Node, file: String) throws(VocabularyError) {
        let yaml = VocabularyYAML(file: file)
        for (key, node) in try yaml.fields(root, "", known: ["intents", "activities", "distance_activities", "units"]) {
            switch key {
            case "intents":
                for (intent, body) in try yaml.fields(node, key) {
                    let f = "intents." + intent
                    for (rule, value) in try yaml.fields(body, f) where rule == "possible_when" || rule == "bare_in_state" {
                        let g = f + "." + rule
                        for (context, states) in try yaml.fields(value, g) {
                            let h = g + "." + context
                            if rule == "possible_when" {
                                possibleWhen[intent, default: [:]][context] = try yaml.texts(states, h)
                            } else {
                                for (state, meant) in try yaml.fields(states, h) {
                                    bareInState[intent, default: [:]][context, default: [:]][state] = try yaml.text(meant, h + "." + state)
                                }
                            }
                        }
                    }
                }
            case "units":
                for (family, entries) in try yaml.fields(node, key) {
                    guard Self.unitFamilies.contains(family) else {
                        throw yaml.fail(entries, "units." + family, "unknown family (expected distance, energy or time)")
                    }
                    for (unit, factor) in try yaml.fields(entries, "units." + family) {
                        units.append(Unit(name: unit, family: family, factor: try yaml.number(factor, "units.\(family).\(unit)")))
                    }
                }
            case "distance_activities": distanceActivities = try yaml.texts(node, key)
            default: break  // activities: the HealthKit names, documentation for the templates
            }
        }
    }
}
