// Language: the languages Coach understands and answers in — one type for every module (the
// recogniser, the engine's display names, the gateway's replies, the REPL's /lang).
// Guessing a line's language is the recogniser's (CoachLanguage: Language+Detection.swift).

public enum Language: String, Sendable, Hashable, Codable, CaseIterable {
    case en
    case ja
}
