// Grammar+BestMatch: hassil's `recognize_best` for lines that several templates accept. The
// default `match` keeps hassil's `recognize` (the first template in file order wins); best-match
// looks at every match and prefers, in order:
//   1. a template whose data block has the preferred metadata key (the user's own sentence files
//      carry one, as Home Assistant marks custom sentences),
//   2. a match that binds the preferred slot (not as a wildcard), with the longest text,
//   3. fewer wildcards, then more literal template text matched, then less text in wildcards,
//      then the intent name (a deterministic last tie-break, as hassil's `_get_result_score`).

extension Grammar {
    func bestMatch(
        _ text: [UInt32], context: RecognitionContext = [:], preferringMetadata key: String? = nil,
        bestSlot: String? = nil
    ) -> RawMatch? {
        var candidates = allMatches(text, context: context)
        guard candidates.count > 1 else { return candidates.first }

        if let key {
            let marked = candidates.filter { isTruthy(blocks[templates[$0.template].block].metadata[key]) }
            if !marked.isEmpty { candidates = marked }
        }
        if let bestSlot {
            func boundLength(_ match: RawMatch) -> Int? {
                match.slots.last { $0.name == bestSlot }.flatMap { $0.isWildcard ? nil : $0.range?.count ?? 0 }
            }
            if let longest = candidates.compactMap(boundLength).max() {
                candidates = candidates.filter { boundLength($0) == longest }
            }
        }
        return candidates.min { score($0, text) < score($1, text) }
    }

    /// hassil's sort key: wildcards, literal characters matched (more is better), characters
    /// swallowed by wildcards, intent name.
    private func score(_ match: RawMatch, _ text: [UInt32]) -> BestMatchScore {
        var inSlot = [Bool](repeating: false, count: text.count)
        var wildcards = 0, wildcardLength = 0
        for slot in match.slots {
            guard let range = slot.range else { continue }
            for index in range where index < text.count { inSlot[index] = true }
            if slot.isWildcard {
                wildcards += 1
                wildcardLength += range.count
            }
        }
        var literal = 0
        for (index, scalar) in text.enumerated() where !inSlot[index] && scalar != Scalars.space { literal += 1 }
        return BestMatchScore(wildcards: wildcards, literalCharacters: literal, wildcardLength: wildcardLength,
                              intent: templates[match.template].intent)
    }

    private func isTruthy(_ value: SlotValue?) -> Bool {
        switch value {
        case .bool(let flag)?: return flag
        case .string(let text)?: return !text.isEmpty && text != "false"
        case .number(let number)?: return number != 0
        case nil: return false
        }
    }
}

struct BestMatchScore: Comparable {
    var wildcards: Int
    var literalCharacters: Int
    var wildcardLength: Int
    var intent: String

    static func < (a: BestMatchScore, b: BestMatchScore) -> Bool {
        (a.wildcards, -a.literalCharacters, a.wildcardLength, a.intent) < (b.wildcards, -b.literalCharacters, b.wildcardLength, b.intent)
    }
}
