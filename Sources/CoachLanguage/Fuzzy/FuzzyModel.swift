import CoachWire
import Foundation

// FuzzyModel: what the recogniser does when no template accepts the text.
//  1. Negative evidence: a non-workout object ("music", "timer", "音楽") → not understood.
//  2. Typo correction lives in TypoCorrection.swift (LanguageModel tries it, then the clause
//     method, before this fallback); this model holds its vocabulary (`words`, `wordsByLength`).
//  3. Keywords: every intent's literal template words (Japanese: character bigrams) weighted
//     by how specific they are to that intent (idf), plus slot values found anywhere
//     (activities, locations, number + unit goals). The score becomes a confidence; below
//     `threshold` nothing is returned, only a suggestion.
//     Precision first (issue #11): a guess is made only when EVERY word of the line is
//     explained (a cue, a slot, a template word or phrase, a filler, a function word), the line
//     is not a question about something else, and a StartWorkout guess is bound to an activity,
//     a place or a workout noun (a goal alone starts nothing). Typo-corrected words are used
//     only to reach an exact template match, and a real word is never "corrected".
// End/Cancel are never returned from keywords (only suggested), and a typo-corrected
// End/Cancel is returned with `needsConfirmation` (see docs/recognizer.md).

struct FuzzyModel: Sendable {
    /// Calibrated on the fresh holdout + negatives (issue #11, scripts/corpus-eval.py): keyword
    /// answers at 0.6–0.8 were right 4 times in 8; at ≥ 0.8 every one was.
    static let threshold = 0.8

    static let suggestionFloor = 0.3

    let language: Language
    /// English vocabulary for typo correction, as scalars, by word.
    let words: [String: [UInt32]]
    /// feature → (intent → weight).
    let features: [String: [String: Double]]
    /// Known tokens that are not intent evidence (skip words, numbers, list words).
    let neutral: Set<String>
    /// intent → a short example rendered from its first template ("start workout").
    let examples: [String: String]
    /// Cues, activity hints, set-phrase goals, negative words (Intents/<lang>/_fallback.yaml).
    let fallback: FallbackData
    /// Non-workout objects: the built-in lists plus `fallback.negative_words`.
    let negativeEnglish: Set<String>
    let negativeJapanese: [String]
    let negativeJapaneseScalars: [[UInt32]]
    /// Words a question may contain without referring to the user: `questions.allowed`,
    /// activity names and verbs, number words (stemmed like features).
    let questionWords: Set<String>
    /// Japanese: `questions.allowed` phrases and activity names, longest first.
    let questionPhrases: [[UInt32]]
    /// Japanese activity names, longest first.
    let activityPhrases: [[UInt32]]
    /// Single words that are explained wherever they stand (English): words of template text
    /// that is one word, single-word skip words, number words, function words.
    let explainedWords: Set<String>
    /// Phrases that are explained where they occur as a whole (multi-word template text and
    /// skip words, fillers, objects; Japanese: every template text and its non-kana runs),
    /// by first scalar, longest first.
    let explainedPhrases: [UInt32: [[UInt32]]]
    /// Vocabulary words by length, for typo correction (only lengths within the budget are read).
    let wordsByLength: [[(word: String, scalars: [UInt32], letters: UInt32)]]

