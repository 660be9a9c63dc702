// FuzzyModel: what the recogniser does when no template accepts the text.
//  1. Negative evidence: a non-workout object ("music", "timer", "音楽") → not understood.
//  2. Typo correction (English): unknown words are replaced by the closest vocabulary word
//     within an edit budget that grows with word length, then the templates are tried again.
//  3. Keywords: every intent's literal template words (Japanese: character bigrams) weighted
//     by how specific they are to that intent (idf), plus slot values found anywhere
//     (activities, locations, number + unit goals) as evidence for StartWorkout. The score
//     becomes a confidence; below `threshold` nothing is returned, only a suggestion.
// End/Cancel are never returned from keywords (only suggested), and a typo-corrected
// End/Cancel is returned with `needsConfirmation` (see docs/recognizer.md).

struct FuzzyModel: Sendable {
    static let threshold = 0.6

    /// English function words: frequent in every intent's templates, evidence for none.
    static let stopwords: Set<String> = [
        "a", "an", "the", "my", "me", "i", "i'm", "im", "we", "we're", "you", "your", "it", "it'", "its", "this",
        "that", "these", "those", "to", "on", "in", "of", "for", "at", "by", "with", "from", "up", "off", "into",
        "is", "are", "was", "be", "been", "am", "do", "doe", "did", "have", "ha", "had", "what", "how", "where", "when",
        "why", "who", "which", "some", "any", "and", "or", "but", "so", "let'", "let", "get", "got", "go", "going",
        "gonna", "can", "could", "would", "will", "should", "there", "here", "now", "just", "about", "again",
    ]
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

