// JuliusDecoder: Japanese heard by Julius 4.6 (PySegmentKit's binary and PTM triphone model,
// installed by `coach voice install`) over Coach's own grammar (JuliusGrammar from the FSG the
// other engines search), in a resident helper process (JuliusProcess). Beside the command grammar
// Julius searches a free syllable loop (`-multigramout` prints each grammar's best): the loop's
// score over the grammar's, per frame, is the margin that refuses a non-command, as hama's free
// phone loop does (PhonemeDecoder). The answers to a question are a grammar of their own, so the
// three are loaded at start and the recogniser takes the result of the one its state listens with.

import Foundation

public final class JuliusDecoder: @unchecked Sendable {  // one thread at a time, like the process
    let process: JuliusProcess
    /// Holds the grammars and each utterance's WAV file; removed with the decoder.
    let scratch: String
    /// Julius's grammar number → what it is (julius numbers them as it reads them: last first).
    private(set) var grammarNames: [String] = []
    /// The grammar whose result is taken (`commands` or `answers`).
    var active = JuliusDecoder.commands

    /// The grammars' names: every intent, and the answers to a question.
    static let commands = "commands", answers = "answers"

    /// The margin (syllable loop over the grammar, per frame) over which a command is refused, and
    /// over which an End or Cancel asks first: chosen on the tune part (tune: and everyday-tune:
    /// of Benchmarks/voice/corpora/ja-commands.txt, espeak-ng and mei, clean and pink) with the
    /// word insertion penalties below: 0.28 kept 85 of 120 commands and let 11 of 96 everyday
    /// utterances act (without the penalties: 78 and 11, at 0.5). End and Cancel ask
    /// first unless the grammar fits as well as the loop (margin 0): the margin does not part them
    /// from everyday sentences (right End/Cancel 0–0.44, everyday ones heard as End/Cancel from
    /// 0.05), so nearly every End/Cancel asks — one "yes" more, never a workout ended by a sentence.
    /// Julius's cmscore added nothing (docs/voice.md, "Japanese by voice").
    public static let marginCeiling = 0.28
    public static let destructiveMarginCeiling = 0.0

    /// Julius's search: beams and stacks of ja-julius.py, under which it heard 83 % of the fresh
    /// set, and a word insertion penalty of −5 in both passes: the syllable loop, many words a
    /// sentence, pays it more than the command grammar, so commands and non-commands part better
    /// (tune part: docs/voice.md, round 2), and julius's CPU drops ~12 %.
    static let searchOptions = ["-b", "4000", "-b2", "300", "-s", "4000", "-m", "40000", "-penalty1", "-5", "-penalty2", "-5"]

    /// `grammars`: name → grammar, the largest first; `extraOptions` go to julius after Coach's.
    init(model: InstalledModel, grammars: [(name: String, grammar: JuliusGrammar)], extraOptions: [String] = []) throws(JuliusError) {
        scratch = (NSTemporaryDirectory() as NSString).appendingPathComponent("coach-julius-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        do {
            try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw JuliusError(description: "cannot make \(scratch): \(error.localizedDescription)")
        }
        // julius numbers its grammars last given first, and 4.6 crashes (SIGSEGV on the first
        // utterance) when the large command grammar is not its number 0: so it is given last.
        let rich = ProcessInfo.processInfo.environment["COACH_JULIUS_LOOP"] == "rich"  // to measure the richer loop
        let all = [(name: "loop", grammar: JuliusGrammar.syllableLoop(rich: rich))] + grammars.reversed()
        do {
            for (name, grammar) in all { try grammar.write(to: scratch + "/" + name) }
        } catch {
            throw JuliusError(description: "cannot write Julius's grammar into \(scratch): \(error.localizedDescription)")
        }
        var arguments = [model.juliusPath, "-h", model.juliusAcousticModel, "-hlist", model.juliusHMMList]
        for (name, _) in all { arguments += ["-gram", scratch + "/" + name] }
        arguments += ["-multigramout", "-input", "file", "-nostrip"] + Self.searchOptions + extraOptions
        do {
            process = try JuliusProcess(arguments, errorLog: scratch + "/julius.log")
        } catch {
            try? FileManager.default.removeItem(atPath: scratch)
            throw error
        }
        grammarNames = Self.grammarNumbers(process.startup, directory: scratch)
        guard Set(grammarNames) == Set(all.map(\.name)) else {
            process.stop()
            try? FileManager.default.removeItem(atPath: scratch)
            throw JuliusError(description: "julius did not load the grammars \(all.map(\.name).joined(separator: ", ")) (\(scratch)/julius.log)")
        }
    }

