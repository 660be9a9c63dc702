// CommandLineWords: `command_line:` of Intents/<lang>/_cli.yaml as read — what the `coach` command
// line prints (help, usage errors, messages), by command and field ("start: {abstract: …}"), with
// `{name}` placeholders. The CLI speaks English: its help is read by the person who types it.

import CoachWire
import Yams

public struct CommandLineWords: Sendable, Equatable {
    /// command → field → text ("plan_list" → "abstract").
    var texts: [String: [String: String]] = [:]

    public init() {}

    /// The top-level key of a file this section reads.
    static let key = "command_line"

    mutating func read(_ node: Node, _ field: String, _ yaml: VocabularyYAML) throws(VocabularyError) {
        for (command, body) in try yaml.fields(node, field) {
            let f = VocabularyYAML.path(field, command)
            for (key, text) in try yaml.fields(body, f) { texts[command, default: [:]][key] = try yaml.text(text, VocabularyYAML.path(f, key)) }
        }
    }

    /// The built-in Intents/en/ words (only the files that name `command_line` are parsed: a
    /// command's help must not cost the sentences' parse).
    public static let builtIn = Vocabulary.builtIn(only: [key]).languages[.en]?.commandLine ?? CommandLineWords()

    /// The text of `command`'s `field`, `{name}` placeholders filled from `values`; the key itself
    /// when the file lacks it (the help dump, scripts/cli-help-dump, shows it at once).
    public func text(_ command: String, _ field: String, _ values: [String: String] = [:]) -> String {
        ResponseCatalog.fill(texts[command]?[field] ?? "\(command).\(field)", values)
    }

    /// True when the file has this text (optional parts of a help, such as a discussion).
    public func has(_ command: String, _ field: String) -> Bool { texts[command]?[field] != nil }
}
