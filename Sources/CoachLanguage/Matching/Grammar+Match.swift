// Grammar+Match: anchored matching of normalised text against the compiled graph — a
// depth-first walk that tries alternatives in template order (so the first template that
// accepts wins, as in hassil's `recognize`), records slot events on a stack, and undoes them
// on backtracking. No allocation beyond the two preallocated stacks.

import CoachWire

struct MatchEvent: Sendable {
    enum Kind: UInt8, Sendable { case begin, end, number, wildcard }
    var kind: Kind
    var slot: Int32
    var start: Int32
    var end: Int32
    /// `.end`: value index (or -1 - index when the list value has no `out`).
    var value: Int32
    var number: Double
}

/// A template match: the template and its slot values, spans in normalised positions.
struct RawMatch: Sendable {
    struct Slot: Sendable, Equatable {
        var name: String
        var value: SlotValue
        /// Normalised-text range; nil for a data block's fixed `slots:`.
        var range: Range<Int>?
        var listName: String?
        var isWords = false
        /// The value is the matched text (list value without `out:`, or a wildcard).
        var isText = false
        var isWildcard = false
    }

    var template: Int
    var slots: [Slot]
}

extension Grammar {
    /// Matches probe `entry` (one list) starting at `pos`, unanchored at the end: the slot found.
    func probe(_ entry: Int32, _ text: [UInt32], at pos: Int) -> RawMatch.Slot? {
        walk(text, from: entry, at: pos) { walker in walker.slots(self).first }
    }

    /// Matches `text` (already normalised for this grammar). Returns the first template (in
    /// file order) that accepts the whole text.
    /// `context` is the caller's (hassil's `intent_context`): checked with what matched list
    /// values contribute against the data blocks' requires_context / excludes_context.
    func match(_ text: [UInt32], context: RecognitionContext = [:]) -> RawMatch? {
        walk(text, from: root, at: 0, context: context) { walker in walker.result(self) }
    }

    /// Every template match of `text`, each distinct (template, slots) once, in the order the
    /// walk finds them (template order first): what best-match mode chooses from. At most
    /// `limit` accepting paths are looked at, so a pathological template cannot run away.
    func allMatches(_ text: [UInt32], context: RecognitionContext = [:], limit: Int = 64) -> [RawMatch] {
        var sink = CollectedPaths(limit: limit)
        return withUnsafeMutablePointer(to: &sink) { sink in
            walk(text, from: root, at: 0, context: context, collect: sink) { walker -> [RawMatch] in
                var matches: [RawMatch] = []
                for path in sink.pointee.paths {
                    for (index, event) in path.events.enumerated() { walker.eventStack[index] = event }
                    walker.eventCount = path.events.count
                    walker.accepted = path.template
                    let match = walker.result(self)
                    if !matches.contains(where: { $0.template == match.template && $0.slots == match.slots }) {
                        matches.append(match)
                    }
                }
                return matches
            } ?? []
        }
    }

    /// The template `text` matches (as `match`), without building its slots.
    func matchedTemplate(_ text: [UInt32], context: RecognitionContext = [:]) -> Int? {
        walk(text, from: root, at: 0, context: context) { walker in Int(walker.accepted) }
    }

    /// Runs a walker over `text` from op `entry`; its two stacks live on the call stack (no
    /// heap allocation per match), and it holds no reference-counted state.
    @inline(__always)
    private func walk<T>(
        _ text: [UInt32], from entry: Int32, at pos: Int, context callerContext: RecognitionContext = [:],
        collect: UnsafeMutablePointer<CollectedPaths>? = nil, _ done: (inout MatchWalker) -> T?
    ) -> T? {
        text.withUnsafeBufferPointer { input in
          literals.withUnsafeBufferPointer { literals in
          dispatchStarts.withUnsafeBufferPointer { dispatchStarts in
          dispatchTargets.withUnsafeBufferPointer { dispatchTargets in
            ops.withUnsafeBufferPointer { ops in
                alts.withUnsafeBufferPointer { alts in
                    ranges.withUnsafeBufferPointer { ranges in
                      contextTemplates.withUnsafeBufferPointer { contextTemplates in
                        withUnsafeTemporaryAllocation(of: Int32.self, capacity: MatchWalker.capacity) { returns in
                            withUnsafeTemporaryAllocation(of: MatchEvent.self, capacity: MatchWalker.capacity) { events in
                                var walker = MatchWalker(
                                    cjkSpacing: cjkSpacing, numbers: numbers, ops: ops, alts: alts, ranges: ranges,
                                    input: input, returns: returns, events: events)
                                walker.contextTemplates = contextTemplates
                                walker.literals = literals
                                walker.dispatchStarts = dispatchStarts
                                walker.dispatchTargets = dispatchTargets
                                walker.collected = collect
                                if contextTemplates.contains(true) {
                                    // Only grammars with requires/excludes_context pay for the check.
                                    return templates.withUnsafeBufferPointer { templates in
                                        blocks.withUnsafeBufferPointer { blocks in
                                            values.withUnsafeBufferPointer { values in
                                                walker.context = (templates, blocks, values)
                                                walker.callerContext = callerContext
                                                guard walker.succeeded(walker.run(entry, pos)) else { return nil }
                                                return done(&walker)
                                            }
                                        }
                                    }
                                }
                                guard walker.succeeded(walker.run(entry, pos)) else { return nil }
                                return done(&walker)
                            }
                        }
                      }
                    }
                }
            }
          }
          }
          }
        }
    }
}

