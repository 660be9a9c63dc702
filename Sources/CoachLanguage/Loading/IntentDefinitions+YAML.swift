// IntentDefinitions+YAML: hassil's keys of one vocabulary file (intents, lists, expansion rules,
// skip words, settings), read from the file's node tree by LanguageVocabulary, merged over the
// files of a language: built-ins first, then user extensions, which add sentences and list values.

import Foundation
import CoachWire
import Yams

extension IntentDefinitions {
    /// hassil's top-level keys.
    static let keys: Set<String> = ["language", "intents", "lists", "expansion_rules", "skip_words", "settings"]

    /// Reads one hassil key of a file. Data blocks from the user's files are marked with
    /// `userSentenceKey` in their metadata; an activity entry's `location:` goes to `locations`.
    mutating func read(_ key: String, _ node: Node, _ yaml: VocabularyYAML, fromUser: Bool,
                       locations: inout [WordPair]) throws(VocabularyError) {
        switch key {
        case "skip_words": skipWords += try yaml.texts(node, key)
        case "settings":
            for (name, value) in try yaml.fields(node, key, known: ["ignore_whitespace"]) where name == "ignore_whitespace" {
                ignoreWhitespace = try yaml.flag(value, "settings.ignore_whitespace")
            }
        case "expansion_rules":
            for (name, value) in try yaml.fields(node, key) { expansionRules[name] = try yaml.text(value, "expansion_rules." + name) }
        case "lists":
            for (name, value) in try yaml.fields(node, key).sorted(by: { $0.key < $1.key }) {
                let read = try Self.list(value, "lists." + name, yaml)
                mergeList(name, read.list)
                if name == "activity" { locations += read.locations }
            }
        case "intents":
            for (name, body) in try yaml.fields(node, key) {
                let f = "intents." + name
                var blocks: [DataBlock] = []
                for (field, value) in try yaml.fields(body, f, known: ["data"]) where field == "data" {
                    guard let items = value.sequence else { throw yaml.fail(value, f + ".data", "expected a list of data blocks") }
                    for (i, item) in items.enumerated() {
                        var block = try Self.block(item, "\(f).data[\(i)]", yaml)
                        if fromUser { block.metadata[Self.userSentenceKey] = .bool(true) }
                        blocks.append(block)
                    }
                }
                addData(name, blocks)
            }
        default: break  // language: the directory says it
        }
    }

    static func string(_ value: Any) -> String {
        if let s = value as? String { return s }
        return "\(value)"
    }

    static func slotValue(_ value: Any) -> SlotValue {
        switch value {
        case let b as Bool: return .bool(b)
        case let i as Int: return .number(Double(i))
        case let d as Double: return .number(d)
        case let s as String: return .string(s)
        default: return .string("\(value)")
        }
    }

    static func slotValue(_ node: Node, _ field: String, _ yaml: VocabularyYAML) throws(VocabularyError) -> SlotValue {
        guard node.scalar != nil else { throw yaml.fail(node, field, "expected a value, not a list or mapping") }
        return slotValue(node.any)
    }

    /// A list: `values:` (words, or `{in, out, context, location}`), `range:` or `wildcard: true`;
    /// with the `location:` of its entries (`in` template → location).
    static func list(_ node: Node, _ field: String, _ yaml: VocabularyYAML) throws(VocabularyError)
        -> (list: ListDefinition, locations: [WordPair])
    {
        let body = try yaml.fields(node, field, known: ["values", "range", "wildcard"])
        if let values = body.first(where: { $0.key == "values" })?.value {
            guard let items = values.sequence else { throw yaml.fail(values, field + ".values", "expected a list") }
            var out: [ListValueDefinition] = []
            var locations: [WordPair] = []
            for (i, item) in items.enumerated() {
                let f = "\(field).values[\(i)]"
                guard item.mapping != nil else {
                    out.append(ListValueDefinition(input: try yaml.text(item, f), output: nil, context: [:]))
                    continue
                }
                var value = ListValueDefinition(input: "", output: nil, context: [:])
                var location: String?
                for (k, v) in try yaml.fields(item, f, known: ["in", "out", "context", "location"]) {
                    switch k {
                    case "in": value.input = try yaml.text(v, f + ".in")
                    case "out": value.output = try slotValue(v, f + ".out", yaml)
                    case "context":
                        for (c, s) in try yaml.fields(v, f + ".context") { value.context[c] = try slotValue(s, f + ".context." + c, yaml) }
                    default: location = try yaml.text(v, f + ".location")
                    }
                }
                if let location { locations.append(WordPair(key: value.input, value: location)) }
                out.append(value)
            }
            return (.values(out), locations)
        }
        if let range = body.first(where: { $0.key == "range" })?.value {
            let f = field + ".range"
            var r = RangeDefinition(from: 0, to: 0)
            var bounds = 0
            // hassil's `type` (percentage, temperature) and words_language/words_ruleset say nothing the matcher uses.
            for (k, v) in try yaml.fields(range, f, known: ["from", "to", "step", "fractions", "multiplier", "digits", "words", "type",
                                                            "words_language", "words_ruleset"]) {
                let g = f + "." + k
                switch k {
                case "from": r.from = try yaml.number(v, g); bounds += 1
                case "to": r.to = try yaml.number(v, g); bounds += 1
                case "step": r.step = try yaml.number(v, g)
                case "multiplier": r.multiplier = try yaml.number(v, g)
                case "digits": r.digits = try yaml.flag(v, g)
                case "words": r.words = try yaml.flag(v, g)
                case "type", "words_language", "words_ruleset": break
                default:
                    let fractions = try yaml.text(v, g)
                    guard fractions == "halves" || fractions == "tenths" else { throw yaml.fail(v, g, "expected halves or tenths") }
                    r.halves = fractions == "halves"
                    r.tenths = fractions == "tenths"
                }
            }
            guard bounds == 2 else { throw yaml.fail(range, f, "a range needs from: and to:") }
            return (.range(r), [])
        }
        if let wildcard = body.first(where: { $0.key == "wildcard" })?.value, try yaml.flag(wildcard, field + ".wildcard") {
            return (.wildcard, [])
        }
        throw yaml.fail(node, field, "a list needs values:, range: or wildcard: true")
    }

