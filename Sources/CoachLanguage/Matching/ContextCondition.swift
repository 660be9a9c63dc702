// ContextCondition: one key of a data block's `requires_context` / `excludes_context`, and the
// checks hassil 3.12.1 makes with it (hassil/util.py `check_required_context`,
// `check_excluded_context`; hassil/recognize.py `_copy_and_check_required_context`).

/// One key of `requires_context` or `excludes_context`. In YAML the value is a scalar (that
/// value), a list (one of them), null (any value, as long as the key is set), or a mapping
/// `{value: …, slot: true|NAME}` whose `value` is one of those.
struct ContextCondition: Sendable, Equatable {
    enum Expected: Sendable, Equatable {
        /// null / no `value:`: the key must be set (requires); never excludes anything.
        case any
        case value(SlotValue)
        case oneOf([SlotValue])
    }

    var key: String
    var expected: Expected
    /// requires_context only: `slot: true` (a slot named after the key) or `slot: NAME` — the
    /// context's value becomes that slot unless the sentence itself filled it, as a satellite's
    /// area fills `area` in "what is the temperature in here".
    var slot: String? = nil

    /// Whether `actual` is what the condition asks for (`requires_context`, key set).
    func admits(_ actual: SlotValue) -> Bool {
        switch expected {
        case .any: return true
        case .value(let value): return Self.equal(value, actual)
        case .oneOf(let values): return values.contains { Self.equal($0, actual) }
        }
    }

    /// `requires_context` when the whole context is known (after matching): the key must be set.
    func required(by context: RecognitionContext) -> Bool {
        guard let actual = context[key] else { return false }
        return admits(actual)
    }

    /// `requires_context` against a partial context (the caller's before matching, or one list
    /// value's): a key it does not mention is no objection, since matching may still add it.
    func allowed(by partial: RecognitionContext) -> Bool {
        guard let actual = partial[key] else { return true }
        return admits(actual)
    }

    /// `excludes_context`: false when the key is set to an excluded value. A null condition never
    /// excludes (hassil compares the value with None, and context values are never None here).
    func excluded(by context: RecognitionContext) -> Bool {
        guard let actual = context[key] else { return false }
        switch expected {
        case .any: return false
        case .value(let value): return Self.equal(value, actual)
        case .oneOf(let values): return values.contains { Self.equal($0, actual) }
        }
    }

    /// Python's `==` on YAML scalars: numbers by value, and `true`/`false` equal to 1/0.
    static func equal(_ a: SlotValue, _ b: SlotValue) -> Bool {
        switch (a, b) {
        case (.string(let x), .string(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.bool(let x), .bool(let y)): return x == y
        case (.bool(let x), .number(let y)), (.number(let y), .bool(let x)): return (x ? 1 : 0) == y
        default: return false
        }
    }
}

extension Array where Element == ContextCondition {
    /// hassil's `check_required_context(…, allow_missing_keys=True)`.
    func allowed(by partial: RecognitionContext) -> Bool { allSatisfy { $0.allowed(by: partial) } }

    /// hassil's `check_excluded_context`.
    func notExcluded(by context: RecognitionContext) -> Bool { !contains { $0.excluded(by: context) } }
}
