// IntentDefinitions+YAML: reading hassil's YAML files (one language directory, or several
// merged: built-ins first, then user extensions, which add sentences and list values).

import Foundation
import Yams

public struct VocabularyLoadError: Error, Sendable, CustomStringConvertible {
    public var file: String
    public var message: String
    public var description: String { "\(file): \(message)" }
}

extension IntentDefinitions {
    /// Loads and merges every `*.yaml` of `directories` (in order; files sorted by name within one).
    /// Files whose top level has only `responses:` are skipped here (see ResponseCatalog). Data
    /// blocks from `userDirectories` are marked with `userSentenceKey` in their metadata.
    static func load(language: String, directories: [String], userDirectories: Set<String> = []) throws -> IntentDefinitions {
        var defs = IntentDefinitions(language: language)
        for directory in directories {
            for file in yamlFiles(in: directory) {
                guard let root = try loadYAML(file) else { continue }
                try defs.merge(root, file: file, fromUser: userDirectories.contains(directory))
            }
        }
        return defs
    }

    static func yamlFiles(in directory: String) -> [String] {
        let fm = FileManager.default
        guard let names = try? fm.contentsOfDirectory(atPath: directory) else { return [] }
        return names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted()
            .map { (directory as NSString).appendingPathComponent($0) }
    }

    static func loadYAML(_ file: String) throws -> [String: Any]? {
        let text: String
        do { text = try String(contentsOfFile: file, encoding: .utf8) } catch {
            throw VocabularyLoadError(file: file, message: "unreadable: \(error)")
        }
        do {
            return try Yams.load(yaml: text) as? [String: Any]
        } catch {
            throw VocabularyLoadError(file: file, message: "invalid YAML: \(error)")
        }
    }

    mutating func merge(_ root: [String: Any], file: String, fromUser: Bool = false) throws {
        if let words = root["skip_words"] as? [Any] {
            skipWords.append(contentsOf: words.compactMap { $0 as? String })
        }
        if let settings = root["settings"] as? [String: Any], let ignore = settings["ignore_whitespace"] as? Bool {
            ignoreWhitespace = ignore
        }
        if let rules = root["expansion_rules"] as? [String: Any] {
            for (name, value) in rules { expansionRules[name] = Self.string(value) }
        }
        if let lists = root["lists"] as? [String: Any] {
            for (name, value) in lists.sorted(by: { $0.key < $1.key }) {
                mergeList(name, try Self.list(value, name: name, file: file))
            }
        }
        if let intents = root["intents"] as? [String: Any] {
            // Yams does not keep mapping order; hassil tries intents in file order, which only
            // matters when two intents' templates accept the same sentence (a vocabulary bug).
            for name in Self.orderedKeys(of: "intents", in: file) ?? intents.keys.sorted() {
                guard let body = intents[name] as? [String: Any] else { continue }
                let data = (body["data"] as? [Any]) ?? []
                addData(name, try data.map { value in
                    var block = try Self.block(value, file: file)
                    if fromUser { block.metadata[Self.userSentenceKey] = .bool(true) }
                    return block
                })
            }
        }
    }

    /// Keys of a top-level mapping in document order (Yams' `load` returns a Dictionary).
    static func orderedKeys(of key: String, in file: String) -> [String]? {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8),
            let node = try? Yams.compose(yaml: text), let mapping = node.mapping,
            let inner = mapping[Node(key)]?.mapping
        else { return nil }
        return inner.keys.compactMap(\.string)
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

    static func list(_ value: Any, name: String, file: String) throws -> ListDefinition {
        guard let body = value as? [String: Any] else {
            throw VocabularyLoadError(file: file, message: "list \(name) is not a mapping")
        }
        if let values = body["values"] as? [Any] {
            return .values(values.map { item in
                if let dict = item as? [String: Any] {
                    let input = dict["in"].map(string) ?? ""
                    let context = (dict["context"] as? [String: Any] ?? [:]).mapValues(slotValue)
                    return ListValueDefinition(input: input, output: dict["out"].map(slotValue), context: context)
                }
                return ListValueDefinition(input: string(item), output: nil, context: [:])
            })
        }
        if let range = body["range"] as? [String: Any] {
            func num(_ k: String) -> Double? { (range[k] as? Int).map(Double.init) ?? range[k] as? Double }
            guard let from = num("from"), let to = num("to") else {
                throw VocabularyLoadError(file: file, message: "range list \(name) needs from/to")
            }
            let fractions = range["fractions"] as? String
            return .range(
                RangeDefinition(
                    from: from, to: to, step: num("step") ?? 1, halves: fractions == "halves",
                    tenths: fractions == "tenths", multiplier: num("multiplier"),
                    digits: range["digits"] as? Bool ?? true, words: range["words"] as? Bool ?? true))
        }
        if body["wildcard"] as? Bool == true { return .wildcard }
        throw VocabularyLoadError(file: file, message: "list \(name) has no values, range or wildcard")
    }

    /// `requires_context` / `excludes_context` as hassil reads them: per key a scalar, a list,
    /// null, or `{value: <one of those>, slot: true|NAME}` (`slot` counts in requires_context only).
    static func contextConditions(_ value: Any?) -> [ContextCondition] {
        guard let dict = value as? [String: Any] else { return [] }
        return dict.keys.sorted().map { key in
            var spec = dict[key]
            var slot: String? = nil
            if let mapping = spec as? [String: Any] {
                switch mapping["slot"] {
                case let name as String: slot = name
                case let flag as Bool: slot = flag ? key : nil
                default: break
                }
                spec = mapping["value"]
            }
            let expected: ContextCondition.Expected
            switch spec {
            case nil, is NSNull: expected = .any
            case let list as [Any]: expected = .oneOf(list.map(slotValue))
            case let other?: expected = .value(slotValue(other))
            }
            return ContextCondition(key: key, expected: expected, slot: slot)
        }
    }

    static func block(_ value: Any, file: String) throws -> DataBlock {
        guard let body = value as? [String: Any] else {
            throw VocabularyLoadError(file: file, message: "data block is not a mapping")
        }
        let sentences = (body["sentences"] as? [Any] ?? []).map(string)
        let slots = (body["slots"] as? [String: Any] ?? [:]).sorted { $0.key < $1.key }.map { ($0.key, slotValue($0.value)) }
        var lists: [String: ListDefinition] = [:]
        for (name, v) in body["lists"] as? [String: Any] ?? [:] { lists[name] = try list(v, name: name, file: file) }
        return DataBlock(
            sentences: sentences, slots: slots, response: body["response"] as? String,
            requiresContext: contextConditions(body["requires_context"]),
            excludesContext: contextConditions(body["excludes_context"]),
            lists: lists, expansionRules: (body["expansion_rules"] as? [String: Any] ?? [:]).mapValues(string),
            metadata: (body["metadata"] as? [String: Any] ?? [:]).mapValues(slotValue))
    }
}
