// FuzzyModel+Recognize: the keyword fallback's decision — negative evidence, statements about
// the past, cues, slots anywhere and keyword votes become a guess, a suggestion or nothing
// (the precision rules of docs/recognizer.md, "Precision first").

import CoachWire
import Foundation

extension FuzzyModel {
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
        var slots = Self.slots(found.slots, for: best.key)
        // An open workout said in words (#40); beside a goal it is not sure which was meant.
        if best.key == "StartWorkout", FallbackData.containsAny(fallback.openGoal, in: norm.scalars, words: language == .en) {
            if slots.goal == nil { slots.openEnded = true } else { slots.goal = nil }
        }
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
            if fallback.questionLeads.contains(t) { continue }
            // One or two words: "is …", "do you …" ("do some yoga" is a command).
            return fallback.questionStarts.contains(t)
                || (i + 1 < tokens.count && fallback.questionStarts.contains(t + " " + tokens[i + 1]))
        }
        return false
    }

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
}
