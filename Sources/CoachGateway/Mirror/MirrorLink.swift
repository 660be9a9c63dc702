// MirrorLink: the effects around MirrorLinkMachine. It opens the channel to the primary (or takes
// the one a primary offered: `adopt`), syncs (subscribe to events and status, show the primary's
// workout, catch up on its anchored change feed, resend the outbox), writes what the primary says
// into the mirror's MirroredView (its status and announcements), forwards commands and samples
// (MirrorLink+Forward.swift), and arms the backoff timer. The primary decides: a mirror never
// runs a workout of its own.

import CoachCore
import CoachLanguage
import CoachStore
import CoachWire
import Foundation

public struct MirrorOptions: Sendable, Hashable {
    /// The `coach` to run on the primary (`coach` on its PATH unless told).
    public var remoteCoach = "coach"
    public var ssh = "ssh"
    /// ssh options put before ours (tests pin -F, the key and known_hosts; ssh keeps the first value).
    public var sshOptions: [String] = []
    public var connectTimeout = 10
    /// How long a forwarded command waits for the primary's reply.
    public var replyTimeout: Duration = .seconds(10)
    public var backoff = MirrorLinkMachine.Backoff()
    public init() {}
}

public actor MirrorLink {
    public nonisolated let target: MirrorTarget
    public nonisolated let options: MirrorOptions
    /// Where what is heard from the primary goes (the mirror's displays and announcements).
    private let view: MirroredView
    private var machine: MirrorLinkMachine
    private var channel: MirrorChannel?
    private var generation = 0
    private var retry = RetryTimer()
    var outbox: MirrorOutbox
    private let stateDirectory: String?
    /// The primary's change-feed anchor: workouts it saved or deleted up to here are known.
    private var anchor: Int?
    /// Workouts the primary saved while we were away, learned from its change feed, newest last.
    private var caughtUp: [String] = []
    private var connectedSince: Date?
    private var lastShown: WorkoutSnapshot?

    struct LinkCallError: Error { var message: String; var code: Int? }

    /// Where copies of the primary's saved workouts go (nil: none are kept, as before issue 33).
    private let store: @Sendable () -> WorkoutStore?
    /// The primary dropped this mirror (`coach mirror drop` there): told why, once.
    private let onDropped: @Sendable (String) async -> Void
    /// A catch-up is running; another asked meanwhile runs once it ends (never two at once).
    private var catchingUp = false
    private var catchUpAgain = false

    init(target: MirrorTarget, view: MirroredView, options: MirrorOptions, stateDirectory: String?,
         store: @escaping @Sendable () -> WorkoutStore? = { nil }, onDropped: @escaping @Sendable (String) async -> Void = { _ in }) {
        self.store = store
        self.onDropped = onDropped
        self.target = target
        self.options = options
        self.view = view
        self.stateDirectory = stateDirectory
        self.machine = MirrorLinkMachine(backoff: options.backoff)
        self.outbox = MirrorOutbox(path: stateDirectory.map { $0 + "/mirror-outbox.jsonl" })
        self.anchor = stateDirectory.flatMap { try? String(contentsOfFile: $0 + "/mirror-anchor", encoding: .utf8) }
            .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    public var phase: MirrorLinkPhase { machine.phase }
    public var isLive: Bool { machine.phase == .live }

    func start() { perform(machine.handle(.start)) }

    /// Stops the link. A primary that offered it is told first (`mirror.detach`), so it does not
    /// offer again; not when it dropped us itself (`detach` false).
    func stop(detach: Bool = true) async {
        if detach, target.isOffered, isLive { _ = await call("mirror.detach", .object([]), timeout: .seconds(2)) }
        perform(machine.handle(.stop))
        view.show(nil)
        await view.showNotice(nil)
    }

    // MARK: - The machine's actions

    private func perform(_ actions: [MirrorLinkMachine.Action]) {
        for action in actions {
            switch action {
            case .open: open()
            case .sync:
                let generation = self.generation
                Task { await self.sync(generation) }
            case .close:
                // Calls still waiting fail as the client sees the end ("the link to the primary dropped").
                channel?.close()
                channel = nil
            case .announceLive:
                connectedSince = Date()
                view.setUnreachable(nil)
                view.announce("mirrorConnected", phrase: "mirrorConnected", ["host": target.hostName])
                Task { await view.showNotice(nil) }
            case .announceLost(let reason, let retryIn):
                connectedSince = nil
                var values = ["host": target.hostName, "reason": reason]
                values["seconds"] = retryIn.map { String(format: "%.1f", $0.seconds) }
                let key = retryIn != nil ? "mirrorLostReconnecting" : target.isOffered ? "mirrorLostOffered" : "mirrorLostNotRetrying"
                view.announce("mirrorDisconnected", phrase: key, values)
                let notice = "primary \(target.hostName) unreachable"
                view.setUnreachable(unreachableText)
                // Nothing frozen: the workout goes from every display until the link is back.
                Task { [view] in
                    await view.showNotice(notice)
                    view.show(nil)
                }
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

    /// The primary offered itself again over `channel` (mirror.accept): the link syncs over it as
    /// over one it opened, replacing a stream that may not have noticed its end yet.
    func adopt(_ channel: MirrorChannel) {
        perform(machine.handle(.stop))
        perform(machine.handle(.start))
        attach(channel, generation: generation)
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
            for await message in opened.client.notifications { self.receive(message, generation: generation) }
            let (reason, retryable) = await opened.endReason()
            self.lost(reason, retryable: retryable, generation: generation)
        }
        perform(machine.handle(.opened))
    }

    // MARK: - Sync

    private func sync(_ generation: Int) async {
        // The first reply waits for ssh's handshake and the remote shell too.
        let first = Duration.seconds(options.connectTimeout) + options.replyTimeout
        // The primary learns it has a mirror (it announces the mirror's coming and going).
        // (A primary too old to know the method answers with an error: mirroring works without.)
        if case .failure(let error) = await call("mirror.attach", ["name": .string(ProcessInfo.processInfo.hostName)], timeout: first),
           error.code == nil {
            return syncFailed(generation)
        }
        // `changes` wakes the catch-up when the primary saves, amends or deletes; a primary from
        // before issue 33 refuses the param with an error, and is subscribed without it.
        var subscribed = await call("subscribe", ["events": true, "status": true, "changes": true,
                                                  "anchor": .number(Double(anchor ?? 0))])
        if case .failure(let error) = subscribed, error.code != nil {
            subscribed = await call("subscribe", ["events": true, "status": true])
        }
        guard case .success = subscribed, case .success(let status) = await call("status") else {
            return syncFailed(generation)
        }
        if let workout = status["workout"] { show(workout) }
        await catchUp()
        for sample in outbox.samples {
            guard case .success(let reply) = await call("sample", sample.params) else { return syncFailed(generation) }
            settle(sample, reply: reply)
        }
        guard generation == self.generation else { return }
        perform(machine.handle(.synced))
    }

    /// A sync that could not finish (no reply in time): the channel is dropped, which the reader
    /// reports as a loss, and the machine backs off and retries.
    private func syncFailed(_ generation: Int) {
        guard generation == self.generation else { return }
        channel?.close()
    }

    /// Reads the primary's anchored change feed from where we left off: workouts saved or deleted
    /// while the link was down are learned once each (the anchor is kept across restarts).
    /// The change feed is paged (`more`); a page at a time, at most `maximumCatchUpPages` per call.
    private func catchUp() async {
        guard !catchingUp else {
            catchUpAgain = true
            return
        }
        catchingUp = true
        repeat {
            catchUpAgain = false
            await catchUpPages()
        } while catchUpAgain
        catchingUp = false
    }

    private func catchUpPages() async {
        for _ in 0..<Self.maximumCatchUpPages {
            var params: [(String, JSONValue)] = []
            if let anchor { params.append(("anchor", .number(Double(anchor)))) }
            guard case .success(let reply) = await call("workouts.changes", .object(params)),
                  let changes = try? ChangesResult(json: reply) else { return }
            for id in changes.added.compactMap(\.workoutID) where !caughtUp.contains(id) { caughtUp.append(id) }
            if caughtUp.count > 100 { caughtUp.removeFirst(caughtUp.count - 100) }
            // The mirror's copies: the anchor moves on only once the page is applied, so a copy
            // that failed is fetched again next time — nothing the primary saved is skipped.
            guard await replicate(changes), changes.anchor >= (anchor ?? 0) else { return }
            anchor = changes.anchor
            if let stateDirectory { try? DurableFile.write(String(changes.anchor), to: stateDirectory + "/mirror-anchor") }
            guard changes.more else { return }
        }
    }

    static let maximumCatchUpPages = 1_000

    /// Copies the page's saved workouts into this gateway's store and removes the deleted ones.
    /// False when something could not be copied (the link dropped, the store failed).
    private func replicate(_ changes: ChangesResult) async -> Bool {
        guard let store = store() else { return true }
        for case .workout(let workout) in changes.added {
            do {
                switch try await fetchReplica(workout.id) {
                case .copy(let replica): try await store.applyReplica(replica)
                case .gone: continue  // deleted since the page was read: its tombstone follows
                case .later: return false
                }
            } catch {
                view.announce("mirrorCopyFailed", phrase: "mirrorCopyFailed", ["id": String(workout.id.prefix(8)), "error": "\(error)"])
                return false
            }
        }
        for tombstone in changes.deleted where tombstone.kind == "workout" {
            do { try await store.removeReplica(tombstone.id) } catch { return false }
        }
        return true
    }

    func settle(_ sample: OutboxSample, reply: JSONValue) {
        // Accepted (added, replaced, older ignored) or rejected for good: either way it is settled.
        outbox.remove(sample.syncIdentifier, version: sample.syncVersion)
    }

    // MARK: - Incoming

    /// A notification from the primary (its replies go straight to the calls that wait for them).
    private func receive(_ message: JSONValue, generation: Int) {
        guard generation == self.generation, let method = message["method"]?.stringValue else { return }
        let params = message["params"] ?? .null
        switch method {
        case "status": show(params)
        case "event":
            guard let event = try? EventNotification(json: params) else { return }
            view.announce(event.event, event.message, state: SessionState(rawValue: event.state))
            if event.event == "saved" || event.event == "discarded" { Task { await self.catchUp() } }
        case "changes":
            // The primary committed a change (a save, an amendment, a deletion): copy it.
            Task { await self.catchUp() }
        case "disconnect":
            let notice = (try? DisconnectNotification(json: params)) ?? DisconnectNotification(reason: "")
            let reason = notice.reason.isEmpty ? "no reason given" : notice.reason
            if notice.dropped {
                // Not a loss to retry: the primary's user detached this mirror.
                perform(machine.handle(.stop))
                Task { await onDropped(reason) }
            } else {
                view.announce("mirrorDisconnected", phrase: "mirrorLinkDropped", ["reason": reason])
            }
        default: break
        }
    }

    private func show(_ json: JSONValue) {
        guard let snapshot = MirroredSnapshot.decode(json, previous: lastShown, at: view.now) else { return }
        lastShown = snapshot
        view.show(snapshot)
    }

    // MARK: - Calls to the primary

    func call(_ method: String, _ params: JSONValue = .object([]),
              timeout: Duration? = nil) async -> Result<JSONValue, LinkCallError> {
        guard let channel else { return .failure(LinkCallError(message: unreachableText, code: nil)) }
        do {
            return .success(try await channel.client.call(method, params, timeout: timeout ?? options.replyTimeout))
        } catch {
            switch error {
            case .rpc(let rpc): return .failure(LinkCallError(message: rpc.message, code: rpc.code))
            case .timedOut: return .failure(LinkCallError(message: "the primary did not answer in time", code: nil))
            default: return .failure(LinkCallError(message: "the link to the primary dropped", code: nil))
            }
        }
    }

    var unreachableText: String {
        var text = "The primary on \(target.hostName) is unreachable"
        if let reason = machine.phase.reason { text += ": " + reason }
        if case .backoff(_, let delay) = machine.phase { text += String(format: "; reconnecting within %.1f s", delay.seconds) }
        return text + "."
    }

    // MARK: - Status

    public func status() -> MirrorStatusResult.Link {
        var reason: String?
        var retryIn: Double?
        reason = machine.phase.reason
        if case .backoff(_, let delay) = machine.phase { retryIn = (delay.seconds * 1000).rounded() / 1000 }
        return MirrorStatusResult.Link(target: target.description, state: machine.phase.name, reason: reason, retryIn: retryIn,
                                       failures: machine.failures, since: connectedSince.map(ISO8601.format),
                                       primaryWorkout: lastShown?.workoutID, queuedSamples: outbox.samples.count, anchor: anchor,
                                       caughtUp: caughtUp, sshPID: channel?.childPID.map { Int($0) })
    }
}
