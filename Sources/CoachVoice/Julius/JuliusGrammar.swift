// JuliusGrammar: Coach's FSG (SpeechGrammar → FSGCompiler, the one the other engines search) as
// Julius's grammar: a .dfa automaton over word categories and a .dict of each category's words in
// Julius's phones. Julius follows one arc per category and state (mkdfa.pl determinises), so the
// FSG's null arcs are folded and the automaton is made deterministic by subset construction, with
// silB/silE around it; one category per word. The .dfa is the automaton reversed (Julius's second
// pass reads right to left); .dfa.forward is it as it is, for the first pass. Measured against
// keeping the FSG's own states: without determinising, Julius ended on short wrong paths
// (Benchmarks/voice/ja-julius.py, docs/voice.md "Japanese by voice").

import Foundation

struct JuliusGrammar: Sendable {
    /// The reversed automaton (`prefix.dfa`).
    let dfa: String
    /// The automaton read forward (`prefix.dfa.forward`).
    let forwardDFA: String
    /// `category [output] phones` lines (`prefix.dict`).
    let dictionary: String
    let wordCount: Int

    /// Marks the free loop's words in what Julius prints (`%ka`), so they are never taken for a
    /// grammar word.
    static let loopMark = "%"

    /// The grammar of `fsg` (FSG text); `phones` gives each word's readings in Julius's phones
    /// (nil: unreadable — its arcs are left out). With `cache` (a directory), the automata are kept
    /// there named by a hash of the FSG and the dictionary: only the first start after Intents/ or
    /// a reading changed pays for the subset construction (~2–3 s in a debug build on a busy machine).
    init(fsg: String, phones: (String) -> [String]?, cache: String? = nil) {
        let parsed = FSGText(fsg)
        var readings: [String: [String]] = [:]
        for word in Set(parsed.arcs.map(\.word)) {
            if let read = phones(word), !read.isEmpty { readings[word] = read }
        }
        // Every arc leaves its own state, so the folded arcs carry exactly the readable arcs' words.
        let words = readings.keys.sorted()
        let category = Dictionary(uniqueKeysWithValues: words.enumerated().map { ($1, $0 + 2) })  // 0 silB, 1 silE
        var lines = ["0 [<s>] silB", "1 [</s>] silE"]
        for word in words {
            for reading in readings[word]! { lines.append("\(category[word]!) [\(word)] \(reading)") }
        }
        let dictionary = lines.joined(separator: "\n") + "\n"
        self.dictionary = dictionary
        wordCount = words.count
        let key = FSGCache.hash(fsg + "\n" + dictionary + "\njulius-dfa 1")
        let path = cache.map { $0 + "/julius-" + key }
        if let path, let reversed = try? String(contentsOfFile: path + ".dfa", encoding: .utf8),
           let forward = try? String(contentsOfFile: path + ".dfa.forward", encoding: .utf8), !reversed.isEmpty, !forward.isEmpty {
            dfa = reversed
            forwardDFA = forward
            return
        }
        let folded = parsed.folded().filter { readings[$0.word] != nil }
        let start = -1, accept = -2
        var nfa = [(from: start, category: 0, to: parsed.start)]
        nfa += folded.map { (from: $0.from, category: category[$0.word]!, to: $0.to) }
        nfa += parsed.finals().map { (from: $0, category: 1, to: accept) }
        dfa = Self.deterministic(nfa.map { (from: $0.to, category: $0.category, to: $0.from) }, initial: accept, accepting: start)
        forwardDFA = Self.deterministic(nfa, initial: start, accepting: accept)
        if let path, let cache {  // a cache that cannot be written only costs time on the next start
            try? FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
            for (suffix, text) in [(".dfa.forward", forwardDFA), (".dfa", dfa)] {
                let temp = path + suffix + ".\(getpid()).tmp"
                guard (try? text.write(toFile: temp, atomically: false, encoding: .utf8)) != nil else { continue }
                if rename(temp, path + suffix) != 0 { try? FileManager.default.removeItem(atPath: temp) }
            }
        }
    }

    private init(dfa: String, forwardDFA: String, dictionary: String, wordCount: Int) {
        self.dfa = dfa
        self.forwardDFA = forwardDFA
        self.dictionary = dictionary
        self.wordCount = wordCount
    }

