// MirrorConnection: the mirror link's transport, apart from what flows over it. It owns the
// channel to the primary (dialled over unix: or ssh:, or brought by the primary's offer: `adopt`),
// MirrorLinkMachine's phases, the backoff timer and calls over the channel. What flows — the sync,
// the primary's status and events, the outbox, copies of saved workouts — is MirrorLink's, told
// through `events` in order: a channel opened (sync over it), the link live or lost, and the
// primary's notifications from the current channel only.

import CoachCore
import CoachWire
import Foundation

actor MirrorConnection {
    enum Event: Sendable {
        /// A channel is open: the link syncs over it, then says `synced` or `syncFailed`.
        case opened(generation: Int)
        case live
        /// Dropped: why, when it is tried again (nil: not), and the sentence a status says meanwhile.
        case lost(reason: String, retryIn: Duration?, unreachable: String)
        /// A notification from the primary (its replies go straight to the calls waiting for them).
        case notification(JSONValue)
    }

    struct CallError: Error { var message: String; var code: Int? }

    nonisolated let target: MirrorTarget
    nonisolated let options: MirrorOptions
    nonisolated let events: AsyncStream<Event>
    private let emit: AsyncStream<Event>.Continuation
    private let stateDirectory: String?
    private var machine: MirrorLinkMachine
    private var channel: MirrorChannel?
    /// Which channel is current: events of a channel given up are dropped.
    private var generation = 0
    private var retry = RetryTimer()
    private(set) var connectedSince: Date?

    init(target: MirrorTarget, options: MirrorOptions, stateDirectory: String?) {
        self.target = target
        self.options = options
        self.stateDirectory = stateDirectory
        machine = MirrorLinkMachine(backoff: options.backoff)
        (events, emit) = AsyncStream.makeStream(of: Event.self)
    }

    deinit { emit.finish() }

    var phase: MirrorLinkPhase { machine.phase }
    var isLive: Bool { machine.phase == .live }
    var failures: Int { machine.failures }
    var sshPID: Int? { channel?.childPID.map { Int($0) } }

    func start() { perform(machine.handle(.start)) }
    func stop() { perform(machine.handle(.stop)) }

    /// The sync over channel `generation` finished: the link is live.
    func synced(_ generation: Int) {
        guard generation == self.generation else { return }
        perform(machine.handle(.synced))
    }

    /// A sync that could not finish (no reply in time): the channel is dropped, which the reader
    /// reports as a loss, and the machine backs off and retries.
    func syncFailed(_ generation: Int) {
        guard generation == self.generation else { return }
        channel?.close()
    }

    /// The primary offered itself again over `channel` (mirror.accept): the link syncs over it as
    /// over one it opened, replacing a stream that may not have noticed its end yet.
    func adopt(_ channel: MirrorChannel) {
        perform(machine.handle(.stop))
        perform(machine.handle(.start))
        attach(channel, generation: generation)
    }

    var unreachableText: String {
        var text = "The primary on \(target.hostName) is unreachable"
        if let reason = machine.phase.reason { text += ": " + reason }
        if case .backoff(_, let delay) = machine.phase { text += String(format: "; reconnecting within %.1f s", delay.seconds) }
        return text + "."
    }

    // MARK: - Calls to the primary

    func call(_ method: String, _ params: JSONValue = .object([]), timeout: Duration? = nil) async -> Result<JSONValue, CallError> {
        guard let channel else { return .failure(CallError(message: unreachableText, code: nil)) }
        do {
            return .success(try await channel.client.call(method, params, timeout: timeout ?? options.replyTimeout))
        } catch {
            switch error {
            case .rpc(let rpc): return .failure(CallError(message: rpc.message, code: rpc.code))
            case .timedOut: return .failure(CallError(message: "the primary did not answer in time", code: nil))
            default: return .failure(CallError(message: "the link to the primary dropped", code: nil))
            }
        }
    }

    // MARK: - The machine's actions

    private func perform(_ actions: [MirrorLinkMachine.Action]) {
        for action in actions {
            switch action {
            case .open: open()
            case .sync: emit.yield(.opened(generation: generation))
            case .close:
                // Calls still waiting fail as the client sees the end ("the link to the primary dropped").
                channel?.close()
                channel = nil
            case .announceLive:
                connectedSince = Date()
                emit.yield(.live)
            case .announceLost(let reason, let retryIn):
                connectedSince = nil
                emit.yield(.lost(reason: reason, retryIn: retryIn, unreachable: unreachableText))
            case .scheduleRetry(let delay):
                retry.schedule(after: delay) { await self.retryDue() }
            case .cancelRetry:
                retry.cancel()
            }
        }
    }

    private func retryDue() { perform(machine.handle(.retryDue)) }

    private func lost(_ reason: String, retryable: Bool, generation: Int) {
        guard generation == self.generation else { return }
        // A link the primary offered is reopened by the primary, never dialled from here.
        perform(machine.handle(.lost(reason: reason, retryable: retryable && !target.isOffered, jitter: Double.random(in: 0...1))))
    }

    private func open() {
        generation += 1
        let generation = self.generation
        guard !target.isOffered else { return }  // nothing to dial: the primary brings the channel (adopt)
        let stderrPath = (stateDirectory ?? NSTemporaryDirectory()) + "/mirror-ssh.log"
        if let stateDirectory { try? DurableFile.createDirectory(stateDirectory) }  // the anchor goes there
        let ssh = target.sshArguments(ssh: options.ssh, remoteCoach: options.remoteCoach,
                                      connectTimeout: options.connectTimeout, extraOptions: options.sshOptions)
        let target = self.target
        Task {
            let opened: MirrorChannel
            do throws(MirrorChannel.OpenError) {
                opened = try await MirrorChannel.open(target, ssh: ssh, stderrPath: stderrPath)
            } catch {
                // Retried through the machine (as a drop).
                self.lost(error.reason, retryable: error.retryable, generation: generation)
                return
            }
            self.attach(opened, generation: generation)
        }
    }

    /// The channel `open` started is there: unless the link was stopped or reopened meanwhile,
    /// it becomes the link's and the machine syncs over it.
    private func attach(_ opened: MirrorChannel, generation: Int) {
        guard generation == self.generation, machine.phase == .connecting else {
            opened.close()
            return
        }
        channel = opened
        Task {
            for await message in opened.client.notifications { self.relay(message, generation: generation) }
            let (reason, retryable) = await opened.endReason()
            self.lost(reason, retryable: retryable, generation: generation)
        }
        perform(machine.handle(.opened))
    }

    private func relay(_ message: JSONValue, generation: Int) {
        guard generation == self.generation else { return }
        emit.yield(.notification(message))
    }
}
