// ClauseFinder: the command inside a longer line (issue #28, `method: clause`): "my laces came
// undone, pause", "start a bike ride, just open", "uh pause", 「疲れたので一時停止」.
//
// The line is cut into clauses (ClauseSplitter). A run of clauses is the command when
//  - it matches a template exactly (or after typo correction), and
//  - it says its command plainly (`saysItsCommand`): "that's it" or "hold on" are commands
//    alone, never beside a remark; with only hesitations around ("uhh hold on") any template
//    counts but End/Cancel without their word;
// and every clause before and after it is an aside (`isAside`):
//  - only hesitations ("uh", "ok so", えっと), or
//  - an everyday remark: at most `max_words` long, no `blockers` word (reported speech,
//    conditions, someone else, another device: "she said", "if", "the video"), no question,
//    no other intent's command said as an order, no template of another intent.
// Anything else is not a clause match, and the line goes on to the keyword fallback.

import CoachWire

extension LanguageModel {
    func clauseMatch(_ text: String, norm: NormalizedText, units: UnitTable, context: RecognitionContext) -> Recognition? {
        guard !clauses.isEmpty else { return nil }
        let original = text.unicodeScalars.map(\.value)
        let parts = ClauseSplitter(data: clauses, language: language).clauses(of: norm, original: original)
        guard parts.count > 1, parts.count <= 12 else { return nil }
        let words = language == .en
        // Longest runs first: "ok that's enough for today, end my workout" keeps its object.
        var runs: [(Int, Int)] = []
        for a in 0..<parts.count { for b in a + 1...parts.count where !(a == 0 && b == parts.count) { runs.append((a, b)) } }
        runs.sort { ($0.1 - $0.0) != ($1.1 - $1.0) ? ($0.1 - $0.0) > ($1.1 - $1.0) : $0.0 < $1.0 }
        for (a, b) in runs {
            let span = parts[a].lowerBound..<parts[b - 1].upperBound
            var commanded = clauses.intentsCommanded(in: norm.scalars[span], words: words)
            let namesWorkout = FallbackData.containsAny(fuzzy.fallback.objects, in: Array(norm.scalars[span]), words: words)
            // Around nothing but hesitations ("uhh hold on", えっと、ちょっと待って) any command
            // template counts; End and Cancel must still say their word ("um cancel", not "uhh I'm done").
            let onlyHesitations = parts[..<a].allSatisfy { isHesitation(norm.scalars[$0]) }
                && parts[b...].allSatisfy { isHesitation(norm.scalars[$0]) }
            let candidate = norm.slice(span)
            var found: (RawMatch, NormalizedText, Recognition.Method, Int)? = nil
            if let (m, used) = exactMatch(candidate, context: context) {
                found = (m, used, .clause, 0)
            } else if let typo = typoMatch(candidate, context: context) {
                found = (typo.match, typo.used, .typo, typo.edits)
            }
            guard let (match, used, method, edits) = found else { continue }
            let intent = grammar.templates[match.template].intent
            // The state may leave one meaning (`plain_in_state`, #40 round 4): while paused "phone
            // call's done, keep going" goes on. Only a command that ends the line, after its reason:
            // "hang on, let me grab a pen" and 「続けて、聞いてるよ」 speak to someone.
            let plain = clauses.isPlain(intent, in: context) && parts[b...].allSatisfy { isHesitation(norm.scalars[$0]) }
            if plain { commanded.insert(intent) }
            // A bare start (「記録お願い」, "record it") beside other clauses is a start they may
            // complete (bareStartMatch), not the figure 記録 asked about (#40).
            if intent == "WorkoutStatus", clauses.bareStarts.contains(withoutPoliteness(candidate).scalars) { continue }
            let hasActivity = match.slots.contains { $0.name == "activity" }
            let before = Array(parts[..<a]), after = Array(parts[b...])
            // What the other clauses state (#40): a start's activity may be in its reason
            // ("going for a swim now, begin recording"), which binds a start said with its word.
            let stated = intent == "StartWorkout" ? statedSlots(in: before + after, of: norm, units: units) : nil
            let boundByAside = !hasActivity && commanded.contains(intent) && stated?.slots.activity != nil
            // A discard said with its reason or consequence ("cancel, I hit start by accident",
            // 誤操作なので破棄して) is about the workout (#40).
            let discardReason = intent == "CancelWorkout" && commanded.contains(intent)
                && (before + after).contains { isDiscardReason(norm.scalars[$0]) }
            let bound = namesWorkout || hasActivity || boundByAside || discardReason
            let strong = FallbackData.containsAny(clauses.strongWords[intent] ?? [], in: candidate.scalars, words: words)
            let endsAsRequest = clauses.requestEndings.contains {
                candidate.scalars.count > $0.count && candidate.scalars.suffix($0.count).elementsEqual($0)
            }
            guard saysItsCommand(intent, commanded: commanded, bound: bound || strong, activityOnly: !namesWorkout && hasActivity,
                                 multiWord: candidate.scalars.contains(Scalars.space), endsAsRequest: endsAsRequest)
                || (onlyHesitations && (!Self.isDestructive(intent) || commanded.contains(intent)))
            else { continue }
            // A question is not a command ("Continue? 10, 9, 8…", 「歩く？」), unless it asks for the
            // figures — and then it asks: a bare 「ラップタイム、」 names a topic, not a question.
            let asks = Self.typed(span, of: norm, in: original).contains(where: { $0 == 0x3F || $0 == 0xFF1F })
            let bareJapaneseTopic = !words && !asks && !candidate.scalars.contains(where: FallbackData.isHiragana)
            if intent == "WorkoutStatus" ? bareJapaneseTopic : asks { continue }
            if let last = before.last, !isNounPhraseAllowed(norm.scalars[last], intent: intent),
                !(intent == "CancelWorkout" && isDiscardReason(norm.scalars[last]))
            {
                continue
            }
            // The reason of a plain command may name an interruption (`interruptions`): "phone call's
            // done, keep going" — not "press play on the DVD, I'm ready".
            let interrupted = plain && before.contains {
                FallbackData.containsAny(clauses.interruptions, in: Array(norm.scalars[$0]), words: words)
            }
            guard isAside(before, of: norm, original: original, intent: intent, bound: bound || interrupted, leading: true,
                          context: context),
                isAside(after, of: norm, original: original, intent: intent, bound: bound, leading: false, context: context)
            else { continue }
            let confidence = method == .clause ? 0.9 : min(0.85, max(0.6, 0.95 - 0.08 * Double(edits)))
            var r = recognition(text: text, match: match, in: used, units: units, confidence: confidence, method: .clause)
            r.heard = used.string
            if var stated {
                // "start a ride and keep it open": an open workout said inside the command clause too.
                if FallbackData.containsAny(fuzzy.fallback.openGoal, in: candidate.scalars, words: words) {
                    var open = RecognizedSlots()
                    open.openEnded = true
                    Self.merge(open, into: &stated)
                }
                completeStart(&r.slots, from: stated)
            }
            return r
        }
        return bareStartMatch(text, parts: parts, norm: norm, original: original, units: units, context: context)
    }

