// Grammar: every template of one language compiled once into a flat, immutable graph of
// small ops (an NFA over normalised scalars). Lists and expansion rules are compiled once
// each and entered as subroutines (call/ret), so a list of 50 activities referenced from
// 40 templates exists once; branches carry a 64-bit first-scalar filter so the matcher
// skips alternatives that cannot start with the next input scalar.

import CoachWire

struct GrammarOp: Sendable {
    enum Kind: UInt8, Sendable {
        /// Consume scalar `a`.
        case char
        /// Consume `literals[a ..< a+b]` (a run of template text, compared in one loop). In
        /// word-spaced grammars a literal may contain single inner spaces: between two template
        /// letters a word break can only be a real space.
        case literal
        /// A word break: consumes one space, or nothing at the start/end of input or after a
        /// space (hassil strips whitespace at word starts). In CJK grammars it is always optional.
        case space
        /// Try `alts[a ..< a+b]` in order.
        case branch
        /// A large branch, pre-filtered: for the next scalar's first-set bit k, try
        /// `dispatchTargets[dispatchStarts[a+k] ..< dispatchStarts[a+k+1]]` in order (only the
        /// alternatives that can start with it; no per-alternative test).
        case dispatch
        /// Enter subroutine `a`, continue at `next` when it returns.
        case call
        case ret
        /// Slot `a` starts here; `b` = 1 when it is a capture (response-only, not a slot).
        case slotBegin
        /// Slot `a` ends; `b` = value index (into `values`) or -1 for the matched text.
        case slotEnd
        /// A number from range `a` into slot `b`.
        case number
        /// Any non-empty text into slot `a`; `b` = 1 when it must end at a word break.
        case wildcard
        /// Template `a` matched (if the input is used up).
        case accept
        /// A probe (a list matched anywhere, for the fuzzy fallback) ended at a word break.
        case found
    }

    var kind: Kind
    var a: Int32
    var b: Int32
    var next: Int32
}

struct GrammarAlternative: Sendable {
    var target: Int32
    /// Bit set of scalars (hashed) that can come first on this path; see `FirstSet`.
    var first: UInt64
}

/// One template as compiled: which intent and data block it belongs to.
struct CompiledTemplate: Sendable {
    var intent: String
    var text: String
    var block: Int
}

struct CompiledBlock: Sendable {
    var fixedSlots: [(String, SlotValue)]
    var metadata: [String: SlotValue] = [:]
    var response: String?
    var requiresContext: [ContextCondition]
    var excludesContext: [ContextCondition]
}

struct SlotListValue: Sendable {
    var output: SlotValue?
    var context: [String: SlotValue]
    var listName: String
}

struct Grammar: Sendable {
    var language: Language
    var cjkSpacing: Bool
    var ops: [GrammarOp] = []
    /// Scalars of every `.literal` op, back to back.
    var literals: [UInt32] = []
    /// `.dispatch` tables: 65 starts per table (one per first-set bit, plus the end).
    var dispatchStarts: [Int32] = []
    var dispatchTargets: [Int32] = []
    var alts: [GrammarAlternative] = []
    var templates: [CompiledTemplate] = []
    var blocks: [CompiledBlock] = []
    var slotNames: [String] = []
    var values: [SlotListValue] = []
    var ranges: [RangeDefinition] = []
    var root: Int32 = -1
    /// Skip words, normalised, longest first.
    var skipWords: [[UInt32]] = []
    /// Entry points that match one list anywhere in the text (slot name, list name, entry).
    var probes: [(slot: String, list: String, entry: Int32)] = []
    /// Surface phrases of each values list (for completion), a bounded expansion of `in:`.
    var listPhrases: [String: [String]] = [:]
    /// Per template: its data block has requires_context / excludes_context.
    var contextTemplates: [Bool] = []
    /// The language's number words (Intents/<lang>/_numbers.yaml) as the number slots read them.
    var numbers = NumberParser(NumberWords(), language: .en)
}

enum FirstSet {
    static let end: UInt64 = 1 << 63
    static let space: UInt64 = 1 << 62
    static let all: UInt64 = ~0

    @inline(__always)
    static func bit(_ v: UInt32) -> UInt64 {
        v == Scalars.space ? space : 1 << UInt64(v % 61)
    }

    /// The bit number of `bit(v)` (62 = space; 63 = end of input).
    @inline(__always)
    static func index(_ v: UInt32) -> Int {
        v == Scalars.space ? 62 : Int(v % 61)
    }
}