    init(grammar: Grammar, defs: IntentDefinitions) {
        language = grammar.language
        var collector = LiteralCollector(defs: defs)
        var perIntent: [String: Set<String>] = [:]
        var vocabulary = Set<String>()
        var examples: [String: String] = [:]
        for (intent, blocks) in defs.intents {
            var set = perIntent[intent] ?? []
            for block in blocks {
                for sentence in block.sentences {
                    guard let node = try? TemplateParser.parse(sentence) else { continue }
                    var texts: [String] = []
                    collector.collect(node, into: &texts)
                    for t in texts {
                        let norm = Normalizer.normalize(t, cjkSpacing: defs.ignoreWhitespace).string
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
        for (_, list) in defs.lists {
            guard case .values(let values) = list else { continue }
            for v in values {
                guard let node = try? TemplateParser.parse(v.input) else { continue }
                var texts: [String] = []
                collector.collect(node, into: &texts)
                for t in texts {
                    for w in Normalizer.normalize(t, cjkSpacing: defs.ignoreWhitespace).string.split(separator: " ") {
                        vocabulary.insert(String(w))
                        neutral.insert(Self.stem(String(w)))
                    }
                }
            }
        }
        for s in defs.skipWords {
            for w in Normalizer.normalize(s, cjkSpacing: defs.ignoreWhitespace).string.split(separator: " ") {
                vocabulary.insert(String(w))
                neutral.insert(Self.stem(String(w)))
            }
        }
        for w in NumberParser.englishWords where grammar.language == .en {
            vocabulary.insert(w)
            neutral.insert(w)
        }
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

    func recognize(text: String, norm: NormalizedText, model: LanguageModel, units: UnitTable) -> Recognition {
        let notUnderstood = Recognition(text: text, language: language)
        let normString = norm.string
        let tokens = language == .en ? normString.split(separator: " ").map(String.init) : []
        if norm.count == 0 || NegativeEvidence.contains(words: tokens, text: normString, language: language) {
            return notUnderstood
        }

        // 2. Typos.
        var corrected = tokens
        var edits = 0
        if language == .en {
            for (i, t) in tokens.enumerated() where words[t] == nil {
                if let (w, d) = closestWord(t) {
                    corrected[i] = w
                    edits += d
                }
            }
            if edits > 0 {
                if NegativeEvidence.contains(words: corrected, text: "", language: language) { return notUnderstood }
                let fixed = Normalizer.normalize(corrected.joined(separator: " "), cjkSpacing: false)
                if let (match, _) = model.exactMatch(fixed) {
                    // Spans refer to the corrected text; map them through word positions.
                    var r = model.recognition(
                        text: text, match: match, in: Self.remap(fixed, onto: norm), units: units,
                        confidence: max(0.6, 0.95 - 0.08 * Double(edits)), method: .typoCorrected)
                    r.text = text
                    return r
                }
            }
        }

        // 3. Keywords and slots found anywhere.
        let source = language == .en ? Normalizer.normalize(corrected.joined(separator: " "), cjkSpacing: false) : norm
        let found = findSlots(source, model: model, units: units)
        var covered = [Bool](repeating: false, count: source.count)
        for r in found.ranges { for i in r where i < covered.count { covered[i] = true } }
        let inputFeatures = Self.features(of: uncoveredText(source, covered), language: language)
        var scores: [String: Double] = [:]
        var known = 0
        var seen = Set<String>()
        var functionWords = 0
        for f in inputFeatures where seen.insert(f).inserted {
            if Self.stopwords.contains(f) {
                functionWords += 1
                continue
            }
            if let weights = features[f] {
                known += 1
                for (intent, w) in weights { scores[intent, default: 0] += w }
            } else if neutral.contains(f) {
                known += 1
            }
        }
        // Function words neither vote nor count as understood; half of them dilute coverage
        // ("what time is it" is one content word among four).
        let total = seen.count - functionWords + found.ranges.count + functionWords / 2
        known += found.ranges.count
        // Naming an activity or a goal with no other command word is how people start one.
        if found.slots.activity != nil { scores["StartWorkout", default: 0] += 2.0 }
        if found.slots.goal != nil { scores["StartWorkout", default: 0] += 2.5 }
        let ranked = scores.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        guard let best = ranked.first, best.value > 0 else { return notUnderstood }
        let second = ranked.count > 1 ? ranked[1].value : 0
        let coverage = total == 0 ? 0 : Double(known) / Double(total)
        let confidence = min(
            0.85, 0.1 + 0.45 * min(best.value / 4, 1) + 0.2 * (best.value - second) / best.value + 0.25 * coverage)
        let suggestion = examples[best.key].map { "did you mean: \($0)?" }
        if confidence < Self.threshold || LanguageModel.isDestructive(best.key) {
            var r = notUnderstood
            r.confidence = confidence
            if confidence >= Self.suggestionFloor {
                r.suggestion = suggestion
                r.suggestedIntent = best.key
            }
            return r
        }
        var slots = found.slots
        if best.key != "StartWorkout" {
            // Only the activity is meaningful outside StartWorkout (informational).
            slots = RecognizedSlots(activity: slots.activity, spans: slots.spans.filter { $0.key == "activity" },
                values: slots.values.filter { $0.key == "activity" })
        }
        return Recognition(
            text: text, language: language, intent: best.key, slots: slots, confidence: confidence, template: nil,
            isExact: false, method: .keywords, needsConfirmation: false, suggestion: nil, response: "default")
    }

    func closestWord(_ token: String) -> (String, Int)? {
        let t = token.unicodeScalars.map(\.value)
        guard t.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A }) else { return nil }
        let budget = EditDistance.budget(forLength: t.count)
        guard budget > 0 else { return nil }
        var best: (String, Int)? = nil
        for (w, ws) in words where abs(ws.count - t.count) <= budget {
            let d = EditDistance.distance(t, ws, limit: budget)
            guard d <= budget else { continue }
            // Three-letter words: only a swap ("ned" → "end"), never a substitution ("pin" → "pan").
            if t.count == 3, !EditDistance.isTransposition(t, ws) { continue }
            if let b = best, b.1 < d || (b.1 == d && (b.0 < w)) { continue }
            best = (w, d)
        }
        return best
    }

    /// Typo-corrected text has the same words as the input, so positions map word by word.
    static func remap(_ fixed: NormalizedText, onto norm: NormalizedText) -> NormalizedText {
        var offsets: [Int32] = []
        let starts = wordStarts(norm)
        var word = 0, inWord = 0
        for (i, v) in fixed.scalars.enumerated() {
            if v == Scalars.space {
                word += 1
                inWord = 0
                offsets.append(word < starts.count ? norm.offsets[max(starts[word] - 1, 0)] : Int32(norm.originalLength))
                continue
            }
            let base = word < starts.count ? starts[word] : norm.count
            let end = word + 1 < starts.count ? starts[word + 1] - 1 : norm.count
            let idx = min(base + inWord, max(end - 1, base))
            offsets.append(idx < norm.offsets.count ? norm.offsets[idx] : Int32(norm.originalLength))
            inWord += 1
            _ = i
        }
        return NormalizedText(scalars: fixed.scalars, offsets: offsets, originalLength: norm.originalLength)
    }

    static func wordStarts(_ t: NormalizedText) -> [Int] {
        var s: [Int] = []
        for i in 0 ..< t.count where t.scalars[i] != Scalars.space && (i == 0 || t.scalars[i - 1] == Scalars.space) {
            s.append(i)
        }
        return s
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

    /// Activity, location and a number + unit goal found anywhere in the text.
    func findSlots(_ t: NormalizedText, model: LanguageModel, units: UnitTable) -> Found {
        var found = Found()
        let g = model.grammar
        let s = t.scalars
        var i = 0
        while i < s.count {
            let wordStart = g.cjkSpacing || i == 0 || s[i - 1] == Scalars.space
            guard wordStart, s[i] != Scalars.space else { i += 1; continue }
            var advanced = false
            // A goal: number, optional space, unit.
            let number = s.withUnsafeBufferPointer { buf in
                NumberParser.digits(buf, at: i) ?? NumberParser.words(buf, at: i, language: language)
            }
            if let number, found.slots.goal == nil {
                var j = number.end
                if j < s.count, s[j] == Scalars.space { j += 1 }
                for probe in g.probes where probe.slot == "goal_unit" {
                    if let unit = g.probe(probe.entry, s, at: j), let r = unit.range, case .string(let u) = unit.value,
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
                    best == nil || r.upperBound > best!.range!.upperBound
                {
                    best = slot
                }
            }
            if let best, let r = best.range {
                if best.name == "activity", found.slots.activity == nil, case .string(let a) = best.value {
                    found.slots.activity = a
                } else if best.name == "location", found.slots.location == nil, case .string(let l) = best.value {
                    found.slots.location = l
                }
                found.slots.values[best.name] = best.value
                let span = t.originalSpan(r.lowerBound, r.upperBound)
                found.slots.spans[best.name] = SlotSpan(start: span.lowerBound, end: span.upperBound)
                found.ranges.append(r)
                i = r.upperBound
                continue
            }
            i += 1
        }
        return found
    }
}

import Foundation
