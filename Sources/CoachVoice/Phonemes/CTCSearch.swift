// CTCSearch: the best path of the grammar's phone graph through one utterance's phone scores —
// Viterbi token passing under CTC's rules: each phone repeats for as many frames as it lasts, a
// blank may come between any two phones and must come between two equal ones, and the utterance
// may start and end in blank (silence). A token is a place in the graph (a node's phone, or the
// blank after it) with its score and the words behind it. A beam and a cap on live tokens keep the
// search to the few hundred places that could still win.
//
// Beside it, the free phone loop: every frame's best column, the score of the best path that obeys
// no grammar at all. The grammar path can only be worse; how much worse per frame of speech is the
// margin Coach refuses non-commands by (PhonemeDecoder).

import Foundation

struct CTCSearch {
    struct Options: Sendable {
        /// Tokens more than this (log-probability) below the frame's best are dropped.
        var beam: Float = 18
        /// At most this many live tokens per frame.
        var maxTokens = 4_000
        /// Added at every word (negative: fewer, longer words).
        var wordPenalty: Float = 0
    }

    struct Result {
        /// The words of the best complete path (nil: no path reached the end of the grammar).
        let words: [String]?
        /// Its log-probability (acoustic + the grammar's weights).
        let score: Float
        /// The free phone loop's: the best any path could have.
        let freeScore: Float
        let frames: Int
        /// Frames whose best column is a phone, not the blank: how long the speech was.
        let speechFrames: Int
        /// The grammar state the best path ends in (what may follow it: PhoneGraph.continuations).
        var endState: Int32? = nil
    }

    let graph: PhoneGraph
    let width: Int
    var options = Options()

    init(graph: PhoneGraph, width: Int, options: Options = Options()) {
        self.graph = graph
        self.width = width
        self.options = options
    }

    /// Searches `scores` (frames × width, column 0 the blank).
    func run(_ scores: [Float]) -> Result {
        let frames = scores.count / width
        var free: Float = 0
        var speech = 0
        for t in 0..<frames {
            var best = -Float.infinity, arg = 0
            for c in 0..<width where scores[t * width + c] > best { best = scores[t * width + c]; arg = c }
            free += best
            if arg != 0 { speech += 1 }
        }
        var tokens = Tokens()
        tokens.current.set(key: 1, score: 0, history: -1, pending: -1)  // node 0's blank: the start
        var histories = Histories()
        for t in 0..<frames {
            let row = t * width
            tokens.next.reset(capacity: graph.nodeCount * 2)
            for i in tokens.current.keys.indices {
                let key = tokens.current.keys[i]
                let (score, history, pending) = tokens.current.token(key)
                let node = key >> 1, blank = key & 1 == 1
                let myPhone = graph.phone[Int(node)]
                // Stay: the same phone again, or more blank.
                tokens.next.relax(key: key, score: score + scores[row + (blank ? 0 : Int(myPhone))], history: history, pending: pending)
                if !blank { tokens.next.relax(key: key | 1, score: score + scores[row], history: history, pending: pending) }
                for child in graph.childrenOf(node) {
                    let p = graph.phone[Int(child)]
                    if blank || p != myPhone {
                        tokens.next.relax(key: child << 1, score: score + scores[row + Int(p)], history: history, pending: pending)
                    }
                }
                let ends = graph.ends[Int(node)]
                if ends.isEmpty { continue }
                // Into the next word: the word just finished becomes pending, the one before it history.
                var crossed: Int32?
                for end in ends {
                    let base = score + end.logProbability + options.wordPenalty
                    for root in graph.rootsOf(end.next) {
                        let p = graph.phone[Int(root)]
                        guard blank || p != myPhone else { continue }
                        let s = base + scores[row + Int(p)]
                        guard tokens.next.improves(key: root << 1, score: s) else { continue }
                        let h = crossed ?? histories.add(word: pending, before: history)
                        crossed = h
                        tokens.next.relax(key: root << 1, score: s, history: h, pending: end.word)
                    }
                }
            }
            tokens.next.prune(beam: options.beam, maxTokens: options.maxTokens)
            swap(&tokens.current, &tokens.next)
        }
        // The best token that can end here: its node completes a word into a final state.
        var best: (score: Float, history: Int32, pending: Int32, word: Int32, state: Int32)?
        for key in tokens.current.keys {
            let (score, history, pending) = tokens.current.token(key)
            for end in graph.ends[Int(key >> 1)] where graph.isFinal(end.next) {
                let s = score + end.logProbability + options.wordPenalty
                if s > best?.score ?? -.infinity { best = (s, history, pending, end.word, end.next) }
            }
        }
        guard let best else { return Result(words: nil, score: -.infinity, freeScore: free, frames: frames, speechFrames: speech) }
        let ids = histories.words(history: best.history) + [best.pending, best.word].filter { $0 >= 0 }
        var result = Result(words: ids.map { graph.words[Int($0)] }, score: best.score, freeScore: free, frames: frames, speechFrames: speech)
        result.endState = best.state
        return result
    }
}

