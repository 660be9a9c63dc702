// FuzzyModel+Slots: activity, location and goal found anywhere in a line that no template
// accepted (outside cues), for the keyword fallback.

import CoachWire
import Foundation

extension FuzzyModel {
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
                NumberParser.digits(buf, at: i).map { g.numbers.digitsAndAHalf(buf, after: $0) ?? $0 }
                    ?? g.numbers.words(buf, at: i)
            }
            if let number, found.slots.goal == nil, !inCue {
                var j = number.end
                if j < s.count, s[j] == Scalars.space { j += 1 }
                // The unit is the LONGEST unit word after the number: キロカロリー is energy, not
                // キロ (km) followed by カロリー; "kcal" is not "k" (#40: a wrong unit is a wrong workout).
                var unitFound: (RawMatch.Slot, Range<Int>, String)? = nil
                for probe in g.probes where probe.slot == "goal_unit" {
                    if let unit = g.probe(probe.entry, s, at: j), let r = unit.range, case .string(let u) = unit.value,
                        r.upperBound == s.count || !wordMode || s[r.upperBound] == Scalars.space,
                        unitFound == nil || r.upperBound > unitFound!.1.upperBound
                    {
                        unitFound = (unit, r, u)
                    }
                }
                if let (unit, r, u) = unitFound, !Self.unitWordContinues(s, at: r.upperBound, words: wordMode) {
                    // "2時間半" (+ half an hour), "1 hour 30 minutes", "1時間30分" (#40): the goal is
                    // the whole span said, never its first part.
                    let (value, unitValue, end) = compoundGoal(s, number.value, u, unit.value, after: r.upperBound, g: g)
                    if let goal = units.goal(value: value, unit: unitValue.stringValue) {
                        found.slots.goal = goal
                        found.slots.values["goal_value"] = .number(value)
                        found.slots.values["goal_unit"] = unitValue
                        found.ranges.append(i ..< end)
                        i = end
                        advanced = true
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
                    if found.slots.location == nil, let l = fallback.impliedLocation(s, at: r.lowerBound, words: wordMode) {
                        found.slots.location = l
                    }
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

    /// A Japanese unit word the text goes on spelling (キロ|ジュール, メート|ル, a unit the lists
    /// lack): the unit read is not the one said, so no goal is read (#40: left out, never guessed).
    /// A time goal said in two parts: 時間 + 半 (half an hour more), or hours followed by minutes
    /// ("1 hour 30 minutes", "1 hour and 30 min", "1時間30分") — read as minutes. Anything else
    /// is the goal as found.
    private func compoundGoal(_ s: [UInt32], _ value: Double, _ unit: String, _ unitValue: SlotValue, after end: Int,
                              g: Grammar) -> (Double, SlotValue, Int) {
        guard unit == "hour", end < s.count else { return (value, unitValue, end) }
        if g.cjkSpacing, s[end] == 0x534A {  // 半
            return (value + 0.5, unitValue, end + 1)
        }
        var j = end
        if j < s.count, s[j] == Scalars.space { j += 1 }
        if !g.cjkSpacing, Array(s[j ..< min(s.count, j + 4)]) == Array("and ".unicodeScalars.map(\.value)) { j += 4 }
        let minutes = s.withUnsafeBufferPointer { buf in
            NumberParser.digits(buf, at: j) ?? g.numbers.words(buf, at: j)
        }
        guard let minutes, minutes.value < 60, minutes.value == minutes.value.rounded() else { return (value, unitValue, end) }
        var k = minutes.end
        if k < s.count, s[k] == Scalars.space { k += 1 }
        for probe in g.probes where probe.slot == "goal_unit" {
            if let m = g.probe(probe.entry, s, at: k), let r = m.range, m.value.stringValue == "minute",
                r.upperBound == s.count || g.cjkSpacing || s[r.upperBound] == Scalars.space
            {
                return (value * 60 + minutes.value, .string("minute"), r.upperBound)
            }
        }
        return (value, unitValue, end)
    }

    static func unitWordContinues(_ s: [UInt32], at i: Int, words: Bool) -> Bool {
        guard !words, i < s.count else { return false }
        return (0x30A1...0x30FA).contains(s[i]) || s[i] == 0x30FC
    }
}
