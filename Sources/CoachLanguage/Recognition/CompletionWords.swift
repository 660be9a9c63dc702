// CompletionWords: words for tab completion and help, per language — activity and location
// phrases, goal units, and the literal command words of the templates.

import CoachWire

public struct CompletionWords: Sendable, Equatable {
    public var activities: [Language: [String]] = [:]
    public var locations: [Language: [String]] = [:]
    public var units: [Language: [String]] = [:]
    public var commandWords: [Language: [String]] = [:]

    /// Everything for one language, sorted and without duplicates.
    public func words(for language: Language) -> [String] {
        let all = (activities[language] ?? []) + (locations[language] ?? []) + (units[language] ?? [])
            + (commandWords[language] ?? [])
        return Array(Set(all)).sorted()
    }

    init(models: [Language: LanguageModel]) {
        for (language, model) in models {
            activities[language] = Self.phrases(model.grammar, slot: "activity")
            locations[language] = Self.phrases(model.grammar, slot: "location")
            units[language] = Self.phrases(model.grammar, slot: "goal_unit")
            commandWords[language] = model.fuzzy.features.keys.filter { language == .en || $0.count > 1 }.sorted()
        }
    }

    public init() {}

    /// The surface phrases of the lists feeding `slot` (each `in` alternative, small lists only).
    static func phrases(_ grammar: Grammar, slot: String) -> [String] {
        var out = Set<String>()
        for name in Set(grammar.probes.filter { $0.slot == slot }.map(\.list)) {
            out.formUnion(grammar.listPhrases[name] ?? [])
        }
        return out.sorted()
    }
}
