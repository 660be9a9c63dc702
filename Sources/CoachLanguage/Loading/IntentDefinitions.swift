// IntentDefinitions: the hassil YAML vocabulary of one language as plain values, after merging
// every file (built-in and user) — intents with their data blocks, lists, rules, skip words.

import CoachWire

/// A slot value as written in YAML (`out:` of a list value, or a data block's fixed `slots:`).
public enum SlotValue: Sendable, Equatable, Hashable, CustomStringConvertible {
    case string(String)
    case number(Double)
    case bool(Bool)

    public var description: String {
        switch self {
        case .string(let s): return s
        case .number(let d): return JSONText.number(d)
        case .bool(let b): return b ? "true" : "false"
        }
    }

    public var doubleValue: Double? {
        switch self {
        case .number(let d): return d
        case .string(let s): return Double(s)
        case .bool: return nil
        }
    }

    public var stringValue: String { description }
}

struct ListValueDefinition: Sendable, Equatable {
    var input: String
    var output: SlotValue?
    var context: [String: SlotValue]
}

struct RangeDefinition: Sendable, Equatable {
    var from: Double
    var to: Double
    var step: Double = 1
    var halves = false
    var tenths = false
    var multiplier: Double? = nil
    var digits = true
    var words = true

    func contains(_ value: Double) -> Bool {
        guard value >= from - 1e-9, value <= to + 1e-9 else { return false }
        let k = (value - from) / step
        if abs(k - k.rounded()) < 1e-9 { return true }
        let frac = value - value.rounded(.down)
        let whole = value.rounded(.down)
        guard abs(((whole - from) / step) - ((whole - from) / step).rounded()) < 1e-9 else { return false }
        if halves { return abs(frac - 0.5) < 1e-9 }
        if tenths { return abs(frac * 10 - (frac * 10).rounded()) < 1e-6 }
        return false
    }
}

enum ListDefinition: Sendable, Equatable {
    case values([ListValueDefinition])
    case range(RangeDefinition)
    case wildcard
}

struct DataBlock: Sendable, Equatable {
    var sentences: [String]
    var slots: [(String, SlotValue)]
    var response: String?
    /// `requires_context` / `excludes_context`, one condition per key (sorted by key).
    var requiresContext: [ContextCondition]
    var excludesContext: [ContextCondition]
    var lists: [String: ListDefinition]
    var expansionRules: [String: String]
    /// hassil's intent metadata (`metadata:` of a data block). Blocks from the user's sentence
    /// files also carry `IntentDefinitions.userSentenceKey: true`, which best-match mode prefers.
    var metadata: [String: SlotValue] = [:]

    static func == (a: DataBlock, b: DataBlock) -> Bool {
        a.sentences == b.sentences && a.response == b.response && a.slots.map(\.0) == b.slots.map(\.0)
            && a.slots.map(\.1) == b.slots.map(\.1) && a.lists == b.lists && a.expansionRules == b.expansionRules
    }
}

struct IntentDefinitions: Sendable {
    /// The metadata key that marks a data block loaded from the user's sentence files (as Home
    /// Assistant marks custom sentences for hassil's `recognize_best`).
    static let userSentenceKey = "coach_user_sentence"

    var language: String
    /// Intents in first-seen order (hassil tries them in dict order), each with its data blocks.
    var intents: [(name: String, data: [DataBlock])] = []
    var lists: [String: ListDefinition] = [:]
    var expansionRules: [String: String] = [:]
    var skipWords: [String] = []
    var ignoreWhitespace = false

    mutating func addData(_ intent: String, _ blocks: [DataBlock]) {
        if let i = intents.firstIndex(where: { $0.name == intent }) {
            intents[i].data.append(contentsOf: blocks)
        } else {
            intents.append((intent, blocks))
        }
    }

    /// hassil's merge_dict: lists of values extend, other definitions are replaced.
    mutating func mergeList(_ name: String, _ list: ListDefinition) {
        if case .values(let old)? = lists[name], case .values(let new) = list {
            lists[name] = .values(old + new)
        } else {
            lists[name] = list
        }
    }
}
