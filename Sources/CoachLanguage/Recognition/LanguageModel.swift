// LanguageModel: everything compiled for one language (grammar + fuzzy tables) and the
// recognition pipeline: exact → typo → clause → keywords → not understood (docs/recognizer.md).

import CoachWire

/// A final class (not a struct): the recogniser hands it out per utterance, and copying a
/// struct of ~40 arrays and tables cost ~40 retains and releases per call.
final class LanguageModel: Sendable {
    let grammar: Grammar
    let fuzzy: FuzzyModel
    /// The clause method's vocabulary (Intents/<lang>/_clauses.yaml).
    let clauses: ClauseData
    /// The user's own sentence files add templates: then every line is matched in best-match
    /// mode, so a user's sentence wins over a built-in one that also accepts the line.
    let hasUserSentences: Bool

    init(grammar: Grammar, defs: IntentDefinitions, fallback: FallbackData = FallbackData(), clauses: ClauseData = ClauseData()) {
        self.grammar = grammar
        self.clauses = clauses
        self.fuzzy = FuzzyModel(grammar: grammar, defs: defs, fallback: fallback)
        self.hasUserSentences = grammar.blocks.contains { $0.metadata[IntentDefinitions.userSentenceKey] != nil }
    }

    var language: Language { grammar.language }

    /// Exact (hassil-equivalent) match: the text as typed and without skip words; the
    /// earlier template wins, and the text as typed wins a tie (hassil's order).
    func exactMatch(_ norm: NormalizedText, context: RecognitionContext = [:]) -> (RawMatch, NormalizedText)? {
        let raw = grammar.match(norm.scalars, context: context)
        if let raw, raw.template == 0 { return (raw, norm) }
        guard let stripped = norm.removingSkipWords(grammar.skipWords, cjkSpacing: grammar.cjkSpacing) else {
            return raw.map { ($0, norm) }
        }
        guard let raw else { return grammar.match(stripped.scalars, context: context).map { ($0, stripped) } }
        // Both may match: find out which template the stripped text reaches before building its
        // result, so only the winner's slots are built.
        guard let t = grammar.matchedTemplate(stripped.scalars, context: context), t < raw.template else { return (raw, norm) }
        return grammar.match(stripped.scalars, context: context).map { ($0, stripped) }
    }

    /// Best-match mode (hassil's `recognize_best`, see Grammar+BestMatch): the text as typed
    /// first, and without skip words only when nothing matched as typed.
    func bestExactMatch(_ norm: NormalizedText, context: RecognitionContext = [:], bestSlot: String? = nil)
        -> (RawMatch, NormalizedText)?
    {
        let key = IntentDefinitions.userSentenceKey
        if let raw = grammar.bestMatch(norm.scalars, context: context, preferringMetadata: key, bestSlot: bestSlot) {
            return (raw, norm)
        }
        guard let stripped = norm.removingSkipWords(grammar.skipWords, cjkSpacing: grammar.cjkSpacing) else { return nil }
        return grammar.bestMatch(stripped.scalars, context: context, preferringMetadata: key, bestSlot: bestSlot)
            .map { ($0, stripped) }
    }

    func recognize(_ text: String, units: UnitTable, context: RecognitionContext = [:], best: Bool? = nil,
                   bestSlot: String? = nil) -> Recognition {
        var norm = Normalizer.normalize(text, cjkSpacing: grammar.cjkSpacing)
        let exact = (best ?? hasUserSentences) ? bestExactMatch(norm, context: context, bestSlot: bestSlot)
                                               : exactMatch(norm, context: context)
        if let (match, used) = exact {
            return recognition(text: text, match: match, in: used, units: units, confidence: 1, method: .template)
        }
        // A message to someone else is never a command (#40); an exact template still is.
        if isAddressedToSomeoneElse(norm) { return Recognition(text: text, language: language) }
        // English contractions typed without their apostrophe ("dont save it", "whats my pace")
        // are read as meant by every later method (`clauses.spelling_variants`, #40 round 4).
        if language == .en, let v = replacingVariants(norm) {
            if let (match, used) = exactMatch(v.text, context: context) {
                var r = recognition(text: text, match: match, in: used, units: units,
                                    confidence: max(0.6, 0.95 - 0.08 * Double(v.edits)), method: .typo)
                r.heard = used.string
                return r
            }
            norm = v.text
        }
        if let typo = typoMatch(norm, context: context) {
            var r = recognition(text: text, match: typo.match, in: typo.used, units: units,
                                confidence: max(0.6, 0.95 - 0.08 * Double(typo.edits)), method: .typo)
            r.heard = typo.used.string
            return r
        }
        if let r = requestMatch(text, norm: norm, units: units, context: context) { return r }
        if let r = clauseMatch(text, norm: norm, units: units, context: context) { return r }
        return fuzzy.recognize(text: text, norm: norm, model: self, units: units, context: context)
    }

    /// Builds the public result from a template match over `used` (normalised positions).
    func recognition(
        text: String, match: RawMatch, in used: NormalizedText, units: UnitTable, confidence: Double,
        method: Recognition.Method
    ) -> Recognition {
        let template = grammar.templates[match.template]
        var slots = RecognizedSlots()
        slots.values.reserveCapacity(match.slots.count)
        slots.spans.reserveCapacity(match.slots.count)
        var original: [Unicode.Scalar]? = nil
        for slot in match.slots {
            var value = slot.value
            if let range = slot.range {
                let span = used.originalSpan(range.lowerBound, range.upperBound)
                slots.spans[slot.name] = SlotSpan(start: span.lowerBound, end: span.upperBound)
                // Text-valued slots (no `out:`, wildcards) report the text as the user typed it.
                if slot.isText {
                    if original == nil { original = Array(text.unicodeScalars) }
                    var view = String.UnicodeScalarView()
                    for i in span where i < original!.count { view.append(original![i]) }
                    value = .string(String(view))
                }
            }
            slots.values[slot.name] = value
        }
        Self.fillTyped(&slots, units: units)
        // The equipment says where (#40): "start the rowing machine" is indoors. Only the typed
        // field: the template slots stay hassil's.
        if slots.location == nil, slots.activity != nil, template.intent == "StartWorkout",
            let r = match.slots.first(where: { $0.name == "activity" })?.range,
            let l = fuzzy.fallback.impliedLocation(used.scalars, at: r.lowerBound, words: !grammar.cjkSpacing)
        {
            slots.location = l
        }
        let intent = template.intent
        return Recognition(
            text: text, language: language, intent: intent, slots: slots, confidence: confidence,
            template: template.text, isExact: method == .template, method: method,
            needsConfirmation: method != .template && Self.isDestructive(intent),
            response: grammar.blocks[template.block].response ?? "default")
    }

    static func isDestructive(_ intent: String) -> Bool { intent == "EndWorkout" || intent == "CancelWorkout" }

    /// activity / location / goal / openEnded / workoutName from the template slot values.
    static func fillTyped(_ slots: inout RecognizedSlots, units: UnitTable) {
        let v = slots.values
        if case .string(let a)? = v["activity"] { slots.activity = a }
        if case .string(let l)? = v["location"] { slots.location = l }
        if let gv = v["goal_value"]?.doubleValue, case .string(let unit)? = v["goal_unit"] {
            slots.goal = units.goal(value: gv, unit: unit)
        }
        switch v["open_ended"] {
        case .bool(let b)?: slots.openEnded = b
        case .string(let s)?: slots.openEnded = s == "true"
        default: break
        }
        if let name = v["workout_name"] ?? v["workoutName"] ?? v["name"] { slots.workoutName = name.stringValue }
    }
}
