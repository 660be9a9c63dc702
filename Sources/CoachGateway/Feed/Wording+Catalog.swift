// Where Wording's words come from: the word tables of `responses:` in Intents/<lang>/_responses.yaml,
// as ResponseCatalog reads them. CoachCore cannot read files (nor depend on the language module), so
// the gateway and the executable build each language's Wording here and hand it down.

import CoachCore
import CoachLanguage
import CoachWire

extension Wording {
    /// `language`'s words in `catalog`; a word the language lacks is taken from English, as a
    /// response text is (ResponseCatalog.text) — but for titles: a language without its own title
    /// for an activity titles it with its own noun, never with English's title.
    public init(_ catalog: ResponseCatalog, language: Language) {
        self.init(language: language) { group, key in
            catalog.phrase(group, key, language: language)
                ?? (group == "activityLabels" ? nil : catalog.phrase(group, key, language: .en))
        }
    }

    /// The wording of the built-in Intents/ directory: what a client —
    /// `coach status --follow`, `coach widget`, `coach history`, the REPL — words things in.
    public static func builtIn(_ language: Language) -> Wording {
        builtInByLanguage[language] ?? Wording(ResponseCatalog.builtIn, language: language)
    }

    private static let builtInByLanguage: [Language: Wording] = Dictionary(
        uniqueKeysWithValues: Language.allCases.map { ($0, Wording(ResponseCatalog.builtIn, language: $0)) })
}
