// MirrorOffer: the primary's side of `coach mirror offer TARGET`. The primary opens the stream
// itself — `ssh … TARGET coach bridge` to the mirror's gateway, or its `unix:` socket — asks it
// `mirror.accept`, and once accepted serves that stream as one of its own connections: the mirror's
// MirrorLink then calls it exactly as if it had dialled (`coach mirror start`). The same machine
// as the mirror's link (MirrorLinkMachine) reconnects it with the same backoff; the offer lives in
// the gateway, so it outlasts the command that made it.

import CoachCore
import CoachProcess
import Foundation
#if canImport(Glibc)
import Glibc
#endif

actor MirrorOffer {
    nonisolated let target: MirrorTarget
    nonisolated let options: MirrorOptions
    /// What the mirror is told about us in `mirror.accept`: our name, and an id that tells our
    /// offers from another primary's (so a re-offer after a drop of the stream is ours).
    private let primaryName: String
    private let primaryID: String
    private let serve: ConnectionServer
    private let stateDirectory: String?
    private let announce: @Sendable (String, String, [String: String]) -> Void
    private var machine: MirrorLinkMachine
    private var generation = 0
    private var retry = RetryTimer()
    private var current: (connection: ServedConnection, child: ChildProcess?)?
    /// The mirror's host name, from its answer to `mirror.accept`.
    private(set) var mirrorName: String?
    private var since: Date?
    private var wasLive = false
    private var firstOutcome: [CheckedContinuation<String?, Never>] = []

    init(target: MirrorTarget, options: MirrorOptions, primaryName: String, primaryID: String, stateDirectory: String?,
         serve: @escaping ConnectionServer, announce: @escaping @Sendable (String, String, [String: String]) -> Void) {
        self.target = target
        self.options = options
        self.primaryName = primaryName
        self.primaryID = primaryID
        self.serve = serve
        self.stateDirectory = stateDirectory
        self.announce = announce
        self.machine = MirrorLinkMachine(backoff: options.backoff)
    }

    var phase: MirrorLinkPhase { machine.phase }

    /// Starts offering; returns once the mirror mirrors (nil) or the first attempt failed (why).
    func start() async -> String? {
        await withCheckedContinuation { continuation in
            firstOutcome.append(continuation)
            perform(machine.handle(.start))
        }
    }

    /// Withdraws the offer: no reconnecting; the stream closes (after `grace`, so a `disconnect`
    /// already written reaches the mirror first).
    func stop(grace: Duration? = nil) async {
        if let grace, let connection = current?.connection {
            current = nil
            Task {
                try? await Task.sleep(for: grace)
                connection.close()
            }
        }
        perform(machine.handle(.stop))
        settleFirstOutcome("the offer was withdrawn")
    }

    /// The mirror stopped mirroring (`coach mirror stop` there): it is not offered again.
    func endedByMirror() {
        guard machine.phase == .live else { return }
        perform(machine.handle(.lost(reason: "the mirror stopped mirroring (`coach mirror stop` there); offer again to resume",
                                     retryable: false, jitter: 0)))
    }

    // MARK: - The machine's actions

    private func perform(_ actions: [MirrorLinkMachine.Action]) {
        for action in actions {
            switch action {
            case .open: open()
            case .sync: perform(machine.handle(.synced))  // the mirror syncs itself over the stream
            case .close:
                current?.connection.close()
                current = nil
            case .announceLive:
                since = Date()
                wasLive = true
                settleFirstOutcome(nil)
            case .announceLost(let reason, let retryIn):
                since = nil
                settleFirstOutcome(reason)
                guard wasLive else { break }
                // An `events:` phrase and its values: the hub words it in each listener's language.
                var values = ["host": target.hostName, "reason": reason]
                values["seconds"] = retryIn.map { String(format: "%.1f", $0.seconds) }
                announce("mirrorOfferLost", retryIn == nil ? "mirrorOfferLost" : "mirrorOfferLostRetrying", values)
            case .scheduleRetry(let delay):
                retry.schedule(after: delay) { await self.retryDue() }
            case .cancelRetry:
                retry.cancel()
            }
        }
    }

    private func settleFirstOutcome(_ reason: String?) {
        let waiting = firstOutcome
        firstOutcome = []
        waiting.forEach { $0.resume(returning: reason) }
    }

    private func retryDue() { perform(machine.handle(.retryDue)) }

    private func lost(_ reason: String, retryable: Bool, generation: Int) {
        guard generation == self.generation else { return }
        perform(machine.handle(.lost(reason: reason, retryable: retryable, jitter: Double.random(in: 0...1))))
    }

    private func open() {
        generation += 1
        let generation = self.generation
        let directory = stateDirectory ?? NSTemporaryDirectory()
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let stderrPath = directory + "/offer-ssh-" + String(target.description.map { $0.isLetter || $0.isNumber ? $0 : "-" }) + ".log"
        let ssh = target.sshArguments(ssh: options.ssh, remoteCoach: options.remoteCoach,
                                      connectTimeout: options.connectTimeout, extraOptions: options.sshOptions)
        let (target, serve) = (self.target, self.serve)
        let request = RPCMessage.request(id: 1, method: "mirror.accept",
                                         ["primary": .string(primaryName), "primaryID": .string(primaryID)])
        let wait = Duration.seconds(options.connectTimeout) + options.replyTimeout
        Task {
            let stream: MirrorChannel.Stream
            do throws(MirrorChannel.OpenError) {
                stream = try await MirrorChannel.openStream(target, ssh: ssh, stderrPath: stderrPath, peer: .mirror)
            } catch {
                return self.lost(error.reason, retryable: error.retryable, generation: generation)
            }
            switch await OfferHandshake.exchange(descriptor: stream.descriptor, request: request, timeout: wait) {
            case .accepted(let answer):
                do {
                    let connection = try await serve(stream.descriptor, target.description)
                    self.opened(connection, child: stream.child, stderrPath: stream.stderrPath,
                                mirror: (try? MirrorLinkResult(json: answer))?.mirror, generation: generation)
                } catch {
                    Glibc.close(stream.descriptor)
                    stream.child?.signal(SIGTERM)
                    self.lost("could not serve the link: \(error)", retryable: true, generation: generation)
                }
            case .refused(let message):
                Glibc.close(stream.descriptor)
                stream.child?.signal(SIGTERM)
                self.lost("\(target.hostName) refused the offer: \(message)", retryable: false, generation: generation)
            case .ended:
                Glibc.close(stream.descriptor)
                let (reason, retryable) = await MirrorChannel.endReason(child: stream.child, stderrPath: stream.stderrPath, peer: .mirror)
                self.lost(reason, retryable: retryable, generation: generation)
            case .timedOut:
                Glibc.close(stream.descriptor)
                stream.child?.signal(SIGTERM)
                self.lost("the mirror's gateway did not answer within \(wait)", retryable: true, generation: generation)
            }
        }
    }

    /// The mirror accepted and the stream is served: the primary says it is ready (the mirror
    /// starts calling then), and the stream's end is a loss like any other.
    private func opened(_ connection: ServedConnection, child: ChildProcess?, stderrPath: String?, mirror: String?, generation: Int) {
        guard generation == self.generation, machine.phase == .connecting else {
            connection.close()
            return
        }
        current = (connection, child)
        mirrorName = mirror
        connection.onClose {
            Task {
                let (reason, retryable) = await MirrorChannel.endReason(child: child, stderrPath: stderrPath, peer: .mirror)
                await self.lost(reason, retryable: retryable, generation: generation)
            }
        }
        connection.write(RPCMessage.notification(method: "mirror.ready", .object([])))
        perform(machine.handle(.opened))
    }

    // MARK: - Status

    func status() -> MirrorStatusResult.Offer {
        var retryIn: Double?
        if case .backoff(_, let delay) = machine.phase { retryIn = (delay.seconds * 1000).rounded() / 1000 }
        return MirrorStatusResult.Offer(target: target.description, state: machine.phase.name, mirror: mirrorName,
                                        reason: machine.phase.reason, retryIn: retryIn, failures: machine.failures,
                                        since: since.map(ISO8601.format), sshPID: (current?.child?.pid).map { Int($0) })
    }
}