    /// `STAT: Gram #1 /tmp/…/commands registered` lines → names by number.
    static func grammarNumbers(_ startup: String, directory: String) -> [String] {
        var names: [Int: String] = [:]
        for line in startup.split(separator: "\n") where line.hasPrefix("STAT: Gram #") && line.hasSuffix(" registered") {
            let fields = line.dropFirst("STAT: Gram #".count).split(separator: " ")
            guard fields.count == 3, let n = Int(fields[0]) else { continue }
            names[n] = (String(fields[1]) as NSString).lastPathComponent
        }
        return (0..<names.count).compactMap { names[$0] }
    }

    /// `COACH_JULIUS_KEEP=1` keeps the scratch directory (the grammars, the last utterance and
    /// julius.log) to run julius on by hand.
    deinit {
        process.stop()
        if ProcessInfo.processInfo.environment["COACH_JULIUS_KEEP"] == nil { try? FileManager.default.removeItem(atPath: scratch) }
    }

    /// Takes `name`'s result from the next utterance on; false when there is no such grammar.
    func activate(_ name: String) -> Bool {
        guard grammarNames.contains(name) else { return false }
        active = name
        return true
    }

    /// Decodes one utterance of 16 kHz mono samples. `seconds` is julius's CPU time for it.
    func decode(_ samples: [Int16]) -> SpeechDecoder.Result {
        let started = process.cpuSeconds
        let file = scratch + "/utterance.wav"
        let block: String
        do {
            guard FileManager.default.createFile(atPath: file, contents: Data(WAV.encode(PCMAudio(samples: samples, rate: 16_000)))) else {
                throw JuliusError(description: "cannot write \(file)")
            }
            block = try process.hear(file: file)
        } catch {
            FileHandle.standardError.write(Data("coach listen: \(error)\n".utf8))
            return SpeechDecoder.Result(hypothesis: nil, score: 0, acousticPerFrame: 0, frames: 0, seconds: process.cpuSeconds - started)
        }
        let heard = JuliusOutput(block)
        let frames = max(1, samples.count / 160)
        let chosen = heard.sentences.first { grammarNames[safe: $0.grammar] == active }
        let loop = heard.sentences.first { grammarNames[safe: $0.grammar] == "loop" }
        var result = SpeechDecoder.Result(hypothesis: chosen.map { $0.words.joined(separator: " ") }, score: Int32(max(-2e9, min(2e9, chosen?.score ?? 0))),
                                          acousticPerFrame: (chosen?.score ?? 0) / Double(frames), frames: frames,
                                          seconds: process.cpuSeconds - started)
        if let chosen {
            result.margin = loop.map { max(0, $0.score - chosen.score) / Double(frames) } ?? 0
            result.confidence = chosen.confidence.min()
        }
        return result
    }
}

/// What julius printed for one utterance with `-multigramout`: each grammar's best sentence.
struct JuliusOutput {
    struct Sentence {
        /// Without `<s>` and `</s>`.
        var words: [String] = []
        var score = 0.0
        var grammar = -1
        /// cmscore of each word (without `<s>` and `</s>`).
        var confidence: [Double] = []
    }

    var sentences: [Sentence] = []

    init(_ block: String) {
        var byNumber: [Int: Sentence] = [:]
        for line in block.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let key = line[..<colon]
            let value = line[line.index(after: colon)...].split(separator: " ")
            for field in ["sentence", "score", "grammar", "cmscore"] where key.hasPrefix(field) {
                guard let n = Int(key.dropFirst(field.count)) else { continue }
                var s = byNumber[n] ?? Sentence()
                switch field {
                case "sentence": s.words = value.map(String.init).filter { $0 != "<s>" && $0 != "</s>" }
                case "score": s.score = value.first.flatMap { Double($0) } ?? 0
                case "grammar": s.grammar = value.first.flatMap { Int($0) } ?? -1
                default: s.confidence = Array(value.compactMap { Double($0) }.dropFirst().dropLast())
                }
                byNumber[n] = s
            }
        }
        sentences = byNumber.sorted { $0.key < $1.key }.map(\.value)
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
