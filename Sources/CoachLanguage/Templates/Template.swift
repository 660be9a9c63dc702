// Template: the parsed form of one hassil sentence template.

/// One node of a parsed template. Mirrors hassil's expression tree: literal text, sequences,
/// alternatives (optional = alternative with an empty branch), permutations, list and rule references.
indirect enum TemplateNode: Sendable, Equatable {
    /// Literal text, unnormalised; spaces are significant (they separate words).
    case text(String)
    case sequence([TemplateNode])
    /// `(a|b)`; `[a]` is `.alternative([a], optional: true)`.
    case alternative([TemplateNode], optional: Bool)
    /// `(a; b; c)`: every order, with a word break between items.
    case permutation([TemplateNode])
    /// `{list}`, `{list:slot}`, `{list:@capture}` / `{@list}` (capture: for responses only, no slot).
    case list(name: String, slot: String, isCapture: Bool)
    /// `<rule>`.
    case rule(String)
}

extension TemplateNode {
    /// Inline range lists: `{1..100:goal_value}` or `{10..100,10:x}` (hassil ≥ 3.6).
    var inlineRange: (from: Int, to: Int, step: Int)? {
        guard case .list(let name, _, _) = self else { return nil }
        let parts = name.split(separator: ",", maxSplits: 1)
        let bounds = parts[0].components(separatedBy: "..")
        guard bounds.count == 2, let from = Int(bounds[0]), let to = Int(bounds[1]) else { return nil }
        let step = parts.count == 2 ? Int(parts[1]) ?? 1 : 1
        return (from, to, step)
    }

    /// Up to `limit` sentences of a small template without lists or rules (list values,
    /// for completion). Never used on whole templates: those can expand to millions.
    func expansions(limit: Int) -> [String] {
        switch self {
        case .text(let t): return [t]
        case .sequence(let items):
            var acc = [""]
            for item in items {
                let next = item.expansions(limit: limit)
                acc = acc.flatMap { a in next.map { a + $0 } }
                if acc.count > limit { acc = Array(acc.prefix(limit)) }
            }
            return acc
        case .alternative(let items, let optional):
            var out = items.flatMap { $0.expansions(limit: limit) }
            if optional { out.append("") }
            return Array(out.prefix(limit))
        case .permutation(let items):
            return [items.map { $0.expansions(limit: 1).first ?? "" }.joined(separator: " ")]
        case .list, .rule:
            return []
        }
    }

    /// Literal words a template can produce (used for typo correction and keyword evidence).
    func literalTexts(into out: inout [String]) {
        switch self {
        case .text(let t): out.append(t)
        case .sequence(let items), .permutation(let items): for i in items { i.literalTexts(into: &out) }
        case .alternative(let items, _): for i in items { i.literalTexts(into: &out) }
        case .list, .rule: break
        }
    }
}

import Foundation
