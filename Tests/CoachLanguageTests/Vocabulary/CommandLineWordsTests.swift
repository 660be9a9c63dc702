// CommandLineWords: the command line's words as `coach` reads them from Intents/en/_cli.yaml —
// by command and field, placeholders filled, a missing text named by its key (so the help dump,
// scripts/cli-help-dump, shows it at once rather than an empty line).

import CoachWire
import Foundation
import Testing
@testable import CoachLanguage

@Suite struct CommandLineWordsTests {
    @Test func theBuiltInFileIsReadByCommandAndField() {
        let words = CommandLineWords.builtIn
        #expect(words.text("say", "abstract") == "Say one utterance to the gateway and print its answer.")
        #expect(words.has("plan_list", "discussion") && !words.has("pause", "discussion"))
    }

    @Test func placeholdersAreFilledAndOthersKept() {
        let words = CommandLineWords.builtIn
        #expect(words.text("sample", "added", ["workout": "3f2a9c1e", "outcome": "added"]) == "Added to workout 3f2a9c1e (added).")
        // A brace that names no value stays as written (JSON in a help text).
        #expect(words.text("class_simulate", "json").contains(#"{"rider","distance","changed"}"#))
    }

    @Test func aMissingTextIsItsKey() {
        #expect(CommandLineWords.builtIn.text("say", "no_such_field") == "say.no_such_field")
        #expect(CommandLineWords().text("start", "abstract") == "start.abstract")
    }

    @Test func onlyTheCommandLineFileIsParsedForIt() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cli-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root + "/en", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try "command_line:\n  lap:\n    abstract: Mark a lap.\n".write(toFile: root + "/en/_cli.yaml", atomically: true, encoding: .utf8)
        // Broken, but it does not name command_line: a command's help never parses it.
        try "intents: [\n".write(toFile: root + "/en/Broken.yaml", atomically: true, encoding: .utf8)
        let vocabulary = try Vocabulary.load(intentsDirectory: root, only: [CommandLineWords.key])
        #expect(vocabulary.languages[.en]?.commandLine.text("lap", "abstract") == "Mark a lap.")
    }
}
