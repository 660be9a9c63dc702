// ClauseSplitter: cuts a normalised line into clauses (pure, no matching). A cut falls where the
// user typed punctuation (the normaliser dropped it, so the original text is consulted through
// the offset map), around a conjunction (which belongs to no clause), around a hesitation, and in
// Japanese after a connective ending such as 〜ので/〜から that follows a kana (疲れた|ので).
// ClauseFinder then tries runs of clauses as the command and judges the rest as asides.

import CoachWire

struct ClauseSplitter {
    let data: ClauseData
    let language: Language

    /// What may stand between clauses in typed text: a cut wherever one of these was dropped.
    static func isClausePunctuation(_ v: UInt32) -> Bool {
        switch v {
        case 0x2C, 0x2E, 0x3B, 0x3A, 0x21, 0x3F, 0x2026, 0x2014, 0x2013, 0x3001, 0x3002, 0xFF0C, 0xFF0E,
             0xFF01, 0xFF1F, 0xFF1B, 0xFF1A, 0x30FB:
            return true
        default: return false
        }
    }

    /// The clauses of `norm`, as ranges of its scalars, in order. Fewer than two means the line
    /// has no aside to set apart.
    func clauses(of norm: NormalizedText, original: [UInt32]) -> [Range<Int>] {
        language == .ja ? japaneseClauses(norm, original) : wordClauses(norm, original)
    }

    /// Did the user type clause punctuation between normalised scalars `i - 1` and `i`
    /// (English: between the end of the word before, `previous`, and `i`)?
    func punctuationBefore(_ i: Int, _ norm: NormalizedText, _ original: [UInt32], previous: Int? = nil) -> Bool {
        let p = previous ?? i - 1
        guard p >= 0, i < norm.count else { return false }
        let from = Int(norm.offsets[p]) + 1, to = min(Int(norm.offsets[i]), original.count)
        guard from < to else { return false }
        let between = original[from..<to]
        // A hyphen between spaces is a dash ("begin a walk - aim for 45 mins", #40 round 6); inside
        // a word it joins ("45-minute").
        if between.contains(0x2D) && between.contains(0x20) { return true }
        return between.contains(where: Self.isClausePunctuation)
    }

    // MARK: - Words (English)

    private func wordClauses(_ norm: NormalizedText, _ original: [UInt32]) -> [Range<Int>] {
        let s = norm.scalars
        var words: [Range<Int>] = []
        var i = 0
        while i < s.count {
            if s[i] == Scalars.space { i += 1; continue }
            var j = i
            while j < s.count && s[j] != Scalars.space { j += 1 }
            words.append(i..<j)
            i = j
        }
        guard words.count > 1 else { return [] }
        // For each word: does a cut come before it, and is it dropped (a conjunction)?
        var cutBefore = [Bool](repeating: false, count: words.count + 1)
        var dropped = [Bool](repeating: false, count: words.count)
        for k in 1..<words.count where punctuationBefore(words[k].lowerBound, norm, original, previous: words[k - 1].upperBound - 1) {
            cutBefore[k] = true
        }
        // Unpunctuated (spoken, hurried) lines: an aside may start at a subject ("pause I need a
        // drink"), unless the word before binds it into the sentence ("so that I can"). Not at a
        // command word: "a snail's pace", "Grandma's lap", "the band is called Pause".
        for k in 1..<words.count where !cutBefore[k] && phraseWords(data.asideStarts, at: k, words: words, s) != nil {
            if phraseWords(data.binders, at: k - 1, words: words, s) == nil { cutBefore[k] = true }
        }
        var k = 0
        while k < words.count {
            // A relative word ("a run that covers 8 km", #40) cuts only inside a clause: after a
            // comma it starts a remark of its own ("end the workout, that was tough"). A leading
            // conjunction is dropped when a later cut ends its reason ("since I'm on the bike now,
            // start recording").
            if let n = phraseWords(data.conjunctions, at: k, words: words, s)
                ?? (cutBefore[k] ? nil : phraseWords(data.relatives, at: k, words: words, s)),
                k > 0 || cutBefore[min(n + 1, words.count)...].contains(true)
            {
                for w in k..<k + n { dropped[w] = true }
                cutBefore[k] = true
                cutBefore[k + n] = true
                k += n
            } else if let n = phraseWords(data.hesitations, at: k, words: words, s),
                // Inside a line only beside punctuation: "dance like nobody's watching" is one clause.
                k == 0 || cutBefore[k] || k + n == words.count || (k + n < words.count && cutBefore[k + n])
            {
                cutBefore[k] = true
                cutBefore[k + n] = true
                k += n
            } else {
                k += 1
            }
        }
        var out: [Range<Int>] = []
        var start: Int? = nil
        for w in 0..<words.count {
            if dropped[w] || cutBefore[w], let st = start {
                out.append(words[st].lowerBound..<words[w - 1].upperBound)
                start = nil
            }
            if !dropped[w] && start == nil { start = w }
        }
        if let st = start { out.append(words[st].lowerBound..<words[words.count - 1].upperBound) }
        return out
    }

