// ReplInterpreter: performs what ReplSession decided — asks the backend, renders the reply as text
// or JSON, and classifies failures for scripts. The interactive loop and the script runner both
// go through here, so a line behaves the same typed or scripted.

import CoachWire
import CoachCore
import CoachGateway

/// What one line produced.
struct ReplOutput: Sendable {
    /// Lines to show, already in the session's mode (text or JSON).
    var lines: [String] = []
    /// Set when the line failed (a script stops here unless --keep-going).
    var failure: ReplFailure?
    var quit = false
    /// The workout's state the reply left it in, when the gateway said (for `/listen`).
    var workoutState: String?
}

struct ReplInterpreter: Sendable {
    var session: ReplSession
    let backend: ReplBackend
    /// `/speak`: nil where there is no voice (scripts).
    let speech: ReplSpeech?
    /// `/listen`: nil where nobody listens (scripts).
    let listener: ReplListener?

    init(backend: ReplBackend, session: ReplSession = ReplSession(), speech: ReplSpeech? = nil,
         listener: ReplListener? = nil) {
        self.backend = backend
        self.session = session
        self.speech = speech
        self.listener = listener
    }

    /// `unsure`: the line was heard only just (voice): an End or Cancel asks for a yes first.
    mutating func handle(_ line: String, unsure: Bool = false) async -> ReplOutput {
        let language = session.language
        switch session.interpret(line) {
        case .nothing:
            return ReplOutput()
        case .submit(let utterance):
            return render(await backend.submit(utterance, language: language, unsure: unsure))
        case .answer(let question, let value):
            return render(await backend.answer(question, with: value, language: language))
        case .usageError(let message):
            return ReplOutput(lines: [message], failure: .usage(message))
        case .command(let command):
            return await perform(command)
        }
    }

    private mutating func perform(_ command: ReplCommand) async -> ReplOutput {
        let language = session.language
        switch command {
        case .help:
            return ReplOutput(lines: [ReplStrings.help(language)])
        case .status:
            return render(await backend.status(language: language))
        case .wait(let duration):
            await backend.wait(duration)
            // Not a gateway request: no JSON object, and in text a marker so a transcript reads right.
            return ReplOutput(lines: session.json ? [] : [ReplStrings.waited(duration, language)])
        case .sample(let type, let value, let unit):
            return render(await backend.sample(type: type, value: value, unit: unit, language: language))
        case .lock:
            return render(await backend.setLocked(true, language: language))
        case .unlock:
            return render(await backend.setLocked(false, language: language))
        case .language(let new):
            session.language = new
            return ReplOutput(lines: session.json ? [] : [ReplStrings.languageSet(new)])
        case .json(let on):
            session.json = on
            return ReplOutput(lines: on ? [] : [ReplStrings.json(on, language)])
        case .speak(let on):
            guard let speech else {
                let message = "/speak works in the interactive REPL (scripts: coach … --speak-to FILE on one-shot commands)"
                return ReplOutput(lines: [message], failure: .usage(message))
            }
            if let problem = speech.set(on) { return ReplOutput(lines: [problem], failure: .usage(problem)) }
            return ReplOutput(lines: session.json ? [] : [ReplStrings.speak(on, language)])
        case .listen(let on, let input):
            guard let listener else {
                let message = "/listen works in the interactive REPL (scripts: coach listen --input FILE.wav)"
                return ReplOutput(lines: [message], failure: .usage(message))
            }
            guard on else {
                listener.stop()
                return ReplOutput(lines: session.json ? [] : ["Stopped listening."])
            }
            do {
                // The workout's state now, so the first thing heard is heard against it.
                let state = await backend.status(language: language).state
                if let state { listener.workoutState(state) }
                let started = try listener.start(input: input, language: session.language)
                return ReplOutput(lines: session.json ? [] : [started], workoutState: state)
            } catch {
                return ReplOutput(lines: [error.description], failure: .usage(error.description))
            }
        case .quit:
            return ReplOutput(quit: true)
        }
    }

    private mutating func render(_ reply: ReplReply) -> ReplOutput {
        session.received(reply)
        let failure = reply.isSuccess ? nil : ReplFailure(code: reply.code, message: reply.text)
        speech?.say(reply.text)
        if session.json { return ReplOutput(lines: [reply.json], failure: failure, workoutState: reply.state) }
        return ReplOutput(lines: [Self.text(of: reply)], failure: failure, workoutState: reply.state)
    }

    /// The backend lists a choice's options itself; a yes/no question gets its default shown.
    static func text(of reply: ReplReply) -> String {
        if case .confirm? = reply.question?.kind, !reply.text.contains("[y/N]") { return reply.text + " [y/N]" }
        return reply.text
    }
}

/// Why a line failed, and the exit status a script ends with because of it.
enum ReplFailure: Sendable, Hashable {
    case notUnderstood(String)
    case failed(code: String, message: String)
    case usage(String)
    case unansweredQuestion

    init(code: String?, message: String) {
        self = code.map { .failed(code: $0, message: message) } ?? .notUnderstood(message)
    }

    var exitStatus: Int32 {
        switch self {
        case .usage: return ReplExitStatus.usage
        case .notUnderstood: return ReplExitStatus.notUnderstood
        case .unansweredQuestion: return ExitStatus.needsInput.rawValue
        case .failed(ReplReply.unreachableCode, _): return ReplExitStatus.unreachable
        case .failed(let code, _): return ExitStatus(code: code).rawValue
        }
    }
}

/// The command line's table (CoachGateway's ExitStatus, docs/cli.md), by the names the REPL uses.
enum ReplExitStatus {
    static let success = ExitStatus.success.rawValue
    static let failure = ExitStatus.failure.rawValue
    static let notUnderstood = ExitStatus.notUnderstood.rawValue
    static let unreachable = ExitStatus.unreachable.rawValue
    static let alreadyRunning = ExitStatus.alreadyRunning.rawValue
    static let noPermission = ExitStatus.noPermission.rawValue
    static let usage = ExitStatus.usage.rawValue
}
