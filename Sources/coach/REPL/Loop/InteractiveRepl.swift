// InteractiveRepl: the REPL on a terminal. Lines come from the LineEditor; replies and events are
// printed above the prompt, so an event never garbles what the user is typing.

import CoachWire
import CoachCore
import Synchronization

enum InteractiveRepl {
    static func run(backend: ReplBackend, session: ReplSession, speech: ReplSpeech? = nil,
                    vocabulary: ReplVocabulary = .builtIn) async -> Int32 {
        // What the user types, what `/listen` hears, and (client mode) the gateway going away, in
        // one stream: a REPL whose gateway stopped says so and leaves instead of waiting.
        let (inputs, merged) = AsyncStream.makeStream(of: LoopInput.self)
        let listener = ReplListener { heard in merged.yield(.heard(heard)) }
        var interpreter = ReplInterpreter(backend: backend, session: session, speech: speech, listener: listener)
        let completer = ReplCompleter(vocabulary: vocabulary)
        let editor = LineEditor(prompt: interpreter.session.prompt, historyPath: ReplPaths.historyFile(),
                                historyLimit: 1000, completer: { completer.complete(buffer: $0, word: $1) })
        editor.printAbove(ReplStrings.banner(mode: backend.modeDescription))
        editor.printAbove(ReplStrings.hint(session.language))
        speech?.showNotes { editor.printAbove("coach: " + $0) }

        // The event printers read /json from here. Events are subscribed in every language and
        // shown in the conversation's: a Japanese line's events come in Japanese above its Japanese
        // reply, whatever /lang says, with no gap while a subscription would be remade.
        let json = Flag(session.json)
        let above = OncePrinter(editor: editor)
        let conversation = ConversationLanguage(session.language)
        let printers = Language.allCases.map { language in
            printEventsTask(backend.events(language: language), printer: above, json: json, speech: speech,
                            shown: { conversation.current == language })
        }

        let forwarders = [
            Task { for await input in editor.inputs { merged.yield(.editor(input)) }; merged.finish() },
            Task { for await message in backend.gatewayLost { merged.yield(.gatewayLost(message)) } },
            // Clients asking for permission: the question goes above the prompt, the next line answers.
            Task { for await question in backend.permissionQuestions() { merged.yield(.permission(question)) } },
        ]
        var permissions = PermissionConversation()

        var status = ReplExitStatus.success
        var prompt = interpreter.session.prompt
        loop: for await next in inputs {
            let input: EditorInput
            switch next {
            case .editor(let typed): input = typed
            case .gatewayLost(let message):
                editor.printAbove("coach: " + message)
                status = ReplExitStatus.unreachable
                break loop
            case .permission(let question):
                if let step = permissions.received(question) { await perform(step, editor: editor, backend: backend) }
                continue loop
            case .heard(.note(let note)):
                editor.printAbove(note)
                continue loop
            case .heard(.line(let text)):
                // Shown as if typed, marked as heard, then the very path a typed line takes.
                editor.printAbove(prompt + text + "   (heard)")
                input = .line(text)
            }
            switch input {
            case .line(let line) where permissions.isAsking:
                await perform(permissions.answer(line), editor: editor, backend: backend)
                if !permissions.isAsking { editor.setPrompt(prompt) }
                continue loop
            case .interrupt where permissions.isAsking:
                if let step = permissions.dismiss() { await perform(step, editor: editor, backend: backend) }
                if !permissions.isAsking { editor.setPrompt(prompt) }
                continue loop
            case .line(let line):
                // Set before the request goes out: its events may arrive before its reply.
                let sessionLanguage = interpreter.session.language
                conversation.current = interpreter.session.replyLanguage(for: line)
                let output = await interpreter.handle(line)
                if interpreter.session.language != sessionLanguage { conversation.current = interpreter.session.language }
                for text in output.lines { above.print(text, fromEvent: false) }
                if output.quit { break loop }
                if output.failure?.exitStatus == ReplExitStatus.unreachable {
                    // The reply already said that the gateway stopped.
                    status = ReplExitStatus.unreachable
                    break loop
                }
            case .interrupt:
                interpreter.session.interrupted()
                backend.forgetQuestion()
            case .endOfFile:
                let warning = await backend.leaveWarning(language: interpreter.session.language)
                switch interpreter.session.endOfFile(warning: warning) {
                case .warn(let text): editor.printAbove(text)
                case .leave: break loop
                }
            case .terminate:
                break loop
            }
            json.value.store(interpreter.session.json, ordering: .relaxed)
            if interpreter.session.prompt != prompt {
                prompt = interpreter.session.prompt
                editor.setPrompt(prompt)
            }
        }
        listener.stop()
        for printer in printers { printer.cancel() }
        for forwarder in forwarders { forwarder.cancel() }
        editor.stop()
        await backend.shutdown()
        return status
    }
}