/// The live tokens of two frames: this one's and the next's.
private struct Tokens {
    var current = TokenSet()
    var next = TokenSet()
}

/// Tokens keyed by graph place (node × 2 + blank), kept in flat arrays stamped per frame so a
/// frame starts without clearing them.
private struct TokenSet {
    private(set) var keys: [Int32] = []
    private var score: [Float] = []
    private var history: [Int32] = []
    private var pending: [Int32] = []
    private var stamp: [UInt32] = []
    private var generation: UInt32 = 1

    /// Starts a frame with no tokens, room for `capacity` places.
    mutating func reset(capacity: Int) {
        grow(to: capacity)
        generation &+= 1
        if generation == 0 { generation = 1 }  // 0 marks a place never used
        keys.removeAll(keepingCapacity: true)
    }

    /// Room for more places (the graph grows as the search builds trees).
    private mutating func grow(to capacity: Int) {
        guard stamp.count < capacity else { return }
        let more = capacity - stamp.count + 4_096
        score += Array(repeating: 0, count: more)
        history += Array(repeating: 0, count: more)
        pending += Array(repeating: 0, count: more)
        stamp += Array(repeating: 0, count: more)
    }

    mutating func set(key: Int32, score s: Float, history h: Int32, pending p: Int32) {
        reset(capacity: Int(key) + 1)
        relax(key: key, score: s, history: h, pending: p)
    }

    func token(_ key: Int32) -> (Float, Int32, Int32) {
        let k = Int(key)
        return (score[k], history[k], pending[k])
    }

    func improves(key: Int32, score s: Float) -> Bool {
        let k = Int(key)
        return k >= stamp.count || stamp[k] != generation || s > score[k]
    }

    mutating func relax(key: Int32, score s: Float, history h: Int32, pending p: Int32) {
        let k = Int(key)
        grow(to: k + 1)
        if stamp[k] == generation {
            guard s > score[k] else { return }
        } else {
            stamp[k] = generation
            keys.append(key)
        }
        score[k] = s
        history[k] = h
        pending[k] = p
    }

    /// Drops tokens below best − beam, then all but the best `maxTokens`.
    mutating func prune(beam: Float, maxTokens: Int) {
        var best = -Float.infinity
        for key in keys { best = max(best, score[Int(key)]) }
        guard !keys.isEmpty else { return }
        var floor = best - beam
        if keys.count > maxTokens {
            var values = keys.map { score[Int($0)] }
            values.sort(by: >)
            floor = max(floor, values[maxTokens - 1])
        }
        let scores = score
        keys.removeAll { scores[Int($0)] < floor }
    }
}

/// Word histories shared by tokens: each entry is a word and the entry before it.
private struct Histories {
    private var word: [Int32] = []
    private var before: [Int32] = []

    /// A history of `word` after `history` (`word` < 0: `history` itself).
    mutating func add(word w: Int32, before h: Int32) -> Int32 {
        guard w >= 0 else { return h }
        word.append(w)
        before.append(h)
        return Int32(word.count - 1)
    }

    func words(history: Int32) -> [Int32] {
        var out: [Int32] = []
        var h = history
        while h >= 0 {
            out.append(word[Int(h)])
            h = before[Int(h)]
        }
        return out.reversed()
    }
}
