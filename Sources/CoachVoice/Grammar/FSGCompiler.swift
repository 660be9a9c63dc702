// FSGCompiler: the speech grammar as pocketsphinx's finite-state grammar file, determinised
// (subset construction) and minimised (Moore). pocketsphinx's own JSGF loader copies every rule at every reference and keeps the
// copies apart, so the ~150 templates sharing <start>, <goal>, {activity} … become ~15k states
// whose first words alone are thousands of parallel arcs: decoding took seconds per command.
// The same language as a minimal DFA has one arc per distinct next word (docs/voice.md, figures);
// transitions many states share exactly are written once, in hub states (`sharingHubs`).

import Foundation

struct FSGCompiler {
    /// NFA over word ids; `nil` label = epsilon.
    struct NFA {
        var arcs: [[(label: Int?, to: Int)]] = []
        var start = 0
        var accepting: Set<Int> = []

        mutating func newState() -> Int {
            arcs.append([])
            return arcs.count - 1
        }
        mutating func add(_ from: Int, _ label: Int?, _ to: Int) { arcs[from].append((label, to)) }
    }

    /// Deterministic automaton: per state, word id → next state.
    struct DFA {
        var arcs: [[Int: Int]] = []
        var start = 0
        var accepting: Set<Int> = []
        var arcCount: Int { arcs.reduce(0) { $0 + $1.count } }
    }

    let grammar: SpeechGrammar
    private(set) var words: [String] = []
    private var wordIds: [String: Int] = [:]

    init(_ grammar: SpeechGrammar) { self.grammar = grammar }

    mutating func id(_ word: String) -> Int {
        if let i = wordIds[word] { return i }
        words.append(word)
        wordIds[word] = words.count - 1
        return words.count - 1
    }

    // MARK: expression → NFA (Thompson construction, rules inlined)

    mutating func nfa() -> NFA {
        var n = NFA()
        n.start = n.newState()
        let end = n.newState()
        n.accepting = [end]
        var stack: [String] = []
        build(grammar.utterance, n.start, end, &n, &stack)
        return n
    }

    private mutating func build(_ e: GrammarExpression, _ from: Int, _ to: Int, _ n: inout NFA, _ stack: inout [String]) {
        switch e {
        case .void: return
        case .empty: n.add(from, nil, to)
        case .words(let ws):
            var s = from
            for (i, w) in ws.enumerated() {
                let next = i == ws.count - 1 ? to : n.newState()
                n.add(s, id(w), next)
                s = next
            }
        case .ref(let name):
            guard let body = grammar.bodies[name], !stack.contains(name) else { return }
            stack.append(name)
            build(body, from, to, &n, &stack)
            stack.removeLast()
        case .seq(let items):
            var s = from
            for (i, item) in items.enumerated() {
                let next = i == items.count - 1 ? to : n.newState()
                build(item, s, next, &n, &stack)
                s = next
            }
        case .alt(let items, let optional):
            for item in items { build(item, from, to, &n, &stack) }
            if optional { n.add(from, nil, to) }
        case .repeat(let inner, let atLeastOnce):
            let loop = n.newState()
            let back = n.newState()
            n.add(from, nil, loop)
            build(inner, loop, back, &n, &stack)
            n.add(back, nil, loop)
            n.add(back, nil, to)
            if !atLeastOnce { n.add(loop, nil, to) }
        }
    }

    // MARK: determinise and minimise (Brzozowski: determinise the reverse, twice)

    static func determinize(_ n: NFA, starts: [Int]) -> DFA {
        func closure(_ set: [Int]) -> [Int] {
            var seen = Set(set)
            var todo = set
            while let s = todo.popLast() {
                for arc in n.arcs[s] where arc.label == nil && seen.insert(arc.to).inserted { todo.append(arc.to) }
            }
            return seen.sorted()
        }
        var dfa = DFA()
        var index: [[Int]: Int] = [:]
        var queue: [[Int]] = []
        let first = closure(starts)
        index[first] = 0
        dfa.arcs.append([:])
        queue.append(first)
        var head = 0
        while head < queue.count {
            let set = queue[head]
            let me = head
            head += 1
            if set.contains(where: n.accepting.contains) { dfa.accepting.insert(me) }
            var moves: [Int: [Int]] = [:]
            for s in set {
                for arc in n.arcs[s] { if let l = arc.label { moves[l, default: []].append(arc.to) } }
            }
            for (label, targets) in moves {
                let target = closure(targets)
                let t: Int
                if let existing = index[target] {
                    t = existing
                } else {
                    t = queue.count
                    index[target] = t
                    queue.append(target)
                    dfa.arcs.append([:])
                }
                dfa.arcs[me][label] = t
            }
        }
        return dfa
    }