    /// Does the clause say its command plainly enough to stand beside asides? Each intent by
    /// what the everyday use of its words lacks:
    ///  - End and Cancel name the workout ("stop it, that tickles", "cancel that, I meant Tuesday"
    ///    and 「保存しといて、そのファイル」 are about other things);
    ///  - a start names the workout or its activity with a verb ("alright, let's begin" starts a
    ///    meeting; 「バス来た、走って」 asks someone to run: a Japanese verb must not end as a
    ///    request, `request_endings`, unless it is 開始/始め/スタート: 「天気いいから走ってくる」);
    ///  - the others say their own command word (pause, resume, lap, a metric).
    func saysItsCommand(_ intent: String, commanded: Set<String>, bound: Bool, activityOnly: Bool, multiWord: Bool,
                        endsAsRequest: Bool) -> Bool {
        switch intent {
        case "EndWorkout", "CancelWorkout": return bound
        case "StartWorkout":
            if language == .ja { return bound && (commanded.contains(intent) || !activityOnly || !endsAsRequest) }
            return bound && multiWord
        default: return commanded.contains(intent) || (bound && !activityOnly)
        }
    }

    /// The original characters of a normalised span, with the punctuation typed after it up to
    /// the next kept character ("流行ってるの？" keeps its question mark).
    static func typed(_ span: Range<Int>, of norm: NormalizedText, in original: [UInt32]) -> ArraySlice<UInt32> {
        guard !span.isEmpty else { return [] }
        let lo = Int(norm.offsets[span.lowerBound])
        let hi = span.upperBound < norm.count ? Int(norm.offsets[span.upperBound]) : original.count
        return original[lo..<max(lo, min(hi, original.count))]
    }

