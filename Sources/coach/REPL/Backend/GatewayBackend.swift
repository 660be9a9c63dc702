// GatewayBackend: the REPL on an in-process Gateway (embedded mode). The interactive REPL also
// serves the socket, so other clients can join; a script keeps its gateway private (and, on the
// virtual clock, writes nothing to the store, as GatewayAssembly decides). GatewayRoot starts it,
// as it starts `coach serve`, so the settings file applies the same way.

import CoachWire
import CoachCore
import CoachGateway
import CoachLanguage
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

final class GatewayBackend: ReplBackend {
    let gateway: Gateway
    private let running: RunningGateway
    private let virtualClock: Bool
    /// Replaced on Ctrl-C, which drops the pending question along with the line.
    private let conversation = Mutex(Conversation())
    let modeDescription: String

    /// `listen`: serve the socket too (the interactive REPL); a gateway already serving it is an error.
    /// `guest`: workouts run and show, nothing is written (GatewayConfiguration.guest).
    /// The settings file applies as it does to `coach serve` (GatewayRoot); speech is the REPL's own.
    static func start(virtualClock: Bool, guest: Bool = false, listen: Bool, socket: SocketLocation,
                      language: Language = .en, settings: GatewaySettings) async throws -> GatewayBackend {
        // Said as `coach serve` says them, before the REPL's banner and prompt.
        for problem in settings.problems { ScriptRunner.write("coach: " + problem, to: STDERR_FILENO) }
        var request = GatewayRequest()
        request.virtualClock = virtualClock
        request.guest = guest
        // On the virtual clock a script's times add up as written: no countdown before "running".
        if virtualClock { request.countdown = .zero }
        request.socket = listen ? socket : nil
        let running = try await GatewayRoot.start(request, settings: settings)
        var mode = running.server.map { "gateway embedded, listening on \($0.location.path)" } ?? "gateway embedded"
        if virtualClock { mode += " (virtual clock)" }
        if guest { mode += " — guest mode: nothing is saved" }
        if let problem = running.storeProblem { mode += "\nstore: \(problem)" }
        if let recovered = running.recovered {
            // Recovered before anyone could subscribe: the announcement is said here instead.
            mode += "\n" + running.gateway.recoveryMessage(recovered, language: language)
        }
        return GatewayBackend(running: running, virtualClock: virtualClock, mode: mode)
    }

    private init(running: RunningGateway, virtualClock: Bool, mode: String) {
        self.running = running
        self.gateway = running.gateway
        self.virtualClock = virtualClock
        self.modeDescription = mode
    }

    func submit(_ utterance: String, language: Language) async -> ReplReply {
        let conversation = self.conversation.withLock { $0 }
        // Recognise in the REPL's language when the text is written in it; a Japanese line in an
        // English session is still understood (and answered in Japanese).
        let lang = Language.detect(utterance) == language ? language : nil
        let result = await gateway.say(utterance, language: lang, conversation: conversation)
        return reply(result, conversation: conversation)
    }

    func answer(_ question: ReplQuestion, with value: String, language: Language) async -> ReplReply {
        // The gateway's conversation holds the question; the answer is a line like any other.
        let conversation = self.conversation.withLock { $0 }
        let result = await gateway.say(value, language: language, conversation: conversation)
        return reply(result, conversation: conversation)
    }

    func forgetQuestion() {
        conversation.withLock { $0 = Conversation() }
    }

    func permissionQuestions() -> AsyncStream<AuthorizationQuestion> {
        let center = gateway.permissions
        return AsyncStream { continuation in
            center.attachPrompter()
            let task = Task {
                while !Task.isCancelled {
                    guard let question = await center.nextQuestion() else { continue }
                    continuation.yield(question)
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in
                task.cancel()
                center.detachPrompter()
            }
        }
    }

    func answerPermission(_ id: Int, _ answer: AuthorizationAnswer) async -> String {
        do {
            _ = try gateway.permissions.answer(id, with: answer)
            return PermissionAnswerText.text(answer)
        } catch {
            return "coach: \(error)"
        }
    }

    func status(language: Language) async -> ReplReply {
        reply(await gateway.status(language: language), conversation: nil)
    }

    func sample(type: String, value: Double, unit: String?, language: Language) async -> ReplReply {
        guard let quantity = QuantityType(name: type) else { return ReplWording.unknownSampleType(type) }
        do {
            let outcome = try await gateway.addSample(quantity, value: value, unit: unit)
            switch outcome {
            case .added, .replaced, .ignoredOlderVersion:
                return ReplWording.sample(quantity, value: value, unit: unit, accepted: true, reason: "", outcome: .string("\(outcome)"))
            case .rejected(let reason):
                return ReplWording.sample(quantity, value: value, unit: unit, accepted: false, reason: reason.rawValue,
                                          outcome: .string("\(outcome)"))
            }
        } catch {
            return ReplWording.failure("\(error)")
        }
    }

    func setLocked(_ locked: Bool, language: Language) async -> ReplReply {
        let text = await gateway.setLocked(locked, language: language)
        let json: JSONValue = ["locked": .bool(locked), "message": .string(text)]
        return ReplReply(text: text, code: "success", question: nil, json: json.serialized())
    }

    func wait(_ duration: Duration) async {
        if virtualClock {
            await gateway.manager.advance(by: duration)
        } else {
            try? await Task.sleep(for: duration)
        }
    }

    func events(language: Language) -> AsyncStream<ReplEvent> {
        let announcements = gateway.announcements(language: language)
        return AsyncStream { continuation in
            let task = Task {
                for await announcement in announcements {
                    // The same object a socket subscriber gets as an `event` notification's params.
                    let json: JSONValue = [
                        "event": .string(announcement.kind), "message": .string(announcement.text),
                        "state": .string(announcement.state.rawValue),
                        "elapsed": .number((announcement.snapshot.elapsed * 1000).rounded() / 1000),
                    ]
                    continuation.yield(ReplEvent(text: announcement.text, json: json.serialized()))
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    func leaveWarning(language: Language) async -> String? {
        guard running.server != nil else { return nil }
        let snapshot = await gateway.manager.status()
        guard snapshot.state.isOngoing else { return nil }
        let name = gateway.wording(language).workout(snapshot.activity, nil)
        let en = language == .en
        let article = name.first.map { "aeiouAEIOU".contains($0) } == true ? "An" : "A"
        if running.keepsWorkouts {
            return en
                ? "\(article) \(name) is in progress and this REPL hosts the gateway: leaving ends the gateway; the workout is kept and will be recovered on the next start. Press Ctrl-D again to leave."
                : "\(name)が進行中で、このREPLがゲートウェイを動かしています。終了するとゲートウェイも止まりますが、ワークアウトは保存されていて次の起動で復元されます。もう一度 Ctrl-D で終了します。"
        }
        return en
            ? "\(article) \(name) is in progress and this REPL hosts the gateway: leaving ends the gateway and, with no store, the workout is lost. Press Ctrl-D again to leave."
            : "\(name)が進行中で、このREPLがゲートウェイを動かしています。ストアがないため、終了するとワークアウトは失われます。もう一度 Ctrl-D で終了します。"
    }

    func shutdown() async {
        await running.shutdown()
    }

    // MARK: - Replies

    private func reply(_ result: GatewayResult, conversation: Conversation?) -> ReplReply {
        let language = result.language
        let code = result.code == GatewayResult.notUnderstood ? nil : result.code
        return ReplReply(text: result.message, code: code,
                         question: conversation?.question.map {
                             ReplWording.question($0, language: language, catalog: gateway.recognizer.responses)
                         },
                         json: result.json.serialized())
    }
}
