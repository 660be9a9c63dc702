// PhoneGraph: Coach's word grammar (the minimal FSG that FSGCompiler writes for pocketsphinx) as a
// graph of phones for CTCSearch. Each grammar state's outgoing words become one prefix tree of
// their pronunciations, so "start", "stop" and "stair climbing" share their "S T"; a tree node that
// completes a word says which word and which state it leads to. Trees are built the first time a
// search reaches their state: the whole grammar has ~40k word arcs, one utterance visits a few
// hundred states, and building only those keeps the decoder ready in milliseconds.
//
// Node 0 is the start: a blank whose children are the start state's tree.

import Foundation

final class PhoneGraph {  // one search at a time: trees are added as the search goes
    struct WordEnd {
        let word: Int32
        let next: Int32
        let logProbability: Float
    }

    /// The grammar's words (FSG labels, as the dictionary spells them).
    private(set) var words: [String] = []
    private var wordArcs: [[(word: Int32, to: Int32, logProbability: Float)]] = []
    private var nullArcs: [[(to: Int32, logProbability: Float)]] = []
    private let start: Int32
    private let final: Int32
    private let pronunciations: [[[Int]]]  // by word id

    // Nodes: phone (score column), children, words ending here.
    private(set) var phone: [Int32] = [0]
    private(set) var children: [[Int32]] = [[]]
    private(set) var ends: [[WordEnd]] = [[]]
    /// Per grammar state, the roots of its tree (nil: not built yet).
    private var roots: [[Int32]?]
    private var finalCache: [Bool?]
    private var startBuilt = false

    /// `fsg`: pocketsphinx FSG text; `pronunciations`: word → its phone sequences (PhoneSet indices).
    /// Words without a pronunciation are left out (their arcs never match).
    init(fsg: String, pronunciations: [String: [[Int]]]) throws(PhoneticModelError) {
        var wordId: [Substring: Int32] = [:]
        var words: [String] = []
        var count = 0, start: Int32 = 0, final: Int32 = 0
        var arcs: [[(word: Int32, to: Int32, logProbability: Float)]] = []
        var nulls: [[(to: Int32, logProbability: Float)]] = []
        var logOf: [Substring: Float] = [:]  // a grammar writes a handful of probabilities, 40 000 times
        // Read field by field over the UTF-8 view: the whole grammar is ~40 000 lines, and String's
        // split cost 70 ms of the decoder's start (perf, release build); this costs ~10.
        for line in fsg.split(separator: "\n", omittingEmptySubsequences: true) {
            var fields: [Substring] = []
            fields.reserveCapacity(5)
            var i = line.startIndex
            while i < line.endIndex {
                while i < line.endIndex, line[i] == " " { i = line.index(after: i) }
                var j = i
                while j < line.endIndex, line[j] != " " { j = line.index(after: j) }
                if i < j { fields.append(line[i..<j]) }
                i = j
            }
            guard let kind = fields.first else { continue }
            switch kind {
            case "NUM_STATES":
                count = fields.count > 1 ? Int(fields[1]) ?? 0 : 0
                arcs = Array(repeating: [], count: count)
                nulls = Array(repeating: [], count: count)
            case "START_STATE": start = fields.count > 1 ? Int32(fields[1]) ?? 0 : 0
            case "FINAL_STATE": final = fields.count > 1 ? Int32(fields[1]) ?? 0 : 0
            case "TRANSITION":
                guard fields.count >= 4, let from = Int(fields[1]), let to = Int32(fields[2]), from >= 0, from < count, to >= 0, Int(to) < count else {
                    throw PhoneticModelError(description: "a malformed grammar line: \(line)")
                }
                let lp: Float
                if let known = logOf[fields[3]] { lp = known } else {
                    guard let p = Double(fields[3]) else { throw PhoneticModelError(description: "a malformed grammar line: \(line)") }
                    lp = Float(log(max(p, 1e-30)))
                    logOf[fields[3]] = lp
                }
                if fields.count >= 5 {
                    let w = fields[4]
                    let id = wordId[w] ?? { let id = Int32(words.count); wordId[w] = id; words.append(String(w)); return id }()
                    arcs[from].append((id, to, lp))
                } else {
                    nulls[from].append((to, lp))
                }
            default: continue
            }
        }
        guard count > 0 else { throw PhoneticModelError(description: "the grammar has no states") }
        self.words = words
        wordArcs = arcs
        nullArcs = nulls
        self.start = start
        self.final = final
        self.pronunciations = words.map { pronunciations[$0] ?? [] }
        roots = Array(repeating: nil, count: count)
        finalCache = Array(repeating: nil, count: count)
    }

