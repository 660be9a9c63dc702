// ParseCommand: `coach parse [--lang en|ja] [--json] [--stdin] [TEXT…]` — recognise
// utterances and print what was understood, acting on nothing.

import CoachWire
import ArgumentParser
import CoachLanguage
import Foundation

extension Language: ExpressibleByArgument {}

struct ParseCommand: ParsableCommand {
    static var configuration: CommandConfiguration { .words("parse") }

    /// Exit status for "not understood" (the project-wide table in docs/).
    static let notUnderstoodExitCode: Int32 = 3

    @Option(name: .long, help: .words("parse", "lang"))
    var lang: Language?

    @Flag(name: .long, help: .words("parse", "json"))
    var json = false

    @Flag(name: .long, help: .words("parse", "stdin"))
    var stdin = false

    @Flag(name: .long, help: .words("parse", "best"))
    var best = false

    @Option(name: .long, parsing: .singleValue,
            help: .words("parse", "context"))
    var context: [String] = []

    @Argument(help: .words("parse", "text"))
    var text: [String] = []

    func validate() throws {
        if stdin && !text.isEmpty { throw ValidationError(words: "parse", "both") }
        if !stdin && text.isEmpty { throw ValidationError(words: "parse", "missing") }
        _ = try recognitionContext()
    }

    /// `--context key=value` pairs as the recogniser's context (every value a string, as the
    /// gateway gives them).
    func recognitionContext() throws -> RecognitionContext {
        var out: RecognitionContext = [:]
        for pair in context {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                throw ValidationError(words: "parse", "bad_context", ["pair": pair])
            }
            out[parts[0]] = .string(parts[1])
        }
        return out
    }

    func run() throws {
        guard let directory = Recognizer.builtInIntentsDirectory() else {
            throw ValidationError(words: "parse", "no_intents")
        }
        let user = Recognizer.userIntentsDirectory()
        let recognizer = try Recognizer(
            intentsDirectory: directory, userDirectory: FileManager.default.fileExists(atPath: user) ? user : nil)
        let context = try recognitionContext()
        var allUnderstood = true
        func answer(_ line: String) {
            let r = best ? recognizer.recognizeBest(line, language: lang, context: context)
                : recognizer.recognize(line, language: lang, context: context)
            if !r.isUnderstood { allUnderstood = false }
            print(json ? r.json() : Self.describe(r))
            fflush(nil)  // answer each line before reading the next (pipes are block-buffered)
        }
        if stdin {
            // Every line gets exactly one answer (an empty one is "not understood"), so a
            // script can pair questions and answers by line.
            while let line = readLine() {
                answer(line.trimmingCharacters(in: .whitespaces))
            }
        } else {
            answer(text.joined(separator: " "))
        }
        if !allUnderstood { throw ExitCode(Self.notUnderstoodExitCode) }
    }

    /// One readable line: `StartWorkout  activity=running location=outdoor goal=time:1800s  (1.00, template)`.
    static func describe(_ r: Recognition) -> String {
        guard let intent = r.intent else {
            var line = CLIWords.text("parse", "not_understood", ["language": r.language.rawValue])
            if let s = r.suggestion { line += ": \(s)" }
            return line
        }
        var parts = [intent]
        if let a = r.slots.activity { parts.append("activity=\(a)") }
        if let l = r.slots.location { parts.append("location=\(l)") }
        if let g = r.slots.goal, let value = g.value {
            let unit = ["time": "s", "distance": "m", "energy": "kcal"][g.type] ?? ""
            parts.append("goal=\(g.type):\(JSONText.number(value, decimals: 3))\(unit)")
        }
        if r.slots.openEnded == true { parts.append("openEnded") }
        if let n = r.slots.workoutName { parts.append("name=\(n)") }
        var how = String(format: "%.2f", r.confidence) + ", " + r.method.rawValue
        if r.needsConfirmation { how += CLIWords.text("parse", "needs_confirmation") }
        return parts.joined(separator: " ") + "  (\(how))"
    }
}
