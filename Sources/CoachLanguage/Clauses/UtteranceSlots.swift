// UtteranceSlots: slots from the whole utterance (#40). When the clause method finds the command
// in one clause, the other clauses may add what they state plainly — an activity, a location, a
// goal, an open workout ("going for a swim now, begin recording", "begin a ride, forty minutes",
// 「ランニング開始、時間は決めずに」) — through the same lists and goal phrases as the fallback,
// never a command. A value the line does not make sure of is left out: two clauses that disagree,
// a goal beside "no goal", an aside that tells of the past or of someone else (`not_stated`).

import CoachWire

extension LanguageModel {
    /// What the clauses `parts` state plainly: activity, location, goal and open-endedness.
    /// nil members are "not said" or "not sure" (said twice, differently).
    struct StatedSlots {
        var slots = RecognizedSlots()
        /// A member said twice with different values: left out.
        var conflicting: Set<String> = []
    }

    func statedSlots(in parts: [Range<Int>], of norm: NormalizedText, units: UnitTable) -> StatedSlots {
        var out = StatedSlots()
        let words = language == .en
        for part in parts where !isHesitation(norm.scalars[part]) {
            let clause = norm.slice(part)
            if clause.scalars.isEmpty || FallbackData.containsAny(clauses.notStated, in: clause.scalars, words: words) { continue }
            if !words, fuzzy.isPastStatement(clause.scalars, text: FallbackData.string(clause.scalars)) { continue }
            var covered = [Bool](repeating: false, count: clause.count)
            _ = fuzzy.fallback.matchCues(clause.scalars, words: words, covered: &covered)
            let found = fuzzy.findSlots(clause, covered: covered, model: self, units: units).slots
            Self.merge(found, into: &out)
            if FallbackData.containsAny(fuzzy.fallback.openGoal, in: clause.scalars, words: words) {
                var open = RecognizedSlots()
                open.openEnded = true
                Self.merge(open, into: &out)
            }
        }
        return out
    }

    static func merge(_ found: RecognizedSlots, into out: inout StatedSlots) {
        func take<T: Equatable>(_ name: String, _ new: T?, _ old: inout T?) {
            guard let new, !out.conflicting.contains(name) else { return }
            if let o = old, o != new {
                out.conflicting.insert(name)
                old = nil
            } else {
                old = new
            }
        }
        take("activity", found.activity, &out.slots.activity)
        take("location", found.location, &out.slots.location)
        take("goal", found.goal, &out.slots.goal)
        take("open", found.openEnded, &out.slots.openEnded)
    }

    /// A start's slots completed from the rest of the line: a member the command clause left
    /// empty is taken from the other clauses when they say it once; a goal and "no goal" together
    /// say neither.
    func completeStart(_ slots: inout RecognizedSlots, from stated: StatedSlots) {
        let s = stated.slots
        // "エアロバイクで30分こぐ": the clause's verb says rowing, the aside's machine cycling —
        // not sure which, so neither.
        if let a = slots.activity, let b = s.activity, a != b {
            slots.activity = nil
            slots.values["activity"] = nil
        } else if slots.activity == nil, stated.conflicting.contains("activity") {
            // Two asides that disagree say nothing.
        } else if slots.activity == nil, let a = s.activity {
            slots.activity = a
            slots.values["activity"] = .string(a)
        }
        if slots.location == nil, let l = s.location {
            slots.location = l
            slots.values["location"] = .string(l)
        }
        if slots.goal == nil, slots.openEnded != true, s.openEnded != true, let g = s.goal {
            slots.goal = g
        }
        if slots.goal == nil, s.goal == nil, !stated.conflicting.contains("goal"), s.openEnded == true {
            slots.openEnded = true
            slots.values["open_ended"] = .bool(true)
        }
        if slots.goal != nil, s.openEnded == true {
            // "30 minutes, no goal": which one was meant is not sure.
            slots.goal = nil
            slots.values["goal_value"] = nil
            slots.values["goal_unit"] = nil
        }
    }
}

extension LanguageModel {
    /// A start said without its activity ("start recording", 測って, `clauses.bare_starts`) beside
    /// a clause that states it plainly: "going for a swim now, begin recording", 「今から自転車に
    /// 乗るので測って」 (#40). Every other clause must be an aside, as for any clause match.
    func bareStartMatch(_ text: String, parts: [Range<Int>], norm: NormalizedText, original: [UInt32], units: UnitTable,
                        context: RecognitionContext) -> Recognition? {
        guard !clauses.bareStarts.isEmpty else { return nil }
        for (k, part) in parts.enumerated() {
            // Asked politely ("could you start tracking?", 記録してくれる？) it is the same start.
            let clause = withoutPoliteness(norm.slice(part))
            guard clauses.bareStarts.contains(clause.scalars) else { continue }
            let before = Array(parts[..<k]), after = Array(parts[(k + 1)...])
            let stated = statedSlots(in: before + after, of: norm, units: units)
            guard stated.slots.activity != nil,
                isAside(before, of: norm, original: original, intent: "StartWorkout", bound: true, leading: true, context: context),
                isAside(after, of: norm, original: original, intent: "StartWorkout", bound: true, leading: false, context: context)
            else { continue }
            var slots = RecognizedSlots()
            completeStart(&slots, from: stated)
            var r = Recognition(text: text, language: language, intent: "StartWorkout", slots: slots, confidence: 0.85,
                                method: .clause, response: "default")
            r.heard = clause.string
            return r
        }
        return nil
    }
}
