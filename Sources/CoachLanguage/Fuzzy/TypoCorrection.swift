// TypoCorrection: the typo method (`method: typo`, the corrected line in `heard`). Only a
// corrected line that a template accepts exactly is ever returned.
//  - English: a word that is neither vocabulary nor a real word ("paus", "resmue", "wrkout") is
//    replaced by the closest vocabulary word within an edit budget that grows with length. A
//    real word is left alone ("stars" is not "stairs", "pose"/"pass"/"paste" not "pause"), except
//    one slip that only drops or adds a letter after the first inside a command word
//    (`clauses.command_words`: "stat a run" → "start a run"), never into End or Cancel and
//    never in a one-word line.
//  - Japanese: the slips of `clauses.spelling_variants` (IME homophones and kana spellings:
//    再会 → 再開, いちじていし → 一時停止).
// Hand-written for speed: a vocabulary word whose letter set differs from the token's by more
// than the budget is skipped before any distance is computed (docs/recognizer.md, Performance).

import CoachWire

struct TypoMatch {
    var match: RawMatch
    /// The corrected line, its positions mapped onto what the user typed.
    var used: NormalizedText
    var edits: Int
}

extension LanguageModel {
    func typoMatch(_ norm: NormalizedText, context: RecognitionContext) -> TypoMatch? {
        language == .en ? fuzzy.correctTypos(norm, model: self, context: context) : spellingMatch(norm, context: context)
    }

    /// Japanese: every `spelling_variants` slip replaced (longest first), then key stutters
    /// dropped (a character typed twice, 「ストッップ」; a stray Latin letter from romaji input,
    /// 「終了sて」), then the templates.
    func spellingMatch(_ norm: NormalizedText, context: RecognitionContext) -> TypoMatch? {
        let variants = replacingVariants(norm)
        let base = variants?.text ?? norm
        let stutterless = Self.droppingStutters(base)
        var edits = (variants?.edits ?? 0) + (base.count - stutterless.count)
        // Then a kana slip in a katakana word (ジョギンぐ, さいくりんぐ) and a letter dropped or
        // added in an activity name (ウォーキン, サイクリグ): each tried only if the line still fails.
        var candidate = stutterless
        for step in 0..<3 {
            // The corrected line must say its command (一時停止, 再開 …): 「ちょっとまっっって」 is an
            // emphatic "wait!", not a typo of the pause idiom.
            if edits > 0, candidate.count >= 2, let (m, used) = exactMatch(candidate, context: context),
                !clauses.intentsCommanded(in: candidate.scalars[...], words: false).isEmpty
                    || m.slots.contains(where: { $0.name == "activity" })
            {
                return TypoMatch(match: m, used: used, edits: edits)
            }
            let next: (NormalizedText, Int)?
            switch step {
            case 0: next = Self.katakanaForKanaSlips(candidate)
            case 1: next = nearestActivityNames(candidate)
            default: next = nil
            }
            guard let (text, more) = next else { continue }
            candidate = text
            edits += more
        }
        return nil
    }

    /// Hiragana typed inside a katakana word (ジョギンぐ), or a whole word of four or more
    /// hiragana that no particle starts (さいくりんぐ), read as katakana.
    static func katakanaForKanaSlips(_ t: NormalizedText) -> (NormalizedText, Int)? {
        var s = t.scalars
        var changed = 0
        func isKatakana(_ v: UInt32) -> Bool { v >= 0x30A1 && v <= 0x30FA || v == 0x30FC }
        for i in 1..<max(1, s.count) where FallbackData.isHiragana(s[i]) && isKatakana(s[i - 1]) && s[i] != 0x3092 {
            s[i] += 0x60
            changed += 1
        }
        guard changed > 0 else { return nil }
        return (NormalizedText(scalars: s, offsets: t.offsets, originalLength: t.originalLength), changed)
    }