    init(grammar: Grammar, defs: IntentDefinitions, fallback: FallbackData = FallbackData()) {
        language = grammar.language
        self.fallback = fallback
        negativeEnglish = grammar.language == .en ? Set(fallback.negativeWords) : []
        negativeJapanese = grammar.language == .ja ? fallback.negativeWords : []
        negativeJapaneseScalars = negativeJapanese.map { $0.unicodeScalars.map(\.value) }.filter { !$0.isEmpty }
        var collector = LiteralCollector(defs: defs)
        var perIntent: [String: Set<String>] = [:]
        var vocabulary = Set<String>()
        var examples: [String: String] = [:]
        var explainedWords = fallback.stopWords
        var phrases = Set<[UInt32]>(fallback.fillers + fallback.objects)
        func explain(_ norm: NormalizedText) {
            let s = norm.scalars
            guard !s.isEmpty else { return }
            if grammar.language == .en {
                if s.contains(Scalars.space) { phrases.insert(s) } else { explainedWords.insert(norm.string) }
            } else {
                phrases.insert(s.filter { $0 != Scalars.space })
                // 開始 in を開始して: the kanji/katakana runs stand on their own (開始しちゃって).
                var run: [UInt32] = []
                for v in s + [Scalars.space] {
                    if Self.isKana(v) || v == Scalars.space {
                        if run.count > 1 { phrases.insert(run) }
                        run = []
                    } else {
                        run.append(v)
                    }
                }
            }
        }
        for (intent, blocks) in defs.intents where !fallback.exactOnly.contains(intent) {
            var set = perIntent[intent] ?? []
            for block in blocks {
                for sentence in block.sentences {
                    guard let node = try? TemplateParser.parse(sentence) else { continue }
                    var texts: [String] = []
                    collector.collect(node, into: &texts)
                    for t in texts {
                        let normalized = Normalizer.normalize(t, cjkSpacing: defs.ignoreWhitespace)
                        explain(normalized)
                        let norm = normalized.string
                        for f in Self.features(of: norm, language: grammar.language) { set.insert(f) }
                        for w in norm.split(separator: " ") { vocabulary.insert(String(w)) }
                    }
                    // The shortest rendering reads best in "did you mean: …?".
                    let example = collector.render(node).split(separator: " ").joined(separator: " ")
                    if !example.isEmpty, examples[intent].map({ example.count < $0.count }) ?? true {
                        examples[intent] = example
                    }
                }
            }
            perIntent[intent] = set
        }
        var neutral = Set<String>()
        var questionWords = Set(fallback.questionAllowed.flatMap { Self.features(of: $0, language: grammar.language) })
        for list in defs.lists.values {
            guard case .values(let values) = list else { continue }
            for v in values {
                guard let node = try? TemplateParser.parse(v.input) else { continue }
                var texts: [String] = []
                collector.collect(node, into: &texts)
                for t in texts {
                    // List words (activities, units) are workout vocabulary: explained, no vote.
                    explain(Normalizer.normalize(t, cjkSpacing: defs.ignoreWhitespace))
                    let norm = Normalizer.normalize(t, cjkSpacing: defs.ignoreWhitespace).string
                    for w in norm.split(separator: " ") {
                        vocabulary.insert(String(w))
                        neutral.insert(Self.stem(String(w)))
                    }
                }
            }
        }
        for s in defs.skipWords {
            explain(Normalizer.normalize(s, cjkSpacing: defs.ignoreWhitespace))
            for w in Normalizer.normalize(s, cjkSpacing: defs.ignoreWhitespace).string.split(separator: " ") {
                vocabulary.insert(String(w))
                neutral.insert(Self.stem(String(w)))
            }
        }
        for w in fallback.words {
            vocabulary.insert(w)
        }
        if grammar.language == .ja {
            for p in fallback.questionAllowed { phrases.insert(p.unicodeScalars.map(\.value)) }
            for p in fallback.selfPhrases { phrases.insert(p) }
        }
        for w in grammar.numbers.words where grammar.language == .en {
            explainedWords.insert(w)
            vocabulary.insert(w)
            neutral.insert(w)
            questionWords.insert(w)
        }
        self.questionWords = questionWords
        if grammar.language == .en { explainedWords.formUnion(fallback.questionAllowed) }
        self.explainedWords = explainedWords
        var byFirst: [UInt32: [[UInt32]]] = [:]
        for p in phrases where !p.isEmpty { byFirst[p[0], default: []].append(p) }
        for k in byFirst.keys { byFirst[k]!.sort { $0.count != $1.count ? $0.count > $1.count : $0.lexicographicallyPrecedes($1) } }
        self.explainedPhrases = byFirst
        var activities = Set<[UInt32]>()
        if grammar.language == .ja {
            for p in (grammar.listPhrases["activity"] ?? []) + (grammar.listPhrases["activity_verb"] ?? []) {
                let n = Normalizer.normalize(p, cjkSpacing: true).scalars
                if !n.isEmpty { activities.insert(n) }
            }
        }
        let longestFirst: ([UInt32], [UInt32]) -> Bool = {
            $0.count != $1.count ? $0.count > $1.count : $0.lexicographicallyPrecedes($1)
        }
        activityPhrases = activities.sorted(by: longestFirst)
        // Activity names do not make a question about the workout ("how far is the swimming
        // pool", プールまで何キロ): only a self reference or status words do.
        questionPhrases = Set(fallback.questionAllowed.map { $0.unicodeScalars.map(\.value) }).sorted(by: longestFirst)
        let n = Double(max(perIntent.count, 1))
        var df: [String: Int] = [:]
        for (_, set) in perIntent { for f in set { df[f, default: 0] += 1 } }
        var features: [String: [String: Double]] = [:]
        for (intent, set) in perIntent {
            for f in set {
                let idf = log(n / Double(df[f]!))
                if idf > 0 { features[f, default: [:]][intent] = idf }
                else { neutral.insert(f) }
            }
        }
        self.features = features
        self.neutral = neutral
        self.examples = examples
        var words: [String: [UInt32]] = [:]
        if grammar.language == .en {
            for w in vocabulary where w.unicodeScalars.count >= 2 { words[w] = w.unicodeScalars.map(\.value) }
        }
        self.words = words
        var byLength: [[(word: String, scalars: [UInt32], letters: UInt32)]] = []
        for (w, ws) in words.sorted(by: { $0.key < $1.key }) {
            while byLength.count <= ws.count { byLength.append([]) }
            byLength[ws.count].append((w, ws, Self.letterSet(ws)))
        }
        self.wordsByLength = byLength
    }

    // MARK: - Features

    /// Crude English stemming so "started"/"starting"/"starts" meet "start".
    static func stem(_ w: String) -> String {
        if w.count > 5, w.hasSuffix("ing") { return String(w.dropLast(3)) }
        if w.count > 4, w.hasSuffix("ed") { return String(w.dropLast(2)) }
        if w.count > 3, w.hasSuffix("s"), !w.hasSuffix("ss") { return String(w.dropLast()) }
        return w
    }

    static func features(of text: String, language: Language) -> [String] {
        switch language {
        case .en:
            return text.split(separator: " ").map { stem(String($0)) }
        case .ja:
            // Character bigrams of runs of CJK text: Japanese has no spaces to split on.
            var out: [String] = []
            let scalars = Array(text.unicodeScalars)
            var i = 0
            while i + 1 < scalars.count {
                if Scalars.isCJK(scalars[i].value), Scalars.isCJK(scalars[i + 1].value) {
                    var s = String.UnicodeScalarView()
                    s.append(scalars[i])
                    s.append(scalars[i + 1])
                    out.append(String(s))
                }
                i += 1
            }
            return out
        }
    }
}
