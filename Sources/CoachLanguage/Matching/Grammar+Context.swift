// Grammar+Context: hassil 3.12.1's intent context on one accepted path (hassil/recognize.py
// `recognize_all`, `_process_match_contexts`; hassil/string_matcher.py, list references):
//   1. with a caller context, a data block whose conditions that context already contradicts is
//      out (keys the caller does not give are left for matching to add);
//   2. a list value whose own `context:` contradicts the block's conditions is not matched;
//   3. the match context is the caller's, overridden by the context of every matched list value;
//   4. it must not be excluded, must have every required key with an allowed value, and
//      `slot: true|NAME` conditions copy its value into a slot the sentence did not fill.
// The walker checks this on `.accept` of templates whose block has conditions (only those pay).

extension CompiledBlock {
    var hasContextConditions: Bool { !requiresContext.isEmpty || !excludesContext.isEmpty }

    /// Steps 1, 2 and 4 for the list values and numbers/wildcards of one accepting path.
    func contextAllows<Values: RandomAccessCollection<SlotListValue>>(
        events: UnsafeBufferPointer<MatchEvent>, values: Values, caller: RecognitionContext
    ) -> Bool where Values.Index == Int {
        guard requiresContext.allowed(by: caller), excludesContext.notExcluded(by: caller) else { return false }
        for event in events where event.kind == .end {
            let value = values[Grammar.valueIndex(event.value)]
            guard !value.context.isEmpty else { continue }
            guard requiresContext.allowed(by: value.context), excludesContext.notExcluded(by: value.context) else {
                return false
            }
        }
        let context = Grammar.matchContext(events: events, values: values, caller: caller)
        return excludesContext.notExcluded(by: context) && requiresContext.allSatisfy { $0.required(by: context) }
    }

    /// Step 4's slots: for each `slot:` condition, the context's value under the slot's name,
    /// unless the sentence matched that slot itself (`matched`: names of the text's slots).
    func contextSlots<Values: RandomAccessCollection<SlotListValue>>(
        events: UnsafeBufferPointer<MatchEvent>, values: Values, caller: RecognitionContext, matched: Set<String>
    ) -> [RawMatch.Slot] where Values.Index == Int {
        guard requiresContext.contains(where: { $0.slot != nil }) else { return [] }
        let context = Grammar.matchContext(events: events, values: values, caller: caller)
        var slots: [RawMatch.Slot] = []
        for condition in requiresContext {
            guard let name = condition.slot, !matched.contains(name), let value = context[condition.key] else { continue }
            slots.append(RawMatch.Slot(name: name, value: value, range: nil))
        }
        return slots
    }
}

extension Grammar {
    /// A `.end` event's value index (values without `out:` are stored as -1 - index).
    @inline(__always)
    static func valueIndex(_ encoded: Int32) -> Int { encoded >= 0 ? Int(encoded) : Int(-1 - encoded) }

    /// The match context of a path: the caller's, then each matched list value's `context:` on
    /// top. As in hassil, a value with a context replaces what values nested inside it added
    /// (its context is laid over the context from before it began); one without keeps them.
    static func matchContext<Values: RandomAccessCollection<SlotListValue>>(
        events: UnsafeBufferPointer<MatchEvent>, values: Values, caller: RecognitionContext
    ) -> RecognitionContext where Values.Index == Int {
        var context = caller
        var before: [RecognitionContext] = []
        for event in events {
            switch event.kind {
            case .begin:
                before.append(context)
            case .end:
                let outer = before.popLast() ?? context
                let value = values[valueIndex(event.value)]
                if !value.context.isEmpty { context = outer.merging(value.context) { $1 } }
            case .number, .wildcard:
                continue
            }
        }
        return context
    }
}
