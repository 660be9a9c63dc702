// ParseCommand: `coach parse [--lang en|ja] [--json] [--stdin] [TEXT…]` — recognise
// utterances and print what was understood, acting on nothing.

import CoachWire
import ArgumentParser
import CoachLanguage
import Foundation

extension Language: ExpressibleByArgument {}

struct ParseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parse",
        abstract: "Recognise utterances without acting on them.",
        discussion: """
            Prints the intent, slots and confidence the recogniser finds in each utterance.
            The language is detected per utterance unless --lang is given.

            Examples:
              coach parse "start a 30 minute outdoor run"
              coach parse --json "ランニングを開始して"
              printf 'pause\\nresume\\n' | coach parse --stdin --json
              coach parse --best "play track yesterday"   # hassil's recognize_best
              coach parse --context workout=paused "right, back to it"

            When several templates accept a line, the first in file order answers (hassil's
            recognize), except that once you have sentence files of your own (in
            $XDG_CONFIG_HOME/coach/intents/<lang>/) a sentence of yours wins. --best always
            chooses as hassil's recognize_best: yours first, then fewer wildcards and more
            literal text.

            Exit status: 0 when every utterance was understood, 3 when at least one was not
            understood, 64 for usage errors.
            """
    )

    /// Exit status for "not understood" (the project-wide table in docs/).
    static let notUnderstoodExitCode: Int32 = 3

    @Option(name: .long, help: "Language of the utterances (en or ja); detected per utterance when absent.")
    var lang: Language?

    @Flag(name: .long, help: "Print one JSON object per utterance.")
    var json = false

    @Flag(name: .long, help: "Read one utterance per line from standard input.")
    var stdin = false

    @Flag(name: .long, help: "Best-match mode (hassil's recognize_best) for lines several templates accept.")
    var best = false

    @Option(name: .long, parsing: .singleValue,
            help: "The caller's context, as the gateway gives it (repeatable): workout=idle|running|paused, question=pending.")
    var context: [String] = []

    @Argument(help: "The utterance (words are joined with spaces).")
    var text: [String] = []

    func validate() throws {
        if stdin && !text.isEmpty { throw ValidationError("Give either TEXT or --stdin, not both.") }
        if !stdin && text.isEmpty { throw ValidationError("Missing TEXT (or use --stdin).") }
        _ = try recognitionContext()
    }

    /// `--context key=value` pairs as the recogniser's context (every value a string, as the
    /// gateway gives them).
    func recognitionContext() throws -> RecognitionContext {
        var out: RecognitionContext = [:]
        for pair in context {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                throw ValidationError("--context takes KEY=VALUE (e.g. workout=paused), not '\(pair)'.")
            }
            out[parts[0]] = .string(parts[1])
        }
        return out
    }

    func run() throws {
        guard let directory = Recognizer.builtInIntentsDirectory() else {
            throw ValidationError("Cannot find the Intents/ directory (set COACH_INTENTS).")
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
            var line = "not understood (\(r.language.rawValue))"
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
        if r.needsConfirmation { how += ", needs confirmation" }
        return parts.joined(separator: " ") + "  (\(how))"
    }
}
