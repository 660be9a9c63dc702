// SpeechGrammar: the JSGF grammar for pocketsphinx, generated from one language's sentence
// templates (SentenceSource: Intents/<lang> plus the user's files) — never written by hand. Every
// template, expansion rule and list becomes a JSGF rule; number ranges become number-word rules;
// what cannot be spoken (digits, wildcards) is left out. Text that templates glue together without a
// space ("how('s| is)", "half[-| ]marathon") is joined before it is cut into words.
//
// Out of the grammar come its words (for the pronunciation dictionary) with the first template
// each comes from, so a word the dictionary lacks can be reported by name and template.

import CoachLanguage
import CoachWire
import Foundation

public struct SpeechGrammar: Sendable {
    public let jsgf: String
    /// The rules as expressions (for the FSG compiler) and the top expression.
    let bodies: [String: GrammarExpression]
    let utterance: GrammarExpression
    let fillerWeight: Double
    /// Probability of saying a skip phrase ("please", "can you", "let's") around a command.
    let skipWeight: Double
    /// Each FSG arc's probability is (arcs leaving its state)^-branchingPenalty.
    let branchingPenalty: Double

    /// Every word the grammar can produce → the first template (or list/rule) it comes from.
    public let words: [String: String]
    /// The garbage loop's tokens: every everyday and command word, marked (`fillerMark`).
    public let fillerWords: Set<String>
    /// The first word of each skip phrase, marked (`skipMark`): its arc carries `skipWeight`.
    public let skipWords: Set<String>
    /// The wake phrase's words ("hey coach"), when the grammar has one.
    public let wakeWords: String?
    /// A word's weight against the usual 1, for words people seldom mean (`priors:` in
    /// `_voice.yaml`: "row" as an activity is rare, and a voice that swallows "run"'s n says it).
    public var wordPriors: [String: Double] = [:]

    /// Grammar rule names for intents are `i_<Intent>`; the public rule is `<utterance>`.
    public static let grammarName = "coach"

