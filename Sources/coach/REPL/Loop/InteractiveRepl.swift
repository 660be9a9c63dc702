// InteractiveRepl: the REPL on a terminal. Lines come from the LineEditor; replies and events are
// printed above the prompt, so an event never garbles what the user is typing.

import CoachCore
import Synchronization

enum InteractiveRepl {
    static func run(backend: any ReplBackend, session: ReplSession,
                    vocabulary: ReplVocabulary = .builtIn) async -> Int32 {
        var interpreter = ReplInterpreter(backend: backend, session: session)
        let completer = ReplCompleter(vocabulary: vocabulary)
        let editor = LineEditor(prompt: interpreter.session.prompt, historyPath: ReplPaths.historyFile(),
                                historyLimit: 1000, completer: { completer.complete(buffer: $0, word: $1) })
        editor.printAbove(ReplStrings.banner(mode: backend.modeDescription))
        editor.printAbove(ReplStrings.hint(session.language))

        // The event printer reads /json from here; /lang subscribes again in the new language.
        let json = Flag(session.json)
        func printEvents(in language: DisplayLanguage) -> Task<Void, Never> {
            printEventsTask(backend.events(language: language), editor: editor, json: json)
        }
        var language = session.language
        var printer = printEvents(in: language)

        var prompt = interpreter.session.prompt
        loop: for await input in editor.inputs {
            switch input {
            case .line(let line):
                let output = await interpreter.handle(line)
                for text in output.lines { editor.printAbove(text) }
                if output.quit { break loop }
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
            if interpreter.session.language != language {
                language = interpreter.session.language
                printer.cancel()
                printer = printEvents(in: language)
            }
            if interpreter.session.prompt != prompt {
                prompt = interpreter.session.prompt
                editor.setPrompt(prompt)
            }
        }
        printer.cancel()
        editor.stop()
        await backend.shutdown()
        return ReplExitStatus.success
    }
}

private func printEventsTask(_ events: AsyncStream<ReplEvent>, editor: LineEditor, json: Flag) -> Task<Void, Never> {
    Task {
        for await event in events {
            editor.printAbove(json.value.load(ordering: .relaxed) ? event.json : event.text)
        }
    }
}

private final class Flag: Sendable {
    let value: Atomic<Bool>
    init(_ initial: Bool) { value = Atomic(initial) }
}