/// Best-match mode's record of accepting paths (template and slot events of each).
struct CollectedPaths {
    var limit: Int
    var paths: [(template: Int32, events: [MatchEvent])] = []
    init(limit: Int) { self.limit = limit }
}

/// The walk itself; its results are read in Grammar+MatchResult.
struct MatchWalker {
    /// Depth of the return stack and number of slot events a match may use (templates nest
    /// a handful of levels; a match that needs more is treated as no match).
    static let capacity = 256
    let cjkSpacing: Bool
    let numbers: NumberParser
    let ops: UnsafeBufferPointer<GrammarOp>
    let alts: UnsafeBufferPointer<GrammarAlternative>
    let ranges: UnsafeBufferPointer<RangeDefinition>
    let input: UnsafeBufferPointer<UInt32>
    var literals = UnsafeBufferPointer<UInt32>(start: nil, count: 0)
    var dispatchStarts = UnsafeBufferPointer<Int32>(start: nil, count: 0)
    var dispatchTargets = UnsafeBufferPointer<Int32>(start: nil, count: 0)
    let returnStack: UnsafeMutableBufferPointer<Int32>
    let eventStack: UnsafeMutableBufferPointer<MatchEvent>
    var returnCount = 0
    var eventCount = 0
    var overflow = false
    var accepted: Int32 = -1
    var foundEnd = -1
    /// Templates whose data block has requires/excludes_context, and what checking them needs.
    var contextTemplates = UnsafeBufferPointer<Bool>(start: nil, count: 0)
    var context: (
        templates: UnsafeBufferPointer<CompiledTemplate>, blocks: UnsafeBufferPointer<CompiledBlock>,
        values: UnsafeBufferPointer<SlotListValue>
    )? = nil
    /// The caller's context (set only when the grammar has context templates).
    var callerContext: RecognitionContext = [:]
    /// Best-match mode: each accepting path is recorded here and the walk backtracks for more.
    var collected: UnsafeMutablePointer<CollectedPaths>? = nil

    /// Whether the walk produced something for `done`: the first match (and no overflow), or in
    /// best-match mode whatever was collected (an overflowing path is simply not among them).
    func succeeded(_ ran: Bool) -> Bool { collected != nil || (ran && !overflow) }

    init(
        cjkSpacing: Bool, numbers: NumberParser, ops: UnsafeBufferPointer<GrammarOp>,
        alts: UnsafeBufferPointer<GrammarAlternative>, ranges: UnsafeBufferPointer<RangeDefinition>,
        input: UnsafeBufferPointer<UInt32>, returns: UnsafeMutableBufferPointer<Int32>,
        events: UnsafeMutableBufferPointer<MatchEvent>
    ) {
        self.cjkSpacing = cjkSpacing
        self.numbers = numbers
        self.ops = ops
        self.alts = alts
        self.ranges = ranges
        self.input = input
        self.returnStack = returns
        self.eventStack = events
    }

    var events: UnsafeBufferPointer<MatchEvent> { UnsafeBufferPointer(rebasing: eventStack[0 ..< eventCount]) }

    @inline(__always) mutating func pushEvent(_ e: MatchEvent) -> Bool {
        guard eventCount < eventStack.count else { overflow = true; return false }
        eventStack[eventCount] = e
        eventCount += 1
        return true
    }

    @inline(__always) mutating func pushReturn(_ r: Int32) -> Bool {
        guard returnCount < returnStack.count else { overflow = true; return false }
        returnStack[returnCount] = r
        returnCount += 1
        return true
    }