    /// Any run of Japanese syllables: what was heard as well as the model can say it, whose score
    /// beside the command grammar's is the margin that refuses a non-command (JuliusDecoder).
    static func syllableLoop(rich: Bool = false) -> JuliusGrammar {
        // silE ← syllable ← (syllable)* ← silB, reversed; the forward one mirrors it.
        let reversed = "0 1 1 0 1\n1 2 2 0 0\n2 2 2 0 0\n2 0 3 0 0\n3 -1 -1 1 0\n"
        let forward = "0 0 1 0 1\n1 2 2 0 0\n2 2 2 0 0\n2 1 3 0 0\n3 -1 -1 1 0\n"
        let syllables = rich ? JuliusPhones.richSyllables : JuliusPhones.syllables
        let lines = ["0 [<s>] silB", "1 [</s>] silE"] + syllables.map { "2 [\(loopMark)\($0.replacingOccurrences(of: " ", with: ""))] \($0)" }
        return JuliusGrammar(dfa: reversed, forwardDFA: forward, dictionary: lines.joined(separator: "\n") + "\n",
                             wordCount: syllables.count)
    }

    /// Writes `prefix.dfa`, `prefix.dfa.forward` and `prefix.dict` (Julius's `-gram prefix`).
    func write(to prefix: String) throws {
        try dfa.write(toFile: prefix + ".dfa", atomically: false, encoding: .utf8)
        try forwardDFA.write(toFile: prefix + ".dfa.forward", atomically: false, encoding: .utf8)
        try dictionary.write(toFile: prefix + ".dict", atomically: false, encoding: .utf8)
    }

    /// Subset construction from `initial`; lines `state category next 0 isInitial` and
    /// `state -1 -1 1 0` for the accepting subsets (Julius's .dfa format).
    static func deterministic(_ arcs: [(from: Int, category: Int, to: Int)], initial: Int, accepting: Int) -> String {
        var out: [Int: [Int: Set<Int>]] = [:]
        for arc in arcs { out[arc.from, default: [:]][arc.category, default: []].insert(arc.to) }
        let first: Set<Int> = [initial]
        var number: [Set<Int>: Int] = [first: 0]
        var todo = [first]
        var lines: [String] = []
        while let subset = todo.popLast() {
            var moves: [Int: Set<Int>] = [:]
            for state in subset {
                for (category, targets) in out[state] ?? [:] { moves[category, default: []].formUnion(targets) }
            }
            let from = number[subset]!
            for (category, targets) in moves.sorted(by: { $0.key < $1.key }) {
                let to: Int
                if let known = number[targets] { to = known } else {
                    to = number.count
                    number[targets] = to
                    todo.append(targets)
                }
                lines.append("\(from) \(category) \(to) 0 \(from == 0 ? 1 : 0)")
            }
        }
        for (subset, n) in number.sorted(by: { $0.value < $1.value }) where subset.contains(accepting) {
            lines.append("\(n) -1 -1 1 0")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// An FSG file's text read back: start, final, word arcs and null arcs.
struct FSGText {
    var start = 0
    var final = 0
    var arcs: [(from: Int, to: Int, word: String)] = []
    var nulls: [Int: [Int]] = [:]

    init(_ text: String) {
        for line in text.split(separator: "\n") {
            let f = line.split(separator: " ")
            guard let head = f.first else { continue }
            switch head {
            case "START_STATE": start = f.count > 1 ? Int(f[1]) ?? 0 : 0
            case "FINAL_STATE": final = f.count > 1 ? Int(f[1]) ?? 0 : 0
            case "TRANSITION" where f.count >= 5: arcs.append((from: Int(f[1]) ?? 0, to: Int(f[2]) ?? 0, word: String(f[4])))
            case "TRANSITION" where f.count >= 3: nulls[Int(f[1]) ?? 0, default: []].append(Int(f[2]) ?? 0)
            default: continue
            }
        }
    }

    /// The states `state` reaches by null arcs (itself included).
    func closure(_ state: Int) -> Set<Int> {
        var seen: Set<Int> = [state], todo = [state]
        while let s = todo.popLast() {
            for t in nulls[s] ?? [] where !seen.contains(t) {
                seen.insert(t)
                todo.append(t)
            }
        }
        return seen
    }

    var states: Set<Int> { Set(arcs.flatMap { [$0.from, $0.to] }).union([start, final]) }

    /// Word arcs with the null arcs folded in: from every state, every word arc its closure leaves by.
    func folded() -> [(from: Int, to: Int, word: String)] {
        var byFrom: [Int: [(from: Int, to: Int, word: String)]] = [:]
        for arc in arcs { byFrom[arc.from, default: []].append(arc) }
        var seen = Set<String>()
        var out: [(from: Int, to: Int, word: String)] = []
        for s in states.sorted() {
            for t in closure(s) {
                for arc in byFrom[t] ?? [] where seen.insert("\(s) \(arc.to) \(arc.word)").inserted {
                    out.append((from: s, to: arc.to, word: arc.word))
                }
            }
        }
        return out
    }

    /// The states the final state is reached from by null arcs alone.
    func finals() -> [Int] { states.filter { closure($0).contains(final) }.sorted() }
}
