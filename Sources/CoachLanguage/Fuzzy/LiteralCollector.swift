// LiteralCollector: walks templates with expansion rules inlined (lists are slots, so they
// are left out) to collect the literal text an intent's templates can contain, and renders
// the simplest sentence of a template for "did you mean …?" suggestions.

struct LiteralCollector {
    let defs: IntentDefinitions
    private var ruleTexts: [String: [String]] = [:]
    private var parsedRules: [String: TemplateNode] = [:]

    init(defs: IntentDefinitions) { self.defs = defs }

    mutating func rule(_ name: String) -> TemplateNode? {
        if let r = parsedRules[name] { return r }
        guard let body = defs.expansionRules[name], let node = try? TemplateParser.parse(body) else { return nil }
        parsedRules[name] = node
        return node
    }

    mutating func collect(_ node: TemplateNode, into out: inout [String], depth: Int = 0) {
        switch node {
        case .text(let t): out.append(t)
        case .sequence(let items), .permutation(let items), .alternative(let items, _):
            for i in items { collect(i, into: &out, depth: depth) }
        case .list: break
        case .rule(let name):
            guard depth < 16 else { return }
            if let cached = ruleTexts[name] { out.append(contentsOf: cached); return }
            guard let r = rule(name) else { return }
            var texts: [String] = []
            collect(r, into: &texts, depth: depth + 1)
            ruleTexts[name] = texts
            out.append(contentsOf: texts)
        }
    }

    /// The first alternative everywhere, optionals left out, lists as their first value.
    mutating func render(_ node: TemplateNode, depth: Int = 0) -> String {
        guard depth < 16 else { return "" }
        switch node {
        case .text(let t): return t
        case .sequence(let items), .permutation(let items):
            return items.map { render($0, depth: depth + 1) }.joined(separator: node.isPermutation ? " " : "")
        case .alternative(let items, let optional):
            return optional ? "" : items.first.map { render($0, depth: depth + 1) } ?? ""
        case .list(let name, _, _):
            if case .values(let values)? = defs.lists[name], let first = values.first,
                let n = try? TemplateParser.parse(first.input)
            {
                return render(n, depth: depth + 1)
            }
            return "…"
        case .rule(let name):
            guard let r = rule(name) else { return "" }
            return render(r, depth: depth + 1)
        }
    }
}

extension TemplateNode {
    var isPermutation: Bool {
        if case .permutation = self { return true }
        return false
    }
}