    /// Are these clauses (all before, or all after, the command) an aside to `intent`? `bound`:
    /// the command names the workout, so a remark about another thing may stand beside it.
    func isAside(_ parts: [Range<Int>], of norm: NormalizedText, original: [UInt32], intent: String, bound: Bool,
                 leading: Bool, context: RecognitionContext) -> Bool {
        let words = language == .en
        let content = parts.filter { !isHesitation(norm.scalars[$0]) }
        guard !content.isEmpty else { return true }
        // A discard's story may run over several clauses (「違う種目で|始めちゃったので取り消し」,
        // #40 round 6): beside one reason, the others may name the start that should not have been.
        let story = intent == "CancelWorkout" && content.contains { isDiscardReason(norm.scalars[$0]) }
        var length = 0
        for part in content {
            let s = Array(norm.scalars[part])
            let wordCount = s.split(separator: Scalars.space).count
            length += words ? wordCount : s.count
            // A discard's reason or consequence belongs to it, even when it names another
            // command ("I started the wrong one", "don't save it") (#40); a question does not.
            if intent == "CancelWorkout", isDiscardReason(s[...]) {
                let typed = Self.typed(part, of: norm, in: original)
                if typed.contains(0x3F) || typed.contains(0xFF1F) { return false }
                continue
            }
            // An open goal said in words belongs to the start, even with a blocker's "don't"
            // ("start a run, don't set a goal") (#40); a question does not.
            if intent == "StartWorkout", FallbackData.containsAny(fuzzy.fallback.openGoal, in: s, words: words) {
                let typed = Self.typed(part, of: norm, in: original)
                if typed.contains(0x3F) || typed.contains(0xFF1F) { return false }
                continue
            }
            if FallbackData.containsAny(clauses.blockers, in: s, words: words) { return false }
            // A lone word before the command (「同期、」「試合、」, "Fine, …", "Sarah, …") names whom
            // or what the line is about, and that is not the workout; after it, it is a reason
            // (「一時停止、信号」).
            // The same command said twice ("ok, rested, continuing") is no such word.
            if leading, words ? wordCount == 1 : !s.contains(where: FallbackData.isHiragana) {
                guard let (m, _) = exactMatch(norm.slice(part), context: context), grammar.templates[m.template].intent == intent
                else { return false }
                continue
            }
            // Another thing named (the phone, the match, 音楽) leaves the command about it unless
            // the command names the workout.
            if !bound, fuzzy.isNegative(words: words ? s.split(separator: Scalars.space).map { FallbackData.string(Array($0)) } : [],
                                        text: FallbackData.string(s)) {
                return false
            }
            // Another intent's command word: said as an order (first in the aside) it is another
            // command; inside a remark ("back at the start line", "the end of the block") it is
            // not — except beside End or Cancel, which act on no remark that names another command.
            let others = clauses.intentsCommanded(in: s[...], words: words).subtracting([intent])
            if !others.isEmpty, !story {
                // Japanese has no word order to read an order from.
                guard words, !Self.isDestructive(intent) else { return false }
                let first = Array(s.split(separator: Scalars.space).first ?? [])
                if !clauses.intentsCommanded(in: first[...], words: true).subtracting([intent]).isEmpty { return false }
            }
            // A question is not an aside ("is it raining? pause"), nor a question word first.
            let typed = Self.typed(part, of: norm, in: original)
            if typed.contains(0x3F) || typed.contains(0xFF1F) { return false }
            if words, let first = s.split(separator: Scalars.space).first,
                fuzzy.fallback.questionStarts.contains(FallbackData.string(Array(first)))
            {
                return false
            }
            if let (m, _) = exactMatch(norm.slice(part), context: context), grammar.templates[m.template].intent != intent {
                return false
            }
        }
        return length <= clauses.maxAsideLength
    }

    /// A Japanese phrase of means or place cut at its particle (ダンベルで) only introduces a start,
    /// and only as a bare noun: 「書類をPDFで保存して」「踏切の前で一時停止」 are not asides.
    func isNounPhraseAllowed(_ s: ArraySlice<UInt32>, intent: String) -> Bool {
        guard language == .ja, let p = clauses.nounParticles.first(where: { s.count > $0.count && s.suffix($0.count).elementsEqual($0) }),
            !FallbackData.isHiragana(s[s.endIndex - p.count - 1])
        else { return true }
        return intent == "StartWorkout" && !s.dropLast(p.count).contains(where: FallbackData.isHiragana)
    }

    /// Is this clause nothing but hesitations ("uh", "ok so", "oh well", えっと)?
    func isHesitation(_ s: ArraySlice<UInt32>) -> Bool {
        let a = Array(s)
        var i = 0
        while i < a.count {
            if a[i] == Scalars.space { i += 1; continue }
            guard let p = clauses.hesitations.first(where: { FallbackData.matches($0, a, at: i, words: language == .en) })
            else { return false }
            i += p.count
        }
        return true
    }
}

extension NormalizedText {
    /// The scalars of `range` with their offsets, trimmed of spaces: a clause as its own line,
    /// whose slot spans still point into the caller's text.
    func slice(_ range: Range<Int>) -> NormalizedText {
        var lo = range.lowerBound, hi = range.upperBound
        while lo < hi && scalars[lo] == Scalars.space { lo += 1 }
        while hi > lo && scalars[hi - 1] == Scalars.space { hi -= 1 }
        return NormalizedText(scalars: Array(scalars[lo..<hi]), offsets: Array(offsets[lo..<hi]), originalLength: originalLength)
    }
}

extension LanguageModel {
    /// A reason or consequence of a discard (`discard_reasons`) about the workout, saving,
    /// counting or a command (`discard_about`, command words): "I hit start by accident",
    /// "it shouldn't count", 誤操作なので — not "I booked it by accident".
    func isDiscardReason(_ s: ArraySlice<UInt32>) -> Bool {
        let words = language == .en, a = Array(s)
        guard FallbackData.containsAny(clauses.discardReasons, in: a, words: words) else { return false }
        return FallbackData.containsAny(clauses.discardAbout, in: a, words: words)
            || !clauses.intentsCommanded(in: s, words: words).isEmpty
            || FallbackData.containsAny(fuzzy.fallback.objects, in: a, words: words)
    }
}
