// Recognizer: the public entry point — loads every language of an Intents/ directory (plus
// user extensions), compiles each once, and recognises utterances: exact template match
// first, then typo correction, then keyword fallback (see docs/recognizer.md).

import CoachWire
import Foundation

/// The caller's context for one utterance (hassil's `intent_context`): key → value.
public typealias RecognitionContext = [String: SlotValue]

public struct Recognizer: Sendable {
    /// Everything compiled, behind one reference: copying a Recognizer costs one retain.
    final class Storage: Sendable {
        /// Indexed by `Language.allCases` position: no hashing per utterance.
        let byIndex: [LanguageModel?]
        let models: [Language: LanguageModel]
        let units: UnitTable
        let responses: ResponseCatalog
        let completionWords: CompletionWords
        let answers: AnswerWords
        let states: IntentStates

        init(
            models: [Language: LanguageModel], units: UnitTable, responses: ResponseCatalog, completionWords: CompletionWords,
            answers: AnswerWords, states: IntentStates
        ) {
            self.answers = answers
            self.states = states
            self.models = models
            self.byIndex = Language.allCases.map { models[$0] }
            self.units = units
            self.responses = responses
            self.completionWords = completionWords
        }
    }

    let storage: Storage
    var models: [Language: LanguageModel] { storage.models }
    var units: UnitTable { storage.units }
    public var responses: ResponseCatalog { storage.responses }
    /// Words for tab completion and help (activity, location and unit phrases, command words).
    public var completionWords: CompletionWords { storage.completionWords }
    /// Yes / no / dismiss answers (Intents/<lang>/_answers.yaml), shared by the gateway and the REPL.
    public var answers: AnswerWords { storage.answers }

    /// Loads `intentsDirectory/<lang>/*.yaml` for every language found, each extended by
    /// `userDirectory/<lang>/*.yaml` when given (same format: sentences and list values add
    /// to the built-ins).
    public init(intentsDirectory: String, userDirectory: String? = nil) throws {
        try self.init(vocabulary: Vocabulary.load(intentsDirectory: intentsDirectory, userDirectory: userDirectory))
    }

    /// Compiles every language of `vocabulary` that has intents; the vocabulary itself is not kept.
    public init(vocabulary: Vocabulary) throws {
        var models: [Language: LanguageModel] = [:]
        for language in Language.allCases {
            guard let words = vocabulary.languages[language], !words.definitions.intents.isEmpty else { continue }
            let grammar = try Grammar.compile(words.definitions, language: language, numbers: words.numbers)
            models[language] = LanguageModel(
                grammar: grammar, defs: words.definitions, fallback: FallbackData(words), clauses: ClauseData(words.clauses, language: language))
        }
        storage = Storage(
            models: models, units: UnitTable(vocabulary.contract), responses: ResponseCatalog(vocabulary),
            completionWords: CompletionWords(models: models), answers: AnswerWords(vocabulary),
            states: IntentStates(vocabulary.contract))
    }

    /// Languages with at least one intent loaded.
    public var languages: [Language] { Language.allCases.filter { models[$0] != nil } }

    /// The built-in Intents/ directory: `$COACH_INTENTS`, then `<executable dir>/../share/coach/Intents`,
    /// then the source tree's `Intents/` (so `swift run` and `swift test` work from a checkout).
    public static func builtInIntentsDirectory() -> String? {
        let fm = FileManager.default
        func isDir(_ p: String) -> Bool {
            var d: ObjCBool = false
            return fm.fileExists(atPath: p, isDirectory: &d) && d.boolValue
        }
        if let env = ProcessInfo.processInfo.environment["COACH_INTENTS"], !env.isEmpty, isDir(env) { return env }
        let exe = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        let installed = exe.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("share/coach/Intents").path
        if isDir(installed) { return installed }
        // Sources/CoachLanguage/Recognition/Recognizer.swift → repository root.
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Intents").path
        if isDir(source) { return source }
        return nil
    }

    /// `$XDG_CONFIG_HOME/coach/intents` (or `~/.config/coach/intents`), where user sentences live.
    public static func userIntentsDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        XDGDirectories.configHome(environment: environment) + "/coach/intents"
    }

    /// Recognises one utterance. `context` is hassil's `intent_context`: what the caller knows
    /// (the gateway offers `workout: running|paused|idle` and `question: pending`); data blocks
    /// with `requires_context` match only when it agrees, `excludes_context` when it does not.
    /// The longest line taken as a possible command, in UTF-8 bytes. No spoken or typed command
    /// comes near it (the longest line in Intents/tests, a non-command, is 135 bytes), while fuzzy matching a line of
    /// the socket's 64 KiB limit took milliseconds of CPU each: a hostile client sending such lines
    /// kept the gateway busy (Benchmarks/gateway/hostile-memory.sh). Longer lines are not understood.
    public static let maximumUtteranceBytes = 1024

    public func recognize(_ text: String, language: Language? = nil, context: RecognitionContext = [:]) -> Recognition {
        guard text.utf8.count <= Self.maximumUtteranceBytes else { return Recognition(text: text, language: language ?? .en) }
        let lang = language ?? Language.detect(text)
        let storage = self.storage
        guard let model = storage.byIndex[lang.index] ?? (language == nil ? storage.models.values.first : nil) else {
            return Recognition(text: text, language: lang)
        }
        return storage.states.filter(model.recognize(text, units: storage.units, context: context), context: context)
    }

    /// hassil's `recognize_best`: when several templates accept the line, a sentence from the
    /// user's own files wins, then one that binds `bestSlot` with the longest text, then the one
    /// with fewer wildcards and more literal text (Grammar+BestMatch). `recognize` uses this
    /// mode by itself once user sentence files are loaded; otherwise it is hassil's `recognize`
    /// (the first template in file order wins).
    public func recognizeBest(_ text: String, language: Language? = nil, context: RecognitionContext = [:],
                              bestSlot: String? = nil) -> Recognition {
        guard text.utf8.count <= Self.maximumUtteranceBytes else { return Recognition(text: text, language: language ?? .en) }
        let lang = language ?? Language.detect(text)
        let storage = self.storage
        guard let model = storage.byIndex[lang.index] ?? (language == nil ? storage.models.values.first : nil) else {
            return Recognition(text: text, language: lang)
        }
        return storage.states.filter(
            model.recognize(text, units: storage.units, context: context, best: true, bestSlot: bestSlot), context: context)
    }
}
