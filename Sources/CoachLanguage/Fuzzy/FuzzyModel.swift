import CoachWire
import Foundation

// FuzzyModel: what the recogniser does when no template accepts the text.
//  1. Negative evidence: a non-workout object ("music", "timer", "音楽") → not understood.
//  2. Typo correction (English): unknown words are replaced by the closest vocabulary word
//     within an edit budget that grows with word length, then the templates are tried again.
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
        for (intent, blocks) in defs.intents {
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
        for (name, list) in defs.lists {
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
        for w in NumberParser.englishWords where grammar.language == .en {
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

    // MARK: - Recognition

    func isNegative(words: [String], text: String) -> Bool {
        switch language {
        case .en: return words.contains { negativeEnglish.contains($0) }
        case .ja:
            // Scalar comparison: Foundation's String.contains folds and is slow.
            var s = Array(text.unicodeScalars.map(\.value))
            // A negative word inside an activity name does not count (自転車 is not a 車).
            var i = 0
            scan: while i < s.count {
                for p in activityPhrases where FallbackData.matches(p, s, at: i, words: false) {
                    for k in i ..< i + p.count { s[k] = Scalars.space }
                    i += p.count
                    continue scan
                }
                i += 1
            }
            for w in negativeJapaneseScalars where w.count <= s.count {
                var i = 0
                while i + w.count <= s.count {
                    if FallbackData.matches(w, s, at: i, words: false) { return true }
                    i += 1
                }
            }
            return false
        }
    }

    /// Ends with a `statement_endings` phrase and is not a question (no question mark, no
    /// WorkoutStatus word such as どれくらい).
    func isPastStatement(_ scalars: [UInt32], text: String) -> Bool {
        guard fallback.statementEndings.contains(where: { scalars.count > $0.count && scalars.suffix($0.count).elementsEqual($0) })
        else { return false }
        if text.contains("?") || text.contains("？") { return false }
        for phrase in fallback.verbs["WorkoutStatus"] ?? [] {
            for start in 0..<max(0, scalars.count - phrase.count + 1) where FallbackData.matches(phrase, scalars, at: start, words: language == .en) {
                return false
            }
        }
        return true
    }

    func recognize(
        text: String, norm: NormalizedText, model: LanguageModel, units: UnitTable, context: RecognitionContext = [:]
    ) -> Recognition {
        let notUnderstood = Recognition(text: text, language: language)
        if norm.count == 0 { return notUnderstood }
        let normString = norm.string
        // A statement about the past ("テニスを一時間半した") reports a workout; it commands nothing.
        // A question in the past ("どれくらい走った？") asks about the workout in progress: kept.
        if isPastStatement(norm.scalars, text: text) { return notUnderstood }
        let tokens = language == .en ? normString.split(separator: " ").map(String.init) : []
        if isNegative(words: tokens, text: normString) {
            // A cue can contain a negative word ("a red light" is a pause, "the lights" are not):
            // only what no cue explains counts as negative evidence.
            var cueCovered = [Bool](repeating: false, count: norm.count)
            _ = fallback.matchCues(norm.scalars, words: language == .en, covered: &cueCovered)
            let rest = uncoveredText(norm, cueCovered)
            let restTokens = language == .en ? rest.split(separator: " ").map(String.init) : []
            if isNegative(words: restTokens, text: rest) { return notUnderstood }
        }

        // 2. Typos are tried by LanguageModel before the clause method (TypoCorrection.swift).

        // 3. Cues, slots found anywhere, keywords — on the line as typed.
        let source = norm
        var covered = [Bool](repeating: false, count: source.count)
        var scores: [String: Double] = [:]
        let cues = fallback.matchCues(source.scalars, words: language == .en, covered: &covered)
        let cueCovered = covered
        for c in cues { scores[c.intent, default: 0] += c.weight }
        let found = findSlots(source, covered: covered, model: model, units: units)
        for r in found.ranges { for i in r where i < covered.count { covered[i] = true } }
        let inputFeatures = Self.features(of: uncoveredText(source, covered), language: language)
        // A question ("how far", "how long", どれくらい) is about the workout only when the line
        // refers to the user ("have I", "did we", 走った) or asks about nothing but workout
        // words ("how far?", "how many miles left"). "How far is the airport", "how long do I
        // boil an egg", 空港までどれくらい are questions about something else: not understood,
        // and no guess from the rest of the line either (a question is not a command).
        if let q = cues.first(where: \.isQuestion), !fallback.refersToSelf(source.scalars, words: language == .en),
            !questionIsAboutWorkout(uncoveredText(source, cueCovered), intent: q.intent)
        {
            return notUnderstood
        }
        let isQuestion = cues.contains(where: \.isQuestion) || looksLikeQuestion(text: text, tokens: tokens)
        var known = 0
        var seen = Set<String>()
        var functionWords = 0
        // Japanese bigrams overlap, so one word votes several times: count them at half weight.
        let keywordScale = language == .ja ? 0.5 : 1.0
        for f in inputFeatures where seen.insert(f).inserted {
            if fallback.stopWords.contains(f) {
                functionWords += 1
                continue
            }
            if let weights = features[f] {
                known += 1
                for (intent, w) in weights { scores[intent, default: 0] += w * keywordScale }
            } else if neutral.contains(f) {
                known += 1
            }
        }
        let spans = found.ranges.count + cues.count
        let total = seen.count - functionWords + spans + functionWords / 2
        known += spans
        // A start must be bound to the workout: an activity, a place or a workout noun. A goal
        // alone ("a table for ten in 2 minutes", 時計が12時30分を示しています) starts nothing.
        let bound = found.slots.activity != nil || found.slots.location != nil || mentionsObject(source.scalars)
        if bound {
            if found.slots.activity != nil { scores["StartWorkout", default: 0] += 2.0 }
            if found.slots.goal != nil { scores["StartWorkout", default: 0] += 2.5 }
            if found.slots.location != nil { scores["StartWorkout", default: 0] += 0.5 }
        } else {
            scores["StartWorkout"] = nil
        }
        let ranked = scores.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        guard let best = ranked.first, best.value > 0 else { return notUnderstood }
        // Statements, descriptions and questions about other things: a line with a word nothing
        // explains ("is the washer running", "two people are surfing", "I love dancing") is not
        // a command. A question is only ever a status question.
        let unexplained = unexplainedCount(source, covered: covered)
        if isQuestion && best.key != "WorkoutStatus" { return notUnderstood }
        let second = ranked.count > 1 ? ranked[1].value : 0
        let coverage = total == 0 ? 0 : Double(known) / Double(total)
        var confidence = Self.confidence(best: best.value, second: second, coverage: coverage)
        if unexplained > 0 {
            // One stray word in an otherwise bound command may still be worth asking about.
            guard unexplained == 1, bound || best.key != "StartWorkout", !isQuestion || best.key == "WorkoutStatus" else {
                return notUnderstood
            }
            confidence = min(confidence, Self.threshold - 0.1) * 0.8
        }
        // Only a command word of the intent makes the line a command ("pause for a sec", "go for
        // a run"); "I'll be there in a sec" and "I need a new bike" are only suggested.
        if !FallbackData.containsAny(fallback.verbs[best.key] ?? [], in: source.scalars, words: language == .en) {
            confidence = min(confidence, Self.threshold - 0.05)
        }
        if confidence < Self.threshold || LanguageModel.isDestructive(best.key) {
            var r = notUnderstood
            r.confidence = confidence
            if confidence >= Self.suggestionFloor {
                let example = examples[best.key] ?? best.key
                r.suggestion = "did you mean: \(example)?"
                r.suggestedIntent = best.key
                r.suggested = Suggestion(
                    intent: best.key, slots: Self.slots(found.slots, for: best.key), confidence: confidence, example: example)
            }
            return r
        }
        let slots = Self.slots(found.slots, for: best.key)
        return Recognition(
            text: text, language: language, intent: best.key, slots: slots, confidence: confidence, template: nil,
            isExact: false, method: .keywords, needsConfirmation: false, suggestion: nil, response: "default")
    }

    /// Only the activity is meaningful outside StartWorkout (informational).
    static func slots(_ slots: RecognizedSlots, for intent: String) -> RecognizedSlots {
        guard intent != "StartWorkout" else { return slots }
        return RecognizedSlots(activity: slots.activity, spans: slots.spans.filter { $0.key == "activity" },
            values: slots.values.filter { $0.key == "activity" })
    }

    /// A question mark, or (English) a question word first once politeness is set aside
    /// ("is the washer running", "when does the tennis start").
    func looksLikeQuestion(text: String, tokens: [String]) -> Bool {
        if text.unicodeScalars.contains(where: { $0 == "?" || $0 == "？" }) { return true }
        guard language == .en else { return false }
        for (i, t) in tokens.enumerated() {
            if explainedWordsLeading.contains(t) { continue }
            // One or two words: "is …", "do you …" ("do some yoga" is a command).
            return fallback.questionStarts.contains(t)
                || (i + 1 < tokens.count && fallback.questionStarts.contains(t + " " + tokens[i + 1]))
        }
        return false
    }

    /// Words that may precede a question word without making it a statement ("so", "hey", "coach").
    var explainedWordsLeading: Set<String> { ["so", "hey", "ok", "okay", "coach", "and", "but", "well", "um", "uh"] }

    /// Does the line name a workout noun (`fallback.objects`)?
    func mentionsObject(_ s: [UInt32]) -> Bool {
        FallbackData.containsAny(fallback.objects, in: s, words: language == .en)
    }

    /// How many words (Japanese: runs of kanji, katakana or Latin letters) no cue, slot,
    /// template text, filler, object or function word explains.
    func unexplainedCount(_ t: NormalizedText, covered: [Bool]) -> Int {
        let s = t.scalars
        var mark = covered
        let words = language == .en
        var i = 0
        while i < s.count {
            if !mark[i], let list = explainedPhrases[s[i]] {
                for p in list where FallbackData.matches(p, s, at: i, words: words) {
                    if (i ..< i + p.count).allSatisfy({ !mark[$0] }) {
                        for k in i ..< i + p.count { mark[k] = true }
                        i += p.count - 1
                        break
                    }
                }
            }
            i += 1
        }
        var count = 0
        switch language {
        case .en:
            for word in uncoveredText(t, mark).split(separator: " ") {
                let w = String(word)
                if explainedWords.contains(w) || explainedWords.contains(Self.stem(w)) { continue }
                if w.unicodeScalars.allSatisfy({ ($0.value >= 0x30 && $0.value <= 0x39) || $0 == "." || $0 == "," }) { continue }
                count += 1
            }
        case .ja:
            var inRun = false
            for k in 0 ..< s.count {
                let v = s[k]
                let stray = !mark[k] && v != Scalars.space && !Self.isKana(v) && v != 0x30FC
                if stray && !inRun { count += 1 }
                inRun = stray
            }
        }
        return count
    }

    /// Hiragana (particles, verb endings): explained in Japanese without a phrase.
    @inline(__always) static func isKana(_ v: UInt32) -> Bool { v >= 0x3041 && v <= 0x309F }

    /// A question with no self reference is about the workout when everything else in it is
    /// workout vocabulary: English words of the status templates, activity names, numbers and
    /// `questions.allowed`; Japanese text made only of `questions.allowed` phrases and activity
    /// names (bigrams straddle particles, so Japanese is read phrase by phrase).
    func questionIsAboutWorkout(_ rest: String, intent: String) -> Bool {
        switch language {
        case .en:
            for f in Self.features(of: rest, language: .en) where !fallback.stopWords.contains(f) {
                if features[f]?[intent] != nil || questionWords.contains(f) { continue }
                return false
            }
            return true
        case .ja:
            for segment in rest.split(separator: " ") {
                let s = segment.unicodeScalars.map(\.value)
                var i = 0
                outer: while i < s.count {
                    for p in questionPhrases where FallbackData.matches(p, s, at: i, words: false) {
                        i += p.count
                        continue outer
                    }
                    return false
                }
            }
            return true
        }
    }

    /// Keyword confidence from the best two intent scores and the share of the line understood.
    static func confidence(best: Double, second: Double, coverage: Double) -> Double {
        min(0.85, 0.1 + 0.45 * min(best / 4, 1) + 0.2 * (best - second) / best + 0.25 * coverage)
    }

    func uncoveredText(_ t: NormalizedText, _ covered: [Bool]) -> String {
        var view = String.UnicodeScalarView()
        for i in 0 ..< t.count {
            if let u = Unicode.Scalar(covered[i] ? Scalars.space : t.scalars[i]) { view.append(u) }
        }
        return String(view).split(separator: " ").joined(separator: " ")
    }

    // MARK: - Slots anywhere

    struct Found {
        var slots = RecognizedSlots()
        var ranges: [Range<Int>] = []
    }

    /// Activity, location and a number + unit goal found anywhere in the text (outside cues).
    func findSlots(_ t: NormalizedText, covered: [Bool], model: LanguageModel, units: UnitTable) -> Found {
        var found = Found()
        let g = model.grammar
        let s = t.scalars
        let wordMode = !g.cjkSpacing
        var i = 0
        while i < s.count {
            let wordStart = g.cjkSpacing || i == 0 || s[i - 1] == Scalars.space
            guard wordStart, s[i] != Scalars.space else { i += 1; continue }
            var advanced = false
            // Goals never start inside a cue: "for a minute" is a pause, not a one-minute goal.
            let inCue = i < covered.count && covered[i]
            // A set phrase with a goal ("half an hour", 一時間半).
            if found.slots.goal == nil, !inCue {
                for p in fallback.goals where FallbackData.matches(p.scalars, s, at: i, words: wordMode) {
                    if let goal = units.goal(value: p.value, unit: p.unit) {
                        found.slots.goal = goal
                        found.slots.values["goal_value"] = .number(p.value)
                        found.slots.values["goal_unit"] = .string(p.unit)
                        found.ranges.append(i ..< i + p.scalars.count)
                        i += p.scalars.count
                        advanced = true
                        break
                    }
                }
            }
            if advanced { continue }
            // A goal: number, optional space, unit.
            let number = s.withUnsafeBufferPointer { buf in
                NumberParser.digits(buf, at: i) ?? NumberParser.words(buf, at: i, language: language)
            }
            if let number, found.slots.goal == nil, !inCue {
                var j = number.end
                if j < s.count, s[j] == Scalars.space { j += 1 }
                for probe in g.probes where probe.slot == "goal_unit" {
                    if let unit = g.probe(probe.entry, s, at: j), let r = unit.range, case .string(let u) = unit.value,
                        r.upperBound == s.count || !wordMode || s[r.upperBound] == Scalars.space,
                        let goal = units.goal(value: number.value, unit: u)
                    {
                        found.slots.goal = goal
                        found.slots.values["goal_value"] = .number(number.value)
                        found.slots.values["goal_unit"] = unit.value
                        found.ranges.append(i ..< r.upperBound)
                        i = r.upperBound
                        advanced = true
                        break
                    }
                }
            }
            if advanced { continue }
            var best: RawMatch.Slot? = nil
            for probe in g.probes where probe.slot == "activity" || probe.slot == "location" {
                if let slot = g.probe(probe.entry, s, at: i), let r = slot.range,
                    r.upperBound == s.count || !wordMode || s[r.upperBound] == Scalars.space,
                    best == nil || r.upperBound > best!.range!.upperBound
                {
                    if slot.name == "location",
                        fallback.locationIgnore.contains(FallbackData.string(Array(s[r.lowerBound ..< r.upperBound])))
                    {
                        continue
                    }
                    best = slot
                }
            }
            if let best, let r = best.range {
                if best.name == "activity", found.slots.activity == nil, case .string(let a) = best.value {
                    found.slots.activity = a
                    found.slots.values[best.name] = best.value
                } else if best.name == "location", found.slots.location == nil, case .string(let l) = best.value {
                    found.slots.location = l
                    found.slots.values[best.name] = best.value
                }
                let span = t.originalSpan(r.lowerBound, r.upperBound)
                found.slots.spans[best.name] = SlotSpan(start: span.lowerBound, end: span.upperBound)
                found.ranges.append(r)
                i = r.upperBound
                continue
            }
            // A noun that implies an activity ("pool" → swimming).
            if found.slots.activity == nil {
                for h in fallback.activityHints where FallbackData.matches(h.scalars, s, at: i, words: wordMode) {
                    found.slots.activity = h.activity
                    found.slots.values["activity"] = .string(h.activity)
                    let span = t.originalSpan(i, i + h.scalars.count)
                    found.slots.spans["activity"] = SlotSpan(start: span.lowerBound, end: span.upperBound)
                    found.ranges.append(i ..< i + h.scalars.count)
                    i += h.scalars.count
                    advanced = true
                    break
                }
            }
            if advanced { continue }
            i += 1
        }
        return found
    }
}
