// Tab completion for the REPL: slash commands and their arguments, then the workout vocabulary
// (verbs, activities, locations, units) in English and Japanese. The words come from a
// vocabulary value, so the recogniser can hand over its own lists when it lands.

import CoachCore

/// Words the REPL completes. `builtIn` is enough to type every command the gateway understands.
struct ReplVocabulary: Sendable {
    var verbs: [String]
    var activities: [String]
    var locations: [String]
    var units: [String]
    var sampleTypes: [String]

    static let builtIn = ReplVocabulary(
        verbs: ["start", "pause", "resume", "end", "cancel", "status", "lap", "stop", "finish",
                "開始", "一時停止", "再開", "終了", "キャンセル", "状況", "ラップ"],
        activities: ActivityType.allCases.filter { !$0.isDeprecated }.flatMap {
            [$0.displayName(.en), $0.displayName(.ja)]
        } + ["running", "walking", "ride", "bike"],
        locations: LocationType.allCases.flatMap { [$0.displayName(.en), $0.displayName(.ja)] }.filter { !$0.isEmpty },
        units: ["minute", "minutes", "hour", "hours", "km", "kilometers", "miles", "kcal", "calories",
                "分", "時間", "キロ", "カロリー"],
        sampleTypes: QuantityType.allCases.map(\.rawValue))
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
        case ("/json", 1): return ["on", "off"]
        case ("/wait", 1): return ["30s", "60s", "1m30s", "2m", "5m", "10m"]
        case ("/sample", 1): return vocabulary.sampleTypes
        case ("/sample", 3): return ["bpm", "m", "km", "mi", "kcal", "kJ", "W", "spm", "steps"]
        default: return []
        }
    }
}
