// Requests: a command asked in question form (#40) — "could you pause for me?", "can you start
// a 30 minute run?", 「止めてもらえる？」「ラップを記録してくれる？」. The politeness is data
// (`clauses.request_prefixes`, `request_suffixes`; Japanese `request_questions`: the ending and
// its plain form, てもらえる → て); what is left must be a template by itself (exactly or after
// typo correction), so "could you pause the video?" stays a question about the video.

import CoachWire

extension LanguageModel {
    func requestMatch(_ text: String, norm: NormalizedText, units: UnitTable, context: RecognitionContext) -> Recognition? {
        guard let command = requestedCommand(norm) else { return reasonedRequest(text, norm: norm, units: units, context: context) }
        var found: (RawMatch, NormalizedText)? = exactMatch(command, context: context)
        if found == nil, let typo = typoMatch(command, context: context) { found = (typo.match, typo.used) }
        guard let (match, used) = found else {
            // A request with its reason (「これから泳ぐので記録してくれる？」): the clauses of the
            // plain form, the question mark set aside (it belongs to the politeness).
            let plain = String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "?" || $0 == "？" ? " " : $0 }))
            return clauseMatch(plain, norm: command, units: units, context: context).map {
                var r = $0
                r.text = text
                return r
            }
        }
        var r = recognition(text: text, match: match, in: used, units: units, confidence: 0.9, method: .clause)
        r.heard = used.string
        return r
    }

    /// A request after its reason (#40 round 6): "I'm knackered, could you finish the workout?" is
    /// the reason and the plain command, judged by the clause finder as any reason beside its
    /// command ("I'm knackered, finish the workout"). English only: Japanese requests end the line.
    func reasonedRequest(_ text: String, norm: NormalizedText, units: UnitTable, context: RecognitionContext) -> Recognition? {
        guard language == .en else { return nil }
        let original = text.unicodeScalars.map(\.value)
        let parts = ClauseSplitter(data: clauses, language: language).clauses(of: norm, original: original)
        guard parts.count > 1, parts.count <= 12 else { return nil }
        for part in parts.dropFirst() {
            guard let command = requestedCommand(norm.slice(part.lowerBound..<norm.count)) else { continue }
            // Beside a reason the request must say its command or name the workout: "the credits
            // are rolling, can we go?" asks a person.
            guard !clauses.intentsCommanded(in: command.scalars[...], words: true).isEmpty
                || FallbackData.containsAny(fuzzy.fallback.objects, in: command.scalars, words: true)
            else { return nil }
            let head = norm.slice(0..<part.lowerBound)
            guard let last = head.offsets.last else { return nil }
            let joined = NormalizedText(scalars: head.scalars + [Scalars.space] + command.scalars,
                                        offsets: head.offsets + [last + 1] + command.offsets, originalLength: norm.originalLength)
            let plain = String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "?" ? " " : $0 }))
            return clauseMatch(plain, norm: joined, units: units, context: context).map {
                var r = $0
                r.text = text
                return r
            }
        }
        return nil
    }

    /// The command inside a request in question form, or nil when the line is not one.
    func requestedCommand(_ norm: NormalizedText) -> NormalizedText? {
        let s = norm.scalars
        if language == .ja {
            guard let q = clauses.requestQuestions.first(where: { s.count > $0.ending.count && s.suffix($0.ending.count).elementsEqual($0.ending) })
            else { return nil }
            let stem = norm.slice(0..<(s.count - q.ending.count))
            // The plain form (て) is appended with the offsets of the ending it replaces.
            let at = stem.offsets.last.map { $0 + 1 } ?? 0
            return NormalizedText(scalars: stem.scalars + q.plain, offsets: stem.offsets + Array(repeating: at, count: q.plain.count),
                                  originalLength: norm.originalLength)
        }
        guard let p = clauses.requestPrefixes.first(where: { FallbackData.matches($0, s, at: 0, words: true) }) else { return nil }
        let end = endWithoutRequestSuffixes(s, after: p.count)
        guard end > p.count else { return nil }
        let rest = norm.slice(p.count..<end)
        guard !rest.scalars.isEmpty else { return nil }
        // "would you mind ending the workout?" is "end the workout": English `request_questions`
        // map a leading gerund to the plain verb.
        let r = rest.scalars
        if let q = clauses.requestQuestions.first(where: { FallbackData.matches($0.ending, r, at: 0, words: true) }) {
            let tail = rest.slice(q.ending.count..<r.count)
            let at = rest.offsets.first ?? 0
            let gap: [UInt32] = tail.scalars.isEmpty ? [] : [Scalars.space]
            return NormalizedText(scalars: q.plain + gap + tail.scalars,
                                  offsets: Array(repeating: at, count: q.plain.count + gap.count) + tail.offsets,
                                  originalLength: norm.originalLength)
        }
        return rest
    }

    /// Where `s` ends once the politeness after the command ("for me", "please", "pls") is cut.
    func endWithoutRequestSuffixes(_ s: [UInt32], after start: Int) -> Int {
        var end = s.count
        var trimmed = true
        while trimmed {
            trimmed = false
            for x in clauses.requestSuffixes where end - x.count > start && FallbackData.matches(x, Array(s[..<end]), at: end - x.count, words: true) {
                end -= x.count
                while end > 0 && s[end - 1] == Scalars.space { end -= 1 }
                trimmed = true
                break
            }
        }
        return end
    }

    /// A clause without the politeness around its command: "could you start tracking" and
    /// "start tracking pls" are "start tracking", 「記録してくれる」 is 「記録して」.
    func withoutPoliteness(_ clause: NormalizedText) -> NormalizedText {
        if let command = requestedCommand(clause) { return command }
        guard language == .en else { return clause }
        return clause.slice(0..<endWithoutRequestSuffixes(clause.scalars, after: 0))
    }
}
