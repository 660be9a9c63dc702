// What a plan is for and where its structure comes from: `purpose:` and `source:` in its file,
// shown by `coach plan list --library` and `coach plan show` (docs/plans.md, "The library").

import CoachWire

public struct PlanAbout: Sendable, Hashable {
    /// Language code → one line; "" for a purpose written without a language.
    public var purpose: [String: String]
    /// A book, paper or rule book; nil where the plan's file names none.
    public var source: String?

    public init(purpose: [String: String] = [:], source: String? = nil) {
        self.purpose = purpose
        self.source = source
    }

    /// The line in `language`, else English, else the one written without a language.
    public func purpose(_ language: Language) -> String? {
        purpose[language.rawValue] ?? purpose[Language.en.rawValue] ?? purpose[""]
    }
}