    mutating func run(_ start: Int32, _ startPos: Int) -> Bool {
        var node = start
        var pos = startPos
        let n = input.count
        while true {
            let op = ops[Int(node)]
            switch op.kind {
            case .char:
                guard pos < n, input[pos] == UInt32(bitPattern: op.a) else { return false }
                pos += 1
                node = op.next
            case .literal:
                let len = Int(op.b)
                guard pos + len <= n else { return false }
                var p = input.baseAddress! + pos
                var q = literals.baseAddress! + Int(op.a)
                let stop = p + len
                while p < stop {
                    guard p.pointee == q.pointee else { return false }
                    p += 1
                    q += 1
                }
                pos += len
                node = op.next
            case .space:
                if pos < n, input[pos] == Scalars.space {
                    pos += 1
                } else if !(cjkSpacing || pos == 0 || pos == n || input[pos - 1] == Scalars.space) {
                    return false
                }
                node = op.next
            case .branch:
                let bit = pos < n ? FirstSet.bit(input[pos]) : FirstSet.end
                let end = Int(op.a + op.b)
                var k = Int(op.a)
                // Tail-call the last viable alternative instead of recursing.
                var lastViable = -1
                while k < end {
                    if alts[k].first & bit != 0 {
                        if lastViable >= 0, run(alts[lastViable].target, pos) { return true }
                        lastViable = k
                    }
                    k += 1
                }
                guard lastViable >= 0 else { return false }
                node = alts[lastViable].target
            case .dispatch:
                let k = pos < n ? FirstSet.index(input[pos]) : 63
                let table = Int(op.a) + k
                let lo = Int(dispatchStarts[table])
                let hi = Int(dispatchStarts[table + 1])
                guard lo < hi else { return false }
                var j = lo
                while j < hi - 1 {
                    if run(dispatchTargets[j], pos) { return true }
                    j += 1
                }
                node = dispatchTargets[hi - 1]
            case .call:
                guard pushReturn(op.next) else { return false }
                if run(op.a, pos) { return true }
                returnCount -= 1
                return false
            case .ret:
                guard returnCount > 0 else { return false }
                returnCount -= 1
                let back = returnStack[returnCount]
                if run(back, pos) { return true }
                returnStack[returnCount] = back
                returnCount += 1
                return false
            case .slotBegin:
                guard pushEvent(MatchEvent(kind: .begin, slot: op.a, start: Int32(pos), end: Int32(pos), value: op.b, number: 0))
                else { return false }
                if run(op.next, pos) { return true }
                eventCount -= 1
                return false
            case .slotEnd:
                guard pushEvent(MatchEvent(kind: .end, slot: op.a, start: Int32(pos), end: Int32(pos), value: op.b, number: 0))
                else { return false }
                if run(op.next, pos) { return true }
                eventCount -= 1
                return false
            case .number:
                return number(op, pos)
            case .wildcard:
                guard pos < n else { return false }
                var end = pos + 1
                while end <= n {
                    if op.b == 0 || end == n || input[end] == Scalars.space {
                        var lo = pos
                        var hi = end
                        while lo < hi, input[lo] == Scalars.space { lo += 1 }
                        while hi > lo, input[hi - 1] == Scalars.space { hi -= 1 }
                        if hi > lo {
                            guard pushEvent(MatchEvent(kind: .wildcard, slot: op.a, start: Int32(lo), end: Int32(hi), value: -1, number: 0))
                            else { return false }
                            if run(op.next, end) { return true }
                            eventCount -= 1
                        }
                    }
                    end += 1
                }
                return false
            case .accept:
                guard pos == n else { return false }
                if Int(op.a) < contextTemplates.count, contextTemplates[Int(op.a)], !contextAllows(Int(op.a)) { return false }
                accepted = op.a
                if let collected {
                    // Record this path and say "no" so the walk tries every other alternative.
                    if collected.pointee.paths.count < collected.pointee.limit {
                        collected.pointee.paths.append((op.a, Array(events)))
                    }
                    return false
                }
                return true
            case .found:
                guard cjkSpacing || pos == n || input[pos] == Scalars.space else { return false }
                foundEnd = pos
                return true
            }
        }
    }

    mutating func number(_ op: GrammarOp, _ pos: Int) -> Bool {
        let range = ranges[Int(op.a)]
        var parsed: ParsedNumber? = nil
        if range.digits { parsed = NumberParser.digits(input, at: pos) }
        if parsed == nil, range.words { parsed = numbers.words(input, at: pos) }
        guard let p = parsed else { return false }
        if range.contains(p.value), numberEvent(op, pos, p) { return true }
        // Then "2 and a half" as 2.5 (#40), where the range takes halves; after the plain reading,
        // so templates that say "and a half" themselves keep hassil's answers.
        guard range.halves || range.tenths, let half = numbers.digitsAndAHalf(input, after: p), range.contains(half.value)
        else { return false }
        return numberEvent(op, pos, half)
    }

    private mutating func numberEvent(_ op: GrammarOp, _ pos: Int, _ p: ParsedNumber) -> Bool {
        let range = ranges[Int(op.a)]
        let value = p.value * (range.multiplier ?? 1)
        guard pushEvent(MatchEvent(kind: .number, slot: op.b, start: Int32(pos), end: Int32(p.end), value: p.isWords ? 1 : 0, number: value))
        else { return false }
        if run(op.next, p.end) { return true }
        eventCount -= 1
        return false
    }

    /// requires_context / excludes_context of the template's data block (Grammar+Context).
    func contextAllows(_ template: Int) -> Bool {
        guard let grammar = context else { return true }
        let block = grammar.blocks[grammar.templates[template].block]
        guard block.hasContextConditions else { return true }
        return block.contextAllows(events: events, values: grammar.values, caller: callerContext)
    }
}