    /// `filler`: words of a garbage loop that competes with the commands (refusing what is not
    /// one, docs/voice.md); `fillerWeight` is its share against the commands' 1.
    /// `writtenOnly`: words that are written but not said ("km", "mins"): branches holding them
    /// are left out (the spoken form, "kilometers", is in the same list).
    /// `skipWeight`: the cost of a skip phrase before or after a command (1: free).
    /// `only`: the intents that can be heard (nil: all; VoiceStates), `answers`: phrases heard as
    /// answers to a question ("yes", "no thanks"; StateGrammars).
    public init(source: SentenceSource, filler: [String] = [], fillerWeight: Double = 1, skipWeight: Double = 1,
                branchingPenalty: Double = 0, writtenOnly: Set<String> = [], wakePhrase: String? = nil,
                only: Set<String>? = nil, answers: [String] = []) {
        self.branchingPenalty = branchingPenalty
        self.skipWeight = skipWeight
        var builder = Builder(source: source)
        builder.writtenOnly = writtenOnly
        var lines = ["#JSGF V1.0;", "grammar \(Self.grammarName);", ""]
        var intentRefs: [GrammarExpression] = []
        for intent in source.intents where only?.contains(intent.name) ?? true {
            var branches: [GrammarExpression] = []
            for sentence in intent.sentences {
                builder.origin = "\(intent.name): \"\(sentence.template)\""
                builder.local = (sentence.localLists, sentence.localRules)
                if !sentence.localLists.isEmpty || !sentence.localRules.isEmpty { builder.localCounter += 1 }
                let g = builder.convert(sentence.node)
                if !g.isVoid { branches.append(g) }
            }
            builder.local = ([:], [:])
            guard !branches.isEmpty else { continue }
            let name = "i_" + Builder.sanitize(intent.name)
            builder.bodies[name] = .alternative(branches, optional: false)
            builder.rules.append("<\(name)> = " + branches.map(\.jsgf).joined(separator: "\n    | ") + ";")
            intentRefs.append(.ref(name))
        }
        builder.origin = "answers"
        let answerBranches = answers.map { builder.words(of: $0) }.filter { if case .words = $0 { return true } else { return false } }
        if !answerBranches.isEmpty {
            builder.bodies["i_answer"] = .alternative(answerBranches, optional: false)
            builder.rules.append("<i_answer> = " + answerBranches.map(\.jsgf).joined(separator: " | ") + ";")
            intentRefs.append(.ref("i_answer"))
        }
        builder.origin = "skip_words"
        // A skip phrase's first word is its own marked token ("^please"), so its arc can carry a
        // cost: without one, a few command words plus "let's … now" fitted any speech for free.
        let skips = Array(Set(source.skipWords)).sorted().compactMap { phrase -> GrammarExpression? in
            guard case .words(let ws) = builder.words(of: phrase), let first = ws.first else { return nil }
            let marked = Self.skipMark + first
            builder.note(marked)
            return .words([marked] + ws.dropFirst())
        }
        let skipWords = Set(skips.compactMap { if case .words(let ws) = $0 { return ws[0] } else { return nil } })
        var command = GrammarExpression.alternative(intentRefs, optional: false)
        if !skips.isEmpty {
            _ = builder.define("skip", .alternative(skips, optional: false))
            // One optional skip phrase before and after, not a loop: a loop of "please", "just",
            // "now", "can you" … soaked up any speech around a few command words.
            command = .sequence([.alternative([.ref("skip")], optional: true), command, .alternative([.ref("skip")], optional: true)])
        }
        var wakeWords: String?
        if let wakePhrase {
            // --wake: only what follows the wake phrase can be a command; the wake phrase may also
            // be said alone, and the command after a pause (WakeWindow: "hey coach" … "pause").
            builder.origin = "the wake phrase"
            let wake = builder.words(of: wakePhrase)
            if case .words(let ws) = wake {
                command = .sequence([wake, .alternative([command], optional: true)])
                wakeWords = ws.joined(separator: " ")
            }
        }
        self.wakeWords = wakeWords
        _ = builder.define("command", command)
        lines += builder.rules
        // The garbage loop holds the everyday words and every command word, each as its own
        // marked token ("~the"): speech that is not a command is mostly made of command words
        // ("what's the …", "set a timer for ten minutes"); without them in the loop, the command
        // path was the only one that fit it (118 of 180 non-commands acted, against 50 with them).
        let everyday = filler.flatMap { builder.tokens($0) }.filter { !$0.contains(where: \.isNumber) }
        let fillerWords = filler.isEmpty ? [] : Set(everyday).union(builder.wordOrigins.keys.map { String(Self.unmarked(word: Substring($0))) })
            .map { Self.fillerMark + $0 }
        builder.origin = "filler"
        for w in fillerWords { builder.note(w) }
        if fillerWords.isEmpty {
            lines.append("public <utterance> = <command>;")
            self.utterance = .ref("command")
        } else {
            let filler = GrammarExpression.alternative(Array(Set(fillerWords)).sorted().map { .words([$0]) }, optional: false)
            builder.bodies["filler"] = filler
            lines.append("<filler> = \(filler.jsgf);")
            lines.append("public <utterance> = /1/ <command> | /\(fillerWeight)/ <filler>+;")
            self.utterance = .alternative([.ref("command"), .repeat(.ref("filler"), atLeastOnce: true)], optional: false)
        }
        self.jsgf = lines.joined(separator: "\n") + "\n"
        self.bodies = builder.bodies
        self.fillerWeight = fillerWeight
        self.words = builder.wordOrigins
        self.fillerWords = Set(fillerWords)
        self.skipWords = skipWords
    }

    /// A garbage-loop token is its word with this mark ("~the"; same pronunciation), so the loop
    /// can hold command words and still be told apart from a command in a hypothesis.
    public static let fillerMark = "~"

    /// True when a hypothesis went through the garbage loop (it holds a marked token).
    public static func isFiller(_ hypothesis: String) -> Bool {
        hypothesis.split(separator: " ").contains { $0.hasPrefix(fillerMark) }
    }

    /// A skip phrase's first word ("^please"; same pronunciation).
    public static let skipMark = "^"

    /// A word without its mark, if it has one.
    public static func unmarked(word: Substring) -> Substring {
        word.hasPrefix(fillerMark) ? word.dropFirst(fillerMark.count) : word.hasPrefix(skipMark) ? word.dropFirst(skipMark.count) : word
    }

    /// A hypothesis as words, without the garbage loop's or skip phrases' marks.
    public static func unmarked(_ hypothesis: String) -> String {
        hypothesis.split(separator: " ").map { unmarked(word: $0) }.joined(separator: " ")
    }
}

