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

        // The event printer reads the session's mode from here; the loop updates it after each line.
        let presentation = Mutex((language: session.language, json: session.json))
        let events = backend.events()
        let printer = Task {
            for await event in events {
                let (language, json) = presentation.withLock { $0 }
                editor.printAbove(json ? event.json : event.text(language))
            }
        }

        var prompt = interpreter.session.prompt
        loop: for await input in editor.inputs {
            switch input {
            case .line(let line):
                let output = await interpreter.handle(line)
                for text in output.lines { editor.printAbove(text) }
                if output.quit { break loop }
            case .interrupt:
                interpreter.session.interrupted()
            case .endOfFile:
                let warning = await backend.leaveWarning(language: interpreter.session.language)
                switch interpreter.session.endOfFile(warning: warning) {
                case .warn(let text): editor.printAbove(text)
                case .leave: break loop
                }
            case .terminate:
                break loop
            }
            presentation.withLock { $0 = (interpreter.session.language, interpreter.session.json) }
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
