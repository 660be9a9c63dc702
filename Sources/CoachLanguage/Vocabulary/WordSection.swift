// WordSection: a section of word lists as a typed value — each YAML key bound to a stored
// property (a list of phrases, a group of lists by name, pairs, a number). One generic reader
// checks the shape of every key and refuses unknown ones; files extend what earlier files said.

import CoachWire
import Yams

/// `key: word` of a section, in document order ("activity_hints: {pool: swimming}").
public struct WordPair: Sendable, Equatable {
    public var key: String
    public var value: String
}

/// `name: [phrase, …]` of a section, in document order ("command_words: {PauseWorkout: [pause]}").
public struct NamedWords: Sendable, Equatable {
    public var name: String
    public var words: [String]
}

protocol WordSection: Sendable, Equatable {
    init()
    static var lists: [(key: String, path: WritableKeyPath<Self, [String]>)] { get }
    static var groups: [(key: String, path: WritableKeyPath<Self, [NamedWords]>)] { get }
    static var pairs: [(key: String, path: WritableKeyPath<Self, [WordPair]>)] { get }
    static var numbers: [(key: String, path: WritableKeyPath<Self, Int?>)] { get }
    /// Keys with a shape of their own (read by `readOther`).
    static var others: [String] { get }
    /// Keys with a shape of their own; true when `key` was one of them.
    mutating func readOther(_ key: String, _ node: Node, _ field: String, _ yaml: VocabularyYAML) throws(VocabularyError) -> Bool
}

extension WordSection {
    static var lists: [(key: String, path: WritableKeyPath<Self, [String]>)] { [] }
    static var groups: [(key: String, path: WritableKeyPath<Self, [NamedWords]>)] { [] }
    static var pairs: [(key: String, path: WritableKeyPath<Self, [WordPair]>)] { [] }
    static var numbers: [(key: String, path: WritableKeyPath<Self, Int?>)] { [] }
    static var others: [String] { [] }
    mutating func readOther(_ key: String, _ node: Node, _ field: String, _ yaml: VocabularyYAML) throws(VocabularyError) -> Bool {
        false
    }

    /// All the phrases of a group (`command_words` of every intent), first-said first.
    static func words(_ groups: [NamedWords], named name: String) -> [String] {
        groups.filter { $0.name == name }.flatMap(\.words)
    }
}

extension VocabularyYAML {
    /// Reads one key of a section into `section`; false when the section has no such key.
    func read<S: WordSection>(_ key: String, _ node: Node, _ field: String, into section: inout S) throws(VocabularyError) -> Bool {
        if let path = S.lists.first(where: { $0.key == key })?.path {
            section[keyPath: path] += try texts(node, field)
        } else if let path = S.groups.first(where: { $0.key == key })?.path {
            for (name, value) in try fields(node, field) {
                section[keyPath: path].append(NamedWords(name: name, words: try texts(value, Self.path(field, name))))
            }
        } else if let path = S.pairs.first(where: { $0.key == key })?.path {
            for (name, value) in try fields(node, field) {
                section[keyPath: path].append(WordPair(key: name, value: try text(value, Self.path(field, name))))
            }
        } else if let path = S.numbers.first(where: { $0.key == key })?.path {
            section[keyPath: path] = try integer(node, field)
        } else {
            return try section.readOther(key, node, field, self)
        }
        return true
    }

    /// A whole section (`clauses:`), every key known to `S`.
    func section<S: WordSection>(_ node: Node, _ field: String, into section: inout S) throws(VocabularyError) {
        for (key, value) in try fields(node, field) where !(try read(key, value, Self.path(field, key), into: &section)) {
            throw unknown(key, in: node, field, known: S.lists.map(\.key) + S.groups.map(\.key) + S.pairs.map(\.key) + S.numbers.map(\.key) + S.others)
        }
    }
}