/// A grammar expression on its way to JSGF text.
indirect enum GrammarExpression: Equatable, Sendable {
    case void  // cannot be spoken: drops the branch it is in
    case empty
    case words([String])
    case ref(String)
    case seq([GrammarExpression])
    case alt([GrammarExpression], optional: Bool)
    /// `x*` or `x+`.
    case `repeat`(GrammarExpression, atLeastOnce: Bool)

    var isVoid: Bool { if case .void = self { return true } else { return false } }

    var jsgf: String {
        switch self {
        case .void: return "<VOID>"
        case .empty: return "<NULL>"
        case .words(let w): return w.joined(separator: " ")
        case .ref(let r): return "<\(r)>"
        case .seq(let items): return items.map(\.jsgf).joined(separator: " ")
        case .alt(let items, let optional):
            let body = items.map(\.jsgf).joined(separator: " | ")
            return optional ? "[\(body)]" : "(\(body))"
        case .repeat(let inner, let plus):
            if case .ref = inner { return inner.jsgf + (plus ? "+" : "*") }
            return "(" + inner.jsgf + ")" + (plus ? "+" : "*")
        }
    }

    static func sequence(_ items: [GrammarExpression]) -> GrammarExpression {
        var out: [GrammarExpression] = []
        for i in items {
            switch i {
            case .void: return .void
            case .empty: continue
            case .seq(let inner): out += inner
            default: out.append(i)
            }
        }
        if out.isEmpty { return .empty }
        return out.count == 1 ? out[0] : .seq(out)
    }

    static func alternative(_ items: [GrammarExpression], optional: Bool) -> GrammarExpression {
        var seen: [String: Bool] = [:]
        var out: [GrammarExpression] = []
        var isOptional = optional
        for i in items {
            switch i {
            case .void: continue
            case .empty: isOptional = true
            default:
                if seen.updateValue(true, forKey: i.jsgf) == nil { out.append(i) }
            }
        }
        if out.isEmpty { return isOptional ? .empty : .void }
        if out.count == 1, !isOptional { return out[0] }
        return .alt(out, optional: isOptional)
    }
}

extension SpeechGrammar {
    struct Builder {
        let source: SentenceSource
        var rules: [String] = []
        var bodies: [String: GrammarExpression] = [:]
        var defined: [String: String] = [:]  // key (kind + name + scope) → JSGF rule name
        var local: ([String: SentenceSource.ListSource], [String: SentenceSource.Node]) = ([:], [:])
        var origin = ""
        var wordOrigins: [String: String] = [:]
        var writtenOnly: Set<String> = []
        var localCounter = 0

        init(source: SentenceSource) { self.source = source }

        static func sanitize(_ name: String) -> String {
            String(name.unicodeScalars.map { ($0.properties.isAlphabetic && $0.isASCII) || ("0"..."9").contains($0) ? Character($0) : "_" })
        }

        mutating func note(_ word: String) {
            if wordOrigins[word] == nil { wordOrigins[word] = origin }
        }