    /// Katakana runs of four or more that are no activity name, replaced by the activity name
    /// one edit away (budget 1; the closest, then the longest).
    func nearestActivityNames(_ t: NormalizedText) -> (NormalizedText, Int)? {
        func isKatakana(_ v: UInt32) -> Bool { v >= 0x30A1 && v <= 0x30FA || v == 0x30FC }
        let s = t.scalars
        var scalars: [UInt32] = [], offsets: [Int32] = []
        var edits = 0, i = 0
        while i < s.count {
            guard isKatakana(s[i]) else { scalars.append(s[i]); offsets.append(t.offsets[i]); i += 1; continue }
            var j = i
            while j < s.count && isKatakana(s[j]) { j += 1 }
            let run = Array(s[i..<j])
            var replacement = run
            if run.count >= 4, !fuzzy.activityPhrases.contains(run) {
                let near = fuzzy.activityPhrases.filter { $0.allSatisfy(isKatakana) && abs($0.count - run.count) <= 1 }
                    .first { EditDistance.distance(run, $0, limit: 1) == 1 }
                if let near { replacement = near; edits += 1 }
            }
            for k in 0..<replacement.count {
                scalars.append(replacement[k])
                offsets.append(t.offsets[i + min(k, run.count - 1)])
            }
            i = j
        }
        guard edits > 0 else { return nil }
        return (NormalizedText(scalars: scalars, offsets: offsets, originalLength: t.originalLength), edits)
    }

    /// Characters typed twice in a row (ッッ, んん, っっ, ーー) and Latin letters between Japanese
    /// characters, removed; offsets kept. Digits and words of Latin letters are left alone.
    static func droppingStutters(_ t: NormalizedText) -> NormalizedText {
        let s = t.scalars
        var scalars: [UInt32] = [], offsets: [Int32] = []
        for i in 0..<s.count {
            let v = s[i]
            let doubled = i > 0 && s[i - 1] == v && Scalars.isCJK(v) && !Scalars.isIdeograph(v)
            let isLatin = (v >= 0x61 && v <= 0x7A)
            let stray = isLatin && (i == 0 || Scalars.isCJK(s[i - 1])) && (i + 1 == s.count || Scalars.isCJK(s[i + 1]))
            if doubled || stray { continue }
            scalars.append(v)
            offsets.append(t.offsets[i])
        }
        return NormalizedText(scalars: scalars, offsets: offsets, originalLength: t.originalLength)
    }

    func replacingVariants(_ norm: NormalizedText) -> (text: NormalizedText, edits: Int)? {
        guard !clauses.spellingVariants.isEmpty else { return nil }
        let s = norm.scalars
        var scalars: [UInt32] = [], offsets: [Int32] = []
        let words = language == .en
        var edits = 0, i = 0
        scan: while i < s.count {
            // English variants are whole words ("dont"): only a word start is tried.
            if words, i > 0, s[i - 1] != Scalars.space {
                scalars.append(s[i])
                offsets.append(norm.offsets[i])
                i += 1
                continue
            }
            for (wrong, right) in clauses.spellingVariants where FallbackData.matches(wrong, s, at: i, words: words) {
                for k in 0..<right.count {
                    scalars.append(right[k])
                    offsets.append(norm.offsets[i + min(k, wrong.count - 1)])
                }
                i += wrong.count
                edits += 1
                continue scan
            }
            scalars.append(s[i])
            offsets.append(norm.offsets[i])
            i += 1
        }
        guard edits > 0 else { return nil }
        return (NormalizedText(scalars: scalars, offsets: offsets, originalLength: norm.originalLength), edits)
    }
}

extension FuzzyModel {
    func correctTypos(_ norm: NormalizedText, model: LanguageModel, context: RecognitionContext) -> TypoMatch? {
        guard language == .en else { return nil }
        let tokens = norm.string.split(separator: " ").map(String.init)
        var corrected = tokens
        var edits = 0
        var realWordFixed = false
        var alternatives: [(index: Int, words: ArraySlice<String>)] = []
        for (i, t) in tokens.enumerated() where words[t] == nil {
            if !fallback.dictionary.contains(t) {
                if let (ws, d) = closestWords(t) {
                    corrected[i] = ws[0]
                    edits += d
                    if ws.count > 1 { alternatives.append((i, ws.dropFirst().prefix(3))) }
                }
            } else if tokens.count > 1, !realWordFixed, let w = commandWordOneLetterAway(t, in: model.clauses) {
                corrected[i] = w
                edits += 1
                realWordFixed = true
            }
        }
        guard edits > 0 else { return nil }
        // The preferred words first, then each tied alternative of one word at a time.
        var lines = [corrected]
        // At most three more lines: each costs a template match, and a line of many unknown words
        // (a question about something else) is not worth more.
        for (i, ws) in alternatives { for w in ws where lines.count < 4 { var line = corrected; line[i] = w; lines.append(line) } }
        for line in lines where !isNegative(words: line, text: "") {
            let fixed = Normalizer.normalize(line.joined(separator: " "), cjkSpacing: false)
            guard let (match, _) = model.exactMatch(fixed, context: context) else { continue }
            if realWordFixed, LanguageModel.isDestructive(model.grammar.templates[match.template].intent) { return nil }
            // Spans refer to the corrected text; map them through word positions.
            return TypoMatch(match: match, used: Self.remap(fixed, onto: norm), edits: edits)
        }
        return nil
    }