    /// Moore's partition refinement: states with the same future (accepting alike, same words
    /// to equivalent states) merge. Rounds ≤ the longest sentence; each round is linear in arcs.
    static func minimize(_ d: DFA) -> DFA {
        let sorted = d.arcs.map { $0.sorted { $0.key < $1.key } }
        var cls = d.arcs.indices.map { d.accepting.contains($0) ? 1 : 0 }
        var count = Set(cls).count
        while true {
            var ids: [[Int]: Int] = [:]
            var next = [Int](repeating: 0, count: cls.count)
            for s in cls.indices {
                var key = [cls[s]]
                key.reserveCapacity(1 + 2 * sorted[s].count)
                for (label, to) in sorted[s] {
                    key.append(label)
                    key.append(cls[to])
                }
                if let id = ids[key] { next[s] = id } else {
                    next[s] = ids.count
                    ids[key] = ids.count
                }
            }
            cls = next
            if ids.count == count { break }
            count = ids.count
        }
        var out = DFA()
        out.arcs = Array(repeating: [:], count: count)
        out.start = cls[d.start]
        for (s, arcs) in d.arcs.enumerated() {
            let c = cls[s]
            if d.accepting.contains(s) { out.accepting.insert(c) }
            if out.arcs[c].isEmpty { for (label, to) in arcs { out.arcs[c][label] = cls[to] } }
        }
        return out
    }

    // MARK: FSG text

    /// One FSG transition: a word (nil: a null transition) to a state, with its probability as written.
    struct Transition: Hashable {
        let label: Int?
        let to: Int
        let probability: String
    }

    /// Transitions that several states share exactly (the same word to the same state with the
    /// same probability) move to one hub state that each of those states reaches by a null
    /// transition. The language and every path's score stay the same, but pocketsphinx builds a
    /// lexicon tree per state for the words leaving it, so a shared group is built and searched
    /// once instead of once per state: the optional closing skip phrase ("… please", "… now",
    /// ~40 words) followed ~580 states, 23k of 92k transitions (docs/voice.md, figures).
    /// pocketsphinx's search is not exact Viterbi (one history per state and left phone each
    /// frame, beams), so some hypotheses change; measured no worse, and half the memory.
    /// Words in `keepingApart` never move. Returns the states' own transitions and the hubs
    /// (numbered from `firstHub`).
    static func sharingHubs(_ states: [[Transition]], firstHub: Int, keepingApart: Set<Int> = []) -> (states: [[Transition]], hubs: [[Transition]]) {
        var holders: [Transition: [Int]] = [:]
        for (s, transitions) in states.enumerated() {
            for t in transitions {
                if let word = t.label, !keepingApart.contains(word) { holders[t, default: []].append(s) }
            }
        }
        // Transitions held by exactly the same states form one group.
        var groups: [[Int]: [Transition]] = [:]
        for (t, owners) in holders where owners.count > 1 { groups[owners, default: []].append(t) }
        var own = states.map { Set($0) }
        var hubs: [[Transition]] = []
        for (owners, shared) in groups.sorted(by: { $0.key.lexicographicallyPrecedes($1.key) })
        where owners.count * shared.count > owners.count + shared.count {  // fewer transitions with a hub
            let hub = firstHub + hubs.count
            hubs.append(shared.sorted { ($0.label ?? -1, $0.to) < ($1.label ?? -1, $1.to) })
            for s in owners {
                own[s].subtract(shared)
                own[s].insert(Transition(label: nil, to: hub, probability: "1"))
            }
        }
        let sortedOwn = own.map { $0.sorted { ($0.label ?? -1, $0.to) < ($1.label ?? -1, $1.to) } }
        return (sortedOwn, hubs)
    }

