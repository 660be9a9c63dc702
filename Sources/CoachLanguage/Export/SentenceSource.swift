// SentenceSource: a read-only public view of one language's sentence templates — intents,
// expansion rules, lists and ranges, skip words — for channels that need the whole sentence space
// rather than one match: the speech grammar (CoachVoice turns it into JSGF). Built from the same
// merged Intents/ files (built-in + user) the Recognizer loads, so a new sentence reaches both.

import CoachWire
import Foundation

public struct SentenceSource: Sendable {
    /// A parsed template, hassil's expression tree.
    public indirect enum Node: Sendable, Equatable {
        /// Literal text, as written (spaces separate words; text without a space joins its neighbours).
        case text(String)
        case sequence([Node])
        case alternative([Node], optional: Bool)
        /// `(a; b; c)`: the items in any order.
        case permutation([Node])
        /// `{list}` / `{list:slot}`: a reference to `lists[name]` (or an inline range).
        case list(String)
        /// `<rule>`: a reference to an expansion rule.
        case rule(String)
    }

    /// What a `{list}` can be said as.
    public enum ListSource: Sendable, Equatable {
        /// Each value's `in:` template.
        case values([Node])
        /// A number range; `words` says whether number words are accepted (digits cannot be spoken).
        case range(from: Double, to: Double, step: Double, halves: Bool, tenths: Bool, words: Bool)
        /// Any text: not speakable through a grammar.
        case wildcard
    }

    public struct Sentence: Sendable {
        public let template: String
        public let node: Node
        /// Lists and rules defined by the sentence's data block (they shadow the global ones).
        public let localLists: [String: ListSource]
        public let localRules: [String: Node]
    }

    public struct Intent: Sendable {
        public let name: String
        public let sentences: [Sentence]
    }

    public let language: Language
    public let intents: [Intent]
    public let rules: [String: Node]
    public let lists: [String: ListSource]
    public let skipWords: [String]
    /// The language's number words (the grammar says a number slot with them).
    public let numbers: NumberWords
    /// Templates that failed to parse (file order); the recogniser reports them when it loads.
    public let unparsable: [String]

    /// Loads `intentsDirectory/<lang>` extended by `userDirectory/<lang>` (as `Recognizer` does).
    public static func load(intentsDirectory: String, userDirectory: String?, language: Language) throws -> SentenceSource {
        SentenceSource(try Vocabulary.load(intentsDirectory: intentsDirectory, userDirectory: userDirectory), language: language)
    }

    /// The sentences of `language` in `vocabulary` (none when it has no such language).
    public init(_ vocabulary: Vocabulary, language: Language) {
        self.init(vocabulary.languages[language]?.definitions ?? IntentDefinitions(language: language.rawValue), language: language,
                  numbers: vocabulary.languages[language]?.numbers ?? NumberWords())
    }

    init(_ defs: IntentDefinitions, language: Language, numbers: NumberWords) {
        self.numbers = numbers
        var unparsable: [String] = []
        func parse(_ template: String) -> Node? {
            do { return Node(try TemplateParser.parse(template)) } catch {
                unparsable.append(template)
                return nil
            }
        }
        func listSource(_ list: ListDefinition) -> ListSource {
            switch list {
            case .values(let values): return .values(values.compactMap { parse($0.input) })
            case .range(let r):
                return .range(from: r.from, to: r.to, step: r.step, halves: r.halves, tenths: r.tenths, words: r.words)
            case .wildcard: return .wildcard
            }
        }
        self.language = language
        self.rules = defs.expansionRules.compactMapValues(parse)
        self.lists = defs.lists.mapValues(listSource)
        self.skipWords = defs.skipWords
        self.intents = defs.intents.map { intent in
            Intent(name: intent.name, sentences: intent.data.flatMap { block in
                let localLists = block.lists.mapValues(listSource)
                let localRules = block.expansionRules.compactMapValues(parse)
                return block.sentences.compactMap { template in
                    parse(template).map {
                        Sentence(template: template, node: $0, localLists: localLists, localRules: localRules)
                    }
                }
            })
        }
        self.unparsable = unparsable
    }
}

extension SentenceSource.Node {
    init(_ node: TemplateNode) {
        switch node {
        case .text(let t): self = .text(t)
        case .sequence(let items): self = .sequence(items.map(Self.init))
        case .alternative(let items, let optional): self = .alternative(items.map(Self.init), optional: optional)
        case .permutation(let items): self = .permutation(items.map(Self.init))
        case .list(let name, _, _):
            if let r = node.inlineRange {
                self = .list("\(r.from)..\(r.to)" + (r.step == 1 ? "" : ",\(r.step)"))
            } else {
                self = .list(name)
            }
        case .rule(let name): self = .rule(name)
        }
    }

    /// `{1..100}` inline ranges as (from, to, step).
    public var inlineRange: (from: Int, to: Int, step: Int)? {
        guard case .list(let name) = self else { return nil }
        return TemplateNode.list(name: name, slot: name, isCapture: false).inlineRange
    }
}

extension Recognition {
    /// The `slots` object of `coach parse --json` on its own (for channels that print their own
    /// objects around it, e.g. `coach listen --json`).
    public func slotsJSON() -> String { slots.jsonValue.serialized() }
}
