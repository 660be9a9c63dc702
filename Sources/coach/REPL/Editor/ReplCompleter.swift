// Tab completion for the REPL: slash commands and their arguments, then the workout vocabulary
// (verbs, activities, locations, units) in English and Japanese, from Recognizer.completionWords
// (the words of Intents/<lang>/), so completion and recognition never disagree.

import CoachWire
import CoachCore
import CoachLanguage

/// Words the REPL completes. `builtIn` is enough to type every command the gateway understands.
struct ReplVocabulary: Sendable {
    var verbs: [String]
    var activities: [String]
    var locations: [String]
    var units: [String]
    var sampleTypes: [String]

    /// The recogniser's own words (Recognizer.completionWords: template command words, activity,
    /// location and unit phrases of Intents/<lang>/), in every language it loaded.
    static let builtIn: ReplVocabulary = {
        guard let dir = Recognizer.builtInIntentsDirectory(), let recognizer = try? Recognizer(intentsDirectory: dir) else {
            return ReplVocabulary(verbs: [], activities: [], locations: [], units: [],
                                  sampleTypes: QuantityType.allCases.map(\.rawValue))
        }
        return ReplVocabulary(recognizer.completionWords, languages: recognizer.languages)
    }()

    init(verbs: [String], activities: [String], locations: [String], units: [String], sampleTypes: [String]) {
        self.verbs = verbs
        self.activities = activities
        self.locations = locations
        self.units = units
        self.sampleTypes = sampleTypes
    }

    init(_ v: CompletionWords, languages: [Language]) {
        // A plural beside its singular ("outdoors", "outdoor") would stop Tab at the shared
        // prefix; the singular completes and the user types the rest.
        func all(_ table: [Language: [String]]) -> [String] {
            let words = languages.flatMap { table[$0] ?? [] }
            let set = Set(words)
            return words.filter { !($0.hasSuffix("s") && set.contains(String($0.dropLast()))) }
        }
        self.init(verbs: all(v.commandWords), activities: all(v.activities), locations: all(v.locations),
                  units: all(v.units), sampleTypes: QuantityType.allCases.map(\.rawValue))
    }
}

struct ReplCompleter: Sendable {
    var vocabulary: ReplVocabulary

    /// `buffer` is the line before the word being completed.
    func complete(buffer: String, word: String) -> [String] {
        let before = buffer.split(whereSeparator: \.isWhitespace).map { $0.lowercased() }
        let candidates: [String]
        if before.isEmpty, word.hasPrefix("/") {
            candidates = ReplCommand.names
        } else if let command = before.first, command.hasPrefix("/") {
            candidates = arguments(of: command, position: before.count)
        } else {
            candidates = vocabulary.verbs + vocabulary.activities + vocabulary.locations + vocabulary.units
        }
        let lowered = word.lowercased()
        var seen = Set<String>()
        return candidates.filter { $0.lowercased().hasPrefix(lowered) && seen.insert($0).inserted }.sorted()
    }

    /// `position` 1 is the first argument.
    private func arguments(of command: String, position: Int) -> [String] {
        switch (command, position) {
        case ("/lang", 1): return ["en", "ja"]
        case ("/json", 1), ("/speak", 1), ("/listen", 1): return ["on", "off"]
        case ("/wait", 1): return ["30s", "60s", "1m30s", "2m", "5m", "10m"]
        case ("/sample", 1): return vocabulary.sampleTypes
        case ("/sample", 3): return ["bpm", "m", "km", "mi", "kcal", "kJ", "W", "spm", "steps"]
        default: return []
        }
    }
}