    /// `requires_context` / `excludes_context` as hassil reads them: per key a scalar, a list,
    /// null, or `{value: <one of those>, slot: true|NAME}` (`slot` counts in requires_context only).
    static func contextConditions(_ node: Node, _ field: String, _ yaml: VocabularyYAML) throws(VocabularyError) -> [ContextCondition] {
        try yaml.fields(node, field).sorted { $0.key < $1.key }.map { (key, value) throws(VocabularyError) in
            var spec: Node? = value
            var slot: String? = nil
            if value.mapping != nil {
                spec = nil
                for (k, v) in try yaml.fields(value, field + "." + key, known: ["value", "slot"]) {
                    if k == "value" { spec = v } else if let flag = v.bool, v.tag.rawValue == Tag.Name.bool.rawValue { slot = flag ? key : nil } else {
                        slot = try yaml.text(v, field + "." + key + ".slot")
                    }
                }
            }
            let expected: ContextCondition.Expected
            if let spec, let items = spec.sequence {
                var values: [SlotValue] = []
                for (i, item) in items.enumerated() { values.append(try slotValue(item, "\(field).\(key)[\(i)]", yaml)) }
                expected = .oneOf(values)
            } else if let spec, !VocabularyYAML.isNull(spec) {
                expected = .value(try slotValue(spec, field + "." + key, yaml))
            } else {
                expected = .any
            }
            return ContextCondition(key: key, expected: expected, slot: slot)
        }
    }

    /// hassil 3.12's keys of a data block. `required_keywords` (hassil's prefilter: a block is
    /// skipped when none of its words is in the line) is read and checked but not applied: it only
    /// saves hassil time, and without it every answer on Home Assistant's suite is hassil's.
    static let blockKeys: Set<String> = ["sentences", "slots", "response", "requires_context", "excludes_context", "lists",
                                         "expansion_rules", "metadata", "required_keywords"]

    static func block(_ node: Node, _ field: String, _ yaml: VocabularyYAML) throws(VocabularyError) -> DataBlock {
        var block = DataBlock(sentences: [], slots: [], response: nil, requiresContext: [], excludesContext: [], lists: [:],
                              expansionRules: [:])
        for (key, value) in try yaml.fields(node, field, known: blockKeys) {
            let f = field + "." + key
            switch key {
            case "sentences": block.sentences = try yaml.texts(value, f)
            case "slots":
                for (name, v) in try yaml.fields(value, f).sorted(by: { $0.key < $1.key }) {
                    block.slots.append((name, try slotValue(v, f + "." + name, yaml)))
                }
            case "response": block.response = try yaml.text(value, f)
            case "requires_context": block.requiresContext = try contextConditions(value, f, yaml)
            case "excludes_context": block.excludesContext = try contextConditions(value, f, yaml)
            case "lists": for (name, v) in try yaml.fields(value, f) { block.lists[name] = try list(v, f + "." + name, yaml).list }
            case "expansion_rules": for (name, v) in try yaml.fields(value, f) { block.expansionRules[name] = try yaml.text(v, f + "." + name) }
            case "required_keywords": _ = try yaml.texts(value, f)
            default: for (name, v) in try yaml.fields(value, f) { block.metadata[name] = try slotValue(v, f + "." + name, yaml) }
            }
        }
        return block
    }
}