    /// How many words of the longest phrase of `list` start at word `k` (whole words), if any.
    private func phraseWords(_ list: [[UInt32]], at k: Int, words: [Range<Int>], _ s: [UInt32]) -> Int? {
        let at = words[k].lowerBound
        for p in list where FallbackData.matches(p, s, at: at, words: true) {
            let end = at + p.count
            return words[k...].prefix { $0.upperBound <= end }.count
        }
        return nil
    }

    // MARK: - Characters (Japanese)

    private func japaneseClauses(_ norm: NormalizedText, _ original: [UInt32]) -> [Range<Int>] {
        let s = norm.scalars
        guard s.count > 1 else { return [] }
        var out: [Range<Int>] = []
        var start = 0
        var i = 0
        func cut(_ at: Int, resumeAt: Int) {
            if at > start { out.append(start..<at) }
            start = resumeAt
        }
        while i < s.count {
            // At a clause start: a conjunction is dropped, a hesitation is a clause of its own.
            if i == start {
                if let p = data.conjunctions.first(where: { FallbackData.matches($0, s, at: i, words: false) }), i > 0 {
                    start = i + p.count
                    i = start
                    continue
                }
                if let p = data.hesitations.first(where: { FallbackData.matches($0, s, at: i, words: false) }),
                    i + p.count < s.count
                {
                    cut(i + p.count, resumeAt: i + p.count)
                    i = start
                    continue
                }
            }
            if s[i] == Scalars.space {
                cut(i, resumeAt: i + 1)
                i += 1
                continue
            }
            if punctuationBefore(i, norm, original), i > start {
                cut(i, resumeAt: i)
                continue
            }
            // A reason clause ends with its connective: 疲れた|ので|一時停止 → 疲れたので | 一時停止;
            // a phrase of place or means with its particle after a noun: ダンベルで | 筋トレ開始.
            if i > start, let p = FallbackData.isHiragana(s[i - 1])
                ? data.connectives.first(where: { FallbackData.matches($0, s, at: i, words: false) })
                : data.nounParticles.first(where: { FallbackData.matches($0, s, at: i, words: false) }),
                i + p.count < s.count,
                // 「お願いします」「おかしい」: し goes on as a verb or word, it ends no reason.
                !data.connectiveContinuations.contains(where: { FallbackData.matches($0, s, at: i + p.count, words: false) })
            {
                cut(i + p.count, resumeAt: i + p.count)
                i = start
                continue
            }
            i += 1
        }
        if start < s.count { out.append(start..<s.count) }
        return out.count > 1 ? out : []
    }
}

extension FallbackData {
    @inline(__always) static func isHiragana(_ v: UInt32) -> Bool { v >= 0x3041 && v <= 0x309F }
}
