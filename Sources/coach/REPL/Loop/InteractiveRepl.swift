// InteractiveRepl: the REPL on a terminal. Lines come from the LineEditor; replies and events are
// printed above the prompt, so an event never garbles what the user is typing. One line per action,
// the reply first: the events the REPL's own commands cause are not sent to it (its replies said
// them), and other events that come while it waits for a reply are printed after the reply.

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

        // Events are worded in the conversation's language: a Japanese line's (the countdown after
        // a Japanese start) in Japanese, whatever /lang says. The printer reads /json from here.
        let json = Flag(session.json)
        let events = EventPrinter { event in
            speech?.say(event.text)
            editor.printAbove(json.value.load(ordering: .relaxed) ? event.json : event.text)
        }
        var eventLanguage = session.language
        await backend.followEvents(in: eventLanguage)
        let printer = Task {
            for await event in backend.events() {
                events.show(event)
                if let state = event.state { listener.workoutState(state) }  // the countdown ending, another client
            }
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
        /// The line now handled was heard only just (ReplListener): an End or Cancel asks first.
        var unsure = false
        loop: for await next in inputs {
            let input: EditorInput
            switch next {
            case .editor(let typed):
                input = typed
                unsure = false
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
            case .heard(.line(let text, let heardUnsure)):
                // Shown as if typed, marked as heard, then the very path a typed line takes.
                editor.printAbove(prompt + text + "   (heard)")
                input = .line(text)
                unsure = heardUnsure
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
                // Set before the request goes out: the events that follow it are in its language.
                let sessionLanguage = interpreter.session.language
                let replyLanguage = interpreter.session.replyLanguage(for: line)
                if replyLanguage != eventLanguage {
                    eventLanguage = replyLanguage
                    await backend.followEvents(in: eventLanguage)
                }
                let waitsForReply = interpreter.session.awaitsReply(line)
                if waitsForReply { events.hold() }
                let output = await interpreter.handle(line, unsure: unsure)
                unsure = false
                for text in output.lines { editor.printAbove(text) }
                // What `/listen` can hear next: the state the reply left, and a yes/no question.
                if let state = output.workoutState { listener.workoutState(state) }
                listener.confirmationPending(interpreter.session.isConfirming)
                if waitsForReply { events.release() }
                if interpreter.session.language != sessionLanguage, interpreter.session.language != eventLanguage {
                    eventLanguage = interpreter.session.language
                    await backend.followEvents(in: eventLanguage)
                }
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
        printer.cancel()
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

/// Prints events above the prompt — except while the REPL waits for the reply to its own line:
/// what comes meanwhile (another client's command, a milestone a sample reached) is printed after
/// the reply, so the reply to what the user typed comes first.
final class EventPrinter: Sendable {
    private let show: @Sendable (ReplEvent) -> Void
    private let held = Mutex<[ReplEvent]?>(nil)

    init(show: @escaping @Sendable (ReplEvent) -> Void) { self.show = show }

    // Shown under the lock (`show` only posts to the editor's mailbox), so an event that comes
    // during a release is never printed before the ones that waited.
    func show(_ event: ReplEvent) {
        held.withLock { held in
            if held != nil { held?.append(event) } else { show(event) }
        }
    }

    /// From now until `release()`, events wait.
    func hold() { held.withLock { $0 = $0 ?? [] } }

    /// Prints what waited, in order, and shows events as they come again.
    func release() {
        held.withLock { held in
            held?.forEach(show)
            held = nil
        }
    }
}

private final class Flag: Sendable {
    let value: Atomic<Bool>
    init(_ initial: Bool) { value = Atomic(initial) }
}
