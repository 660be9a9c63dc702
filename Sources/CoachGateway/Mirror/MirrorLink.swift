// MirrorLink: what flows between a mirror and its primary, over a MirrorConnection (the transport:
// channel, phases, backoff). On each channel it syncs (subscribe to events and status, show the
// primary's workout, catch up on its anchored change feed, resend the outbox), writes what the
// primary says into the mirror's MirroredView (its status and announcements), and forwards
// commands and samples (MirrorLink+Forward.swift). The primary decides: a mirror never runs a
// workout of its own.

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
    public nonisolated var target: MirrorTarget { connection.target }
    public nonisolated var options: MirrorOptions { connection.options }
    /// The transport: the channel, its phases and the backoff.
    let connection: MirrorConnection
    /// Where what is heard from the primary goes (the mirror's displays and announcements).
    private let view: MirroredView
    var outbox: MirrorOutbox
    private let stateDirectory: String?
    /// The primary's change-feed anchor: workouts it saved or deleted up to here are known.
    private var anchor: Int?
    /// Workouts the primary saved while we were away, learned from its change feed, newest last.
    private var caughtUp: [String] = []
    private var lastShown: WorkoutSnapshot?
    /// The connection's events are being followed (from the first start or adopt on).
    private var following = false

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
        self.connection = MirrorConnection(target: target, options: options, stateDirectory: stateDirectory)
        self.view = view
        self.stateDirectory = stateDirectory
        self.outbox = MirrorOutbox(path: stateDirectory.map { $0 + "/mirror-outbox.jsonl" })
        self.anchor = stateDirectory.flatMap { try? String(contentsOfFile: $0 + "/mirror-anchor", encoding: .utf8) }
            .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    func start() async {
        follow()
        await connection.start()
    }

    /// Stops the link. A primary that offered it is told first (`mirror.detach`), so it does not
    /// offer again; not when it dropped us itself (`detach` false).
    func stop(detach: Bool = true) async {
        if detach, target.isOffered, await connection.isLive { _ = await call("mirror.detach", .object([]), timeout: .seconds(2)) }
        await connection.stop()
        view.show(nil)
        await view.showNotice(nil)
    }

    /// The primary offered itself again over `channel` (mirror.accept): the link syncs over it.
    func adopt(_ channel: MirrorChannel) async {
        follow()
        await connection.adopt(channel)
    }

    // MARK: - The connection's events

    private func follow() {
        guard !following else { return }
        following = true
        let events = connection.events
        Task { [weak self] in
            for await event in events {
                guard let self else { return }
                await self.handle(event)
            }
        }
    }

    private func handle(_ event: MirrorConnection.Event) {
        switch event {
        case .opened(let generation):
            Task { await self.sync(generation) }
        case .live:
            view.setUnreachable(nil)
            view.announce("mirrorConnected", phrase: "mirrorConnected", ["host": target.hostName])
            Task { await view.showNotice(nil) }
        case .lost(let reason, let retryIn, let unreachable):
            var values = ["host": target.hostName, "reason": reason]
            values["seconds"] = retryIn.map { String(format: "%.1f", $0.seconds) }
            let key = retryIn != nil ? "mirrorLostReconnecting" : target.isOffered ? "mirrorLostOffered" : "mirrorLostNotRetrying"
            view.announce("mirrorDisconnected", phrase: key, values)
            let notice = "primary \(target.hostName) unreachable"
            view.setUnreachable(unreachable)
            // Nothing frozen: the workout goes from every display until the link is back.
            Task { [view] in
                await view.showNotice(notice)
                view.show(nil)
            }
        case .notification(let message):
            receive(message)
        }
    }

    // MARK: - Sync

    private func sync(_ generation: Int) async {
        // The first reply waits for ssh's handshake and the remote shell too.
        let first = Duration.seconds(options.connectTimeout) + options.replyTimeout
        // The primary learns it has a mirror (it announces the mirror's coming and going).
        // (A primary too old to know the method answers with an error: mirroring works without.)
        if case .failure(let error) = await call("mirror.attach", ["name": .string(ProcessInfo.processInfo.hostName)], timeout: first),
           error.code == nil {
            return await connection.syncFailed(generation)
        }
        // `changes` wakes the catch-up when the primary saves, amends or deletes; a primary from
        // before issue 33 refuses the param with an error, and is subscribed without it.
        var subscribed = await call("subscribe", ["events": true, "status": true, "changes": true,
                                                  "anchor": .number(Double(anchor ?? 0))])
        if case .failure(let error) = subscribed, error.code != nil {
            subscribed = await call("subscribe", ["events": true, "status": true])
        }
        guard case .success = subscribed, case .success(let status) = await call("status") else {
            return await connection.syncFailed(generation)
        }
        if let workout = status["workout"] { show(workout) }
        await catchUp()
        for sample in outbox.samples {
            guard case .success(let reply) = await call("sample", sample.params) else { return await connection.syncFailed(generation) }
            settle(sample, reply: reply)
        }
        await connection.synced(generation)
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
    private func receive(_ message: JSONValue) {
        guard let method = message["method"]?.stringValue else { return }
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
                Task {
                    await connection.stop()
                    await onDropped(reason)
                }
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
              timeout: Duration? = nil) async -> Result<JSONValue, MirrorConnection.CallError> {
        await connection.call(method, params, timeout: timeout)
    }

    var unreachableText: String { get async { await connection.unreachableText } }

    // MARK: - Status

    public func status() async -> MirrorStatusResult.Link {
        let phase = await connection.phase
        var retryIn: Double?
        if case .backoff(_, let delay) = phase { retryIn = (delay.seconds * 1000).rounded() / 1000 }
        return MirrorStatusResult.Link(target: target.description, state: phase.name, reason: phase.reason, retryIn: retryIn,
                                       failures: await connection.failures, since: await connection.connectedSince.map(ISO8601.format),
                                       primaryWorkout: lastShown?.workoutID, queuedSamples: outbox.samples.count, anchor: anchor,
                                       caughtUp: caughtUp, sshPID: await connection.sshPID)
    }
}
