// VocabularyYAML: the one place a file of Intents/ is parsed. Yams' node tree (not `load`), so
// every value keeps its line and a mistake is reported as FILE:LINE: field: problem. The typed
// reads below are what every section of the Vocabulary is built from.

import Foundation
import CoachWire
import Yams

struct VocabularyYAML {
    let file: String

    /// The file's root node (nil for an empty file). Malformed YAML throws with its line.
    static func document(_ text: String, file: String) throws(VocabularyError) -> Node? {
        do { return try Yams.compose(yaml: text) } catch let error as YamlError {
            throw VocabularyError(file: file, line: line(of: error), field: "", problem: "not YAML: \(problem(of: error))")
        } catch {
            throw VocabularyError(file: file, line: nil, field: "", problem: "not YAML: \(error)")
        }
    }

    /// A file of Intents/tests (corpora, not vocabulary) as plain values, for the tests' readers.
    static func plain(_ file: String) throws -> [String: Any]? {
        try document(try String(contentsOfFile: file, encoding: .utf8), file: file)?.any as? [String: Any]
    }

    private static func line(of error: YamlError) -> Int? {
        switch error {
        case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _): return mark.line
        default: return nil
        }
    }

    private static func problem(of error: YamlError) -> String {
        switch error {
        case .scanner(let context, let problem, _, _), .parser(let context, let problem, _, _),
            .composer(let context, let problem, _, _):
            return context.map { "\($0.text) \(problem)" } ?? problem
        default: return "\(error)"
        }
    }

    func fail(_ node: Node?, _ field: String, _ problem: String) -> VocabularyError {
        VocabularyError(file: file, line: node?.mark?.line, field: field, problem: problem)
    }

    static func isNull(_ node: Node) -> Bool { node.scalar != nil && node.tag.rawValue == Tag.Name.null.rawValue }

    /// A mapping's entries in document order (null: none). Keys must be scalars.
    func fields(_ node: Node, _ field: String) throws(VocabularyError) -> [(key: String, value: Node)] {
        if Self.isNull(node) { return [] }
        guard let mapping = node.mapping else { throw fail(node, field, "expected a mapping (key: value lines)") }
        var out: [(key: String, value: Node)] = []
        for (key, value) in mapping {
            guard key.scalar != nil else { throw fail(key, field, "a key must be a word, not a list or mapping") }
            out.append((key.scalar?.string ?? "", value))
        }
        return out
    }

    /// `fields`, refusing any key not in `known` (a misspelt section is reported, not ignored).
    func fields(_ node: Node, _ field: String, known: Set<String>) throws(VocabularyError) -> [(key: String, value: Node)] {
        let all = try fields(node, field)
        for (key, _) in all where !known.contains(key) { throw unknown(key, in: node, field, known: known) }
        return all
    }

    /// "unknown field", at the key's line.
    func unknown(_ key: String, in node: Node, _ field: String, known: some Sequence<String>) -> VocabularyError {
        let keyNode = node.mapping?.keys.first { $0.scalar?.string == key }
        return fail(keyNode ?? node, Self.path(field, key), "unknown field (expected one of \(known.sorted().joined(separator: ", ")))")
    }

    /// A scalar as Yams' `load` would print it (`"\(value)"`): what the readers always compared.
    func text(_ node: Node, _ field: String) throws(VocabularyError) -> String {
        guard node.scalar != nil else { throw fail(node, field, "expected a word or phrase, not a list or mapping") }
        guard !Self.isNull(node) else { throw fail(node, field, "expected a word or phrase, found nothing") }
        return "\(node.any)"
    }

    /// A list of words or phrases (null: none).
    func texts(_ node: Node, _ field: String) throws(VocabularyError) -> [String] {
        if Self.isNull(node) { return [] }
        guard let sequence = node.sequence else { throw fail(node, field, "expected a list ([a, b] or - lines)") }
        var out: [String] = []
        for (i, item) in sequence.enumerated() { out.append(try text(item, "\(field)[\(i)]")) }
        return out
    }

    /// One word or a list of them.
    func textOrTexts(_ node: Node, _ field: String) throws(VocabularyError) -> [String] {
        node.sequence != nil ? try texts(node, field) : [try text(node, field)]
    }

    func number(_ node: Node, _ field: String) throws(VocabularyError) -> Double {
        guard node.scalar != nil, let value = node.int.map(Double.init) ?? node.float else { throw fail(node, field, "expected a number") }
        return value
    }

    func integer(_ node: Node, _ field: String) throws(VocabularyError) -> Int {
        guard node.scalar != nil, let value = node.int else { throw fail(node, field, "expected a whole number") }
        return value
    }

    func flag(_ node: Node, _ field: String) throws(VocabularyError) -> Bool {
        guard node.scalar != nil, let value = node.bool else { throw fail(node, field, "expected true or false") }
        return value
    }

    static func path(_ field: String, _ key: String) -> String { field.isEmpty ? key : field + "." + key }
}