        /// Words of a piece of literal text: lower case, hyphens and slashes as spaces, other
        /// punctuation dropped (apostrophes kept: "i'm"); nil when a word holds a digit.
        func tokens(_ text: String) -> [String] {
            var words: [String] = []
            var current = ""
            for ch in text.lowercased() {
                if ch.isLetter || ch.isNumber || ch == "'" {
                    current.append(ch)
                } else if ch == " " || ch == "-" || ch == "/" || ch == "_" || ch == "\t" {
                    if !current.isEmpty { words.append(current); current = "" }
                }
            }
            if !current.isEmpty { words.append(current) }
            return words.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "'")) }.filter { !$0.isEmpty }
        }

        mutating func words(of text: String) -> GrammarExpression {
            let ws = tokens(text)
            if ws.contains(where: { $0.contains(where: Self.isWrittenDigit) || writtenOnly.contains($0) || isGluedLatin($0) }) { return .void }
            if ws.isEmpty && isUnsaidSymbol(text) { return .void }
            for w in ws { note(w) }
            return ws.isEmpty ? .empty : .words(ws)
        }

        mutating func convert(_ node: SentenceSource.Node) -> GrammarExpression {
            switch node {
            case .text(let t): return words(of: t)
            case .sequence(let items): return .sequence(glued(items).map { convert($0) })
            case .alternative(let items, let optional):
                return .alternative(items.map { convert($0) }, optional: optional)
            case .permutation(let items):
                let parts = items.map { convert($0) }
                guard parts.count <= 4 else { return .sequence(parts) }
                return .alternative(Self.permutations(parts).map { .sequence($0) }, optional: false)
            case .list(let name): return listRef(name, node: node)
            case .rule(let name): return ruleRef(name)
            }
        }

        static func permutations<T>(_ items: [T]) -> [[T]] {
            guard items.count > 1 else { return [items] }
            return items.indices.flatMap { i -> [[T]] in
                var rest = items
                let head = rest.remove(at: i)
                return permutations(rest).map { [head] + $0 }
            }
        }

        // MARK: gluing text that templates write without a space between parts

        /// Joins neighbours with no space between them when both are plain text (or small
        /// alternatives of plain text), e.g. "how" + "('s| is)" → "(how's|how is)".
        func glued(_ items: [SentenceSource.Node]) -> [SentenceSource.Node] {
            var out: [SentenceSource.Node] = []
            for item in items {
                if let last = out.last, let a = Self.texts(last), let b = Self.texts(item),
                   a.contains(where: { !($0.last?.isWhitespace ?? true) }),
                   b.contains(where: { !($0.first?.isWhitespace ?? true) }),
                   a.count * b.count <= 64 {
                    let joined = a.flatMap { x in b.map { x + $0 } }
                    out[out.count - 1] = .alternative(joined.map { .text($0) }, optional: false)
                } else {
                    out.append(item)
                }
            }
            return out
        }

        /// Every string a text-only node can produce (nil when it holds lists or rules).
        static func texts(_ node: SentenceSource.Node) -> [String]? {
            switch node {
            case .text(let t): return [t]
            case .alternative(let items, let optional):
                var out: [String] = []
                for i in items {
                    guard let t = texts(i) else { return nil }
                    out += t
                }
                if optional { out.append("") }
                return out.count <= 64 ? out : nil
            case .sequence(let items):
                var acc = [""]
                for i in items {
                    guard let t = texts(i) else { return nil }
                    acc = acc.flatMap { a in t.map { a + $0 } }
                    if acc.count > 64 { return nil }
                }
                return acc
            default: return nil
            }
        }

        // MARK: rules and lists

        mutating func ruleRef(_ name: String) -> GrammarExpression {
            let isLocal = local.1[name] != nil
            let key = (isLocal ? "local\(localCounter):" : "") + "rule:" + name
            if let r = defined[key] { return .ref(r) }
            guard let node = local.1[name] ?? source.rules[name] else { return .void }
            let ruleName = (isLocal ? "lr\(localCounter)_" : "r_") + Self.sanitize(name)
            defined[key] = ruleName
            let saved = origin
            origin = "<\(name)> (used by \(saved))"
            let body = convert(node)
            origin = saved
            return define(ruleName, body)
        }

        mutating func listRef(_ name: String, node: SentenceSource.Node) -> GrammarExpression {
            if let r = node.inlineRange {
                if source.language == .ja { return japaneseRangeRef(to: Double(r.to), step: Double(r.step)) }
                return rangeRef(from: Double(r.from), to: Double(r.to), step: Double(r.step), halves: false, tenths: false)
            }
            let isLocal = local.0[name] != nil
            let key = (isLocal ? "local\(localCounter):" : "") + "list:" + name
            if let r = defined[key] { return .ref(r) }
            guard let list = local.0[name] ?? source.lists[name] else { return .void }
            switch list {
            case .wildcard: return .void
            case .range(let from, let to, let step, let halves, let tenths, let words):
                guard words else { return .void }
                if source.language == .ja { return japaneseRangeRef(to: to, step: step) }
                return rangeRef(from: from, to: to, step: step, halves: halves, tenths: tenths)
            case .values(let values):
                let ruleName = (isLocal ? "ll\(localCounter)_" : "l_") + Self.sanitize(name)
                defined[key] = ruleName
                let saved = origin
                origin = "{\(name)} (used by \(saved))"
                let body = GrammarExpression.alternative(values.map { convert($0) }, optional: false)
                origin = saved
                return define(ruleName, body)
            }
        }

        mutating func define(_ name: String, _ body: GrammarExpression) -> GrammarExpression {
            switch body {
            case .void: return .void
            case .empty: return .empty
            default:
                rules.append("<\(name)> = \(body.jsgf);")
                bodies[name] = body
                return .ref(name)
            }
        }
    }
}