    var nodeCount: Int { phone.count }

    /// The grammar's words with no pronunciation in the phone set: their arcs can never be heard.
    var wordsWithoutPronunciation: [String] {
        zip(words, pronunciations).filter { $0.1.allSatisfy(\.isEmpty) }.map(\.0).sorted()
    }

    /// Whether `sentence` (the grammar's words) is a path from the start to the end of the
    /// grammar along words that can be heard.
    func accepts(_ sentence: [String]) -> Bool {
        var states: Set<Int32> = [start]
        for word in sentence {
            guard let id = words.firstIndex(of: word).map(Int32.init), pronunciations[Int(id)].contains(where: { !$0.isEmpty }) else { return false }
            var next = Set<Int32>()
            for s in states {
                for (c, _) in closure(s) { for arc in wordArcs[Int(c)] where arc.word == id { next.insert(arc.to) } }
            }
            if next.isEmpty { return false }
            states = next
        }
        return states.contains { isFinal($0) }
    }
    var stateCount: Int { roots.count }

    /// The children of `node`, building the start state's tree on first use.
    func childrenOf(_ node: Int32) -> [Int32] {
        if node == 0 && !startBuilt {
            startBuilt = true
            children[0] = rootsOf(start)
        }
        return children[Int(node)]
    }

    /// The roots of `state`'s tree (built now if it was not).
    func rootsOf(_ state: Int32) -> [Int32] {
        if let built = roots[Int(state)] { return built }
        var rootList: [Int32] = []
        for (state, lp) in closure(state) {
            for arc in wordArcs[Int(state)] {
                for phones in pronunciations[Int(arc.word)] where !phones.isEmpty {
                    var node: Int32 = -1
                    for (i, p) in phones.enumerated() {
                        let siblings = node < 0 ? rootList : children[Int(node)]
                        if let existing = siblings.first(where: { phone[Int($0)] == Int32(p) }) {
                            node = existing
                        } else {
                            let new = Int32(phone.count)
                            phone.append(Int32(p))
                            children.append([])
                            ends.append([])
                            if node < 0 { rootList.append(new) } else { children[Int(node)].append(new) }
                            node = new
                        }
                        if i == phones.count - 1 {
                            ends[Int(node)].append(WordEnd(word: arc.word, next: arc.to, logProbability: lp + arc.logProbability))
                        }
                    }
                }
            }
        }
        roots[Int(state)] = rootList
        return rootList
    }

    /// Every way the grammar can go on from `state` to its end, as words (closing skip phrases left
    /// out), or nil when there are more than `limit` of them or one is longer than
    /// `longest` words: then what may follow is too open to judge (VoiceRecognizer+Ahead).
    func continuations(after state: Int32, longest: Int = 4, limit: Int = 2_000) -> [[String]]? {
        var done: [[String]] = []
        var frontier: [(state: Int32, words: [String])] = [(state, [])]
        while let (s, said) = frontier.popLast() {
            if isFinal(s) { done.append(said) }
            var next: [(Int32, [String])] = []
            for c in closure(s) {
                // A closing skip phrase ("… please", "… for me": its first word marked) changes no
                // command; the text recogniser drops it.
                for arc in wordArcs[Int(c.state)] where !pronunciations[Int(arc.word)].allSatisfy(\.isEmpty)
                    && !words[Int(arc.word)].hasPrefix(SpeechGrammar.skipMark) {
                    next.append((arc.to, said + [words[Int(arc.word)]]))
                }
            }
            if !next.isEmpty && said.count == longest { return nil }
            frontier += next
            if done.count + frontier.count > limit { return nil }
        }
        return done
    }

    /// Whether the grammar may end in `state` (the final state is reached by null transitions).
    func isFinal(_ state: Int32) -> Bool {
        if let known = finalCache[Int(state)] { return known }
        let answer = closure(state).contains { $0.state == final }
        finalCache[Int(state)] = answer
        return answer
    }

    /// `state` and every state its null transitions reach, each with the best log-probability.
    private func closure(_ state: Int32) -> [(state: Int32, logProbability: Float)] {
        var best: [Int32: Float] = [state: 0]
        var todo = [state]
        while let s = todo.popLast() {
            for arc in nullArcs[Int(s)] {
                let lp = best[s]! + arc.logProbability
                if lp > best[arc.to] ?? -.infinity {
                    best[arc.to] = lp
                    todo.append(arc.to)
                }
            }
        }
        return best.map { (state: $0.key, logProbability: $0.value) }.sorted { $0.state < $1.state }
    }
}