    /// The minimal DFA of the grammar as weighted transitions, one list per state, plus the one
    /// final state every accepting state reaches by a null transition. Every command arc has
    /// probability 1: every sentence of the grammar is equally likely, however many words could
    /// have come instead (shared probabilities made "start a thirty minute outdoor run" lose to
    /// shorter sentences through few-choice states). Filler arcs get the filler weight, a penalty
    /// per filler word.
    mutating func weightedTransitions() -> (start: Int, final: Int, states: [[Transition]]) {
        let t0 = ContinuousClock.now
        let n = nfa()
        let t1 = ContinuousClock.now
        let d0 = Self.determinize(n, starts: [n.start])
        let t2 = ContinuousClock.now
        let d = Self.minimize(d0)
        let final = d.arcs.count
        var transitions: [[Transition]] = []
        for (from, arcs) in d.arcs.enumerated() {
            var weights: [(Int?, Int, Double)] = arcs.sorted { $0.key < $1.key }.map { (label, to) in
                (label, to, grammar.fillerWords.contains(words[label]) ? grammar.fillerWeight
                    : grammar.skipWords.contains(words[label]) ? grammar.skipWeight : grammar.wordPriors[words[label]] ?? 1)
            }
            if d.accepting.contains(from) { weights.append((nil, final, 1)) }
            // Branching penalty: each arc gets outdegree^-alpha (alpha 1 = JSGF's even split).
            let branching = pow(Double(max(1, weights.count)), -grammar.branchingPenalty)
            transitions.append(weights.map { Transition(label: $0.0, to: $0.1, probability: String(format: "%.6g", min(1, $0.2 * branching))) })
        }
        transitions.append([])  // the final state
        if ProcessInfo.processInfo.environment["COACH_VOICE_TIMING"] != nil {
            FileHandle.standardError.write(Data("nfa \(n.arcs.count) states \(t1 - t0); dfa \(d0.arcs.count) states \(d0.arcCount) arcs \(t2 - t1); minimal \(final) states \(d.arcCount) arcs \(ContinuousClock.now - t2)\n".utf8))
        }
        return (d.start, final, transitions)
    }

    /// pocketsphinx's FSG file: the weighted minimal DFA with shared transitions in hubs.
    mutating func fsg() -> (text: String, states: Int, arcs: Int) {
        let (start, final, transitions) = weightedTransitions()
        // The garbage loop stays out of hubs: in a hub it refused fewer non-commands (13 → 20 of
        // 45 acting in VoiceListenTests' noisy set; kept apart, 13–14), for a saving of only ~660 transitions.
        let loopWords = Set(words.indices.filter { grammar.fillerWords.contains(words[$0]) })
        let (own, hubs) = Self.sharingHubs(transitions, firstHub: transitions.count, keepingApart: loopWords)
        let all = own + hubs
        let count = all.reduce(0) { $0 + $1.count }
        if ProcessInfo.processInfo.environment["COACH_VOICE_TIMING"] != nil {
            FileHandle.standardError.write(Data("with \(hubs.count) hubs: \(count) transitions\n".utf8))
        }
        var lines = ["FSG_BEGIN coach", "NUM_STATES \(all.count)", "START_STATE \(start)", "FINAL_STATE \(final)"]
        for (from, list) in all.enumerated() {
            for t in list {
                lines.append("TRANSITION \(from) \(t.to) \(t.probability)" + (t.label.map { " " + words[$0] } ?? ""))
            }
        }
        lines.append("FSG_END")
        return (lines.joined(separator: "\n") + "\n", all.count, count)
    }
}

extension SpeechGrammar {
    /// The grammar as a minimal finite-state grammar in pocketsphinx's FSG file format.
    public func finiteStateGrammar() -> (text: String, states: Int, arcs: Int) {
        var compiler = FSGCompiler(self)
        return compiler.fsg()
    }
}