private enum LoopInput: Sendable {
    case editor(EditorInput)
    case heard(ReplListener.Heard)
    case gatewayLost(String)
    case permission(AuthorizationQuestion)
}

/// Shows a permission question or sends its answer (PermissionConversation decides which).
private func perform(_ step: PermissionConversation.Step, editor: LineEditor, backend: ReplBackend) async {
    switch step {
    case .ask(let text, let prompt):
        if let text { editor.printAbove(text) }
        editor.setPrompt(prompt)
    case .again(let text, let prompt):
        if !text.isEmpty { editor.printAbove(text) }
        editor.setPrompt(prompt)
    case .answered(let id, let answer, let next):
        editor.printAbove(await backend.answerPermission(id, answer))
        if let next { await perform(next, editor: editor, backend: backend) }
    }
}

private func printEventsTask(_ events: AsyncStream<ReplEvent>, printer: OncePrinter, json: Flag, speech: ReplSpeech?,
                             shown: @escaping @Sendable () -> Bool) -> Task<Void, Never> {
    Task {
        for await event in events where shown() {
            speech?.say(event.text)
            printer.print(json.value.load(ordering: .relaxed) ? event.json : event.text, fromEvent: true)
        }
    }
}

/// Prints above the prompt, once: the gateway announces some outcomes of the REPL's own commands
/// in the reply's very words ("Your run was too short to keep …"), and the event may come just
/// before or just after the reply. A line identical to the one just printed from the other
/// source, within two seconds, is the same news and is left out; repeats from one source (two
/// /status in a row) are all printed.
final class OncePrinter: Sendable {
    private let editor: LineEditor
    private let last = Mutex<(text: String, fromEvent: Bool, at: ContinuousClock.Instant)?>(nil)
    static let window = Duration.seconds(2)

    init(editor: LineEditor) { self.editor = editor }

    func print(_ text: String, fromEvent: Bool) {
        let now = ContinuousClock.now
        let duplicate = last.withLock { last -> Bool in
            if let previous = last, previous.text == text, previous.fromEvent != fromEvent, now - previous.at < Self.window {
                last = nil
                return true
            }
            last = (text, fromEvent, now)
            return false
        }
        if !duplicate { editor.printAbove(text) }
    }
}

/// The language the conversation is in now: the last line's, or /lang's after a command.
private final class ConversationLanguage: Sendable {
    private let index: Atomic<Int>

    init(_ language: Language) { index = Atomic(Self.position(of: language)) }

    var current: Language {
        get { Language.allCases[index.load(ordering: .relaxed)] }
        set { index.store(Self.position(of: newValue), ordering: .relaxed) }
    }

    private static func position(of language: Language) -> Int {
        Language.allCases.firstIndex(of: language) ?? 0
    }
}

private final class Flag: Sendable {
    let value: Atomic<Bool>
    init(_ initial: Bool) { value = Atomic(initial) }
}