    /// A command word (`clauses.command_words`, one word) that `token` becomes by adding or
    /// dropping one letter after its first ("stat" → "start"); substitutions are how real words
    /// differ ("pose", "pass"), so they never count.
    func commandWordOneLetterAway(_ token: String, in clauses: ClauseData) -> String? {
        let t = token.unicodeScalars.map(\.value)
        guard t.count >= 3 else { return nil }
        for intent in clauses.commandWords.keys.sorted() {
            for w in clauses.commandWords[intent]! where !w.contains(Scalars.space) && abs(w.count - t.count) == 1 && w.first == t.first {
                if EditDistance.distance(t, w, limit: 1) == 1 { return FallbackData.string(w) }
            }
        }
        return nil
    }

    func closestWord(_ token: String) -> (String, Int)? {
        closestWords(token).map { ($0.words[0], $0.distance) }
    }

    /// Every vocabulary word at the smallest distance within the budget, the preferred first
    /// (a swap of neighbours, then the alphabet): "paue" is "pace" or "pause", and the line decides.
    func closestWords(_ token: String) -> (words: [String], distance: Int)? {
        let t = token.unicodeScalars.map(\.value)
        // Letters and an apostrophe ("waht's").
        guard t.allSatisfy({ ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x27 }) else { return nil }
        let budget = EditDistance.budget(forLength: t.count)
        guard budget > 0 else { return nil }
        var best: [String] = []
        var bestDistance = budget + 1
        let lo = max(0, t.count - budget), hi = min(t.count + budget, wordsByLength.count - 1)
        guard lo <= hi else { return nil }
        let letters = Self.letterSet(t)
        for length in lo ... hi {
          for (w, ws, wl) in wordsByLength[length] {
            // Each letter one word has and the other lacks costs at least one edit: most of the
            // vocabulary is rejected here without computing a distance.
            if (letters & ~wl).nonzeroBitCount > budget || (wl & ~letters).nonzeroBitCount > budget { continue }
            let d = EditDistance.distance(t, ws, limit: budget)
            guard d <= budget else { continue }
            // Three-letter words: only a swap ("ned" → "end"), never a substitution ("pin" → "pan").
            if t.count == 3, !EditDistance.isTransposition(t, ws) { continue }
            if d < bestDistance { best = [w]; bestDistance = d } else if d == bestDistance { best.append(w) }
          }
        }
        guard !best.isEmpty else { return nil }
        // Ties: a swap of neighbours is the commonest slip ("statr" is "start", not "stair"),
        // then the alphabet, so the answer never depends on dictionary order.
        return (best.sorted { Self.prefers($0, over: $1, for: t) }, bestDistance)
    }

    static func prefers(_ w: String, over other: String, for t: [UInt32]) -> Bool {
        let swapW = EditDistance.isTransposition(t, w.unicodeScalars.map(\.value))
        let swapOther = EditDistance.isTransposition(t, other.unicodeScalars.map(\.value))
        return swapW != swapOther ? swapW : w < other
    }

    /// Which of a–z (bit 0–25) occur in a word; anything else shares bit 26.
    static func letterSet(_ w: [UInt32]) -> UInt32 {
        var m: UInt32 = 0
        for v in w { m |= (v >= 0x61 && v <= 0x7A) ? 1 << (v - 0x61) : 1 << 26 }
        return m
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

}
