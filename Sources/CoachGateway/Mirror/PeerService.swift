// PeerService: a gateway's mirroring roles — the mirror of one primary (a MirrorLink), and/or the
// primary of any number of mirrors that attached to it (each announced when it comes and goes,
// with the reason) or that it offered itself to (MirrorOffer; PeerService+Offers.swift). JSON-RPC
// `mirror.*` lands here; what a mirror remembers is kept in the state directory.

import CoachCore
import CoachStore
import CoachLanguage
import CoachWire
import Foundation
import Synchronization

public enum MirrorError: Error, Sendable, CustomStringConvertible {
    case ownWorkout
    case virtualTime
    /// Offered mirroring by one primary while mirroring another (what, and how it started).
    case alreadyMirroring(String)
    /// An offer from a gateway that serves no socket (an embedded REPL): nothing to serve it on.
    case noSocket
    /// The offer's first attempt failed: why, and what to do.
    case offerFailed(String)

    public var description: String {
        switch self {
        case .ownWorkout: return "this gateway has a workout in progress: end it before mirroring another gateway (a mirror runs no workout of its own)"
        case .virtualTime: return "a gateway in virtual time (a script) cannot mirror"
        case .alreadyMirroring(let what): return "this gateway already mirrors \(what): run `coach mirror stop` on it first"
        case .noSocket: return "this gateway serves no socket, so it cannot offer mirroring: run `coach serve` (or let a command start the gateway)"
        case .offerFailed(let why): return why
        }
    }
}

/// The gateway's service for its peers: mirroring another gateway, and being mirrored. It is handed
/// what it needs when GatewayAssembly builds it — the source switch, the clock, the state
/// directory, where announcements and display notices go — and never calls back into the gateway.
public final class PeerService: Sendable {
    struct Attached: Sendable {
        var name: String
        var since: Date
        var session: ConnectionSession
    }
    let state = Mutex<(workout: MirroredWorkout?, attached: [Int: Attached], nextID: Int)>((nil, [:], 0))
    /// The offers this gateway made, how to serve their streams, and why it last stopped mirroring
    /// when its primary dropped it (PeerService+Offers.swift).
    let offerBook = Mutex(OfferBook())
    let sources: SourceSwitch
    let clock: any WorkoutClock
    let remembered: StateDirectory?
    let isVirtual: Bool
    let hasOwnWorkout: @Sendable () async -> Bool
    private let relay: @Sendable (Announcement) -> Void
    let notice: @Sendable (String?) async -> Void
    /// This gateway's store, where a mirror keeps copies of the primary's saved workouts.
    let store: @Sendable () -> WorkoutStore?

    /// `relay` takes an announcement to every announcement subscriber; `notice` puts a line on the
    /// displays instead of any workout (nil clears it); `hasOwnWorkout` asks whether this gateway
    /// runs a workout of its own (then it cannot mirror another).
    init(sources: SourceSwitch, clock: any WorkoutClock, state: StateDirectory?, isVirtual: Bool,
         hasOwnWorkout: @escaping @Sendable () async -> Bool, relay: @escaping @Sendable (Announcement) -> Void,
         notice: @escaping @Sendable (String?) async -> Void, store: @escaping @Sendable () -> WorkoutStore? = { nil }) {
        self.store = store
        self.sources = sources
        self.clock = clock
        self.remembered = state
        self.isVirtual = isVirtual
        self.hasOwnWorkout = hasOwnWorkout
        self.relay = relay
        self.notice = notice
    }

    /// The link to the primary while this gateway mirrors one.
    public var link: MirrorLink? { state.withLock { $0.workout?.link } }

    private var attachedNames: [String] { state.withLock { $0.attached.values.sorted { $0.since < $1.since }.map(\.name) } }

    func setWorkout(_ workout: MirroredWorkout?) -> MirroredWorkout? {
        state.withLock { state in
            defer { state.workout = workout }
            return state.workout
        }
    }

    /// Makes this gateway the mirror of the primary at `target` (replacing any earlier one).
    /// Remembered in the state directory, so a restarted gateway mirrors again.
    public func startMirroring(_ target: MirrorTarget, options: MirrorOptions = MirrorOptions()) async throws -> MirrorLink {
        guard !isVirtual else { throw MirrorError.virtualTime }
        guard await !hasOwnWorkout() else { throw MirrorError.ownWorkout }
        let workout = makeMirroredWorkout(target, options: options)
        if let previous = setWorkout(workout) { await previous.link.stop() }
        forgetDrop()
        sources.use(workout)
        remembered?.rememberMirror(target, options: options)
        await workout.link.start()
        return workout.link
    }

    /// The link to `target` and what it shows (not yet this gateway's source).
    func makeMirroredWorkout(_ target: MirrorTarget, options: MirrorOptions) -> MirroredWorkout {
        // What the link hears goes down into the view, and from there to the displays and the
        // announcement streams: the link never calls back into this gateway.
        let view = MirroredView(local: sources.local, clock: clock, relay: relay, notice: notice)
        view.setUnreachable("The primary on \(target.hostName) is not connected yet.")
        let link = MirrorLink(target: target, view: view, options: options, stateDirectory: remembered?.directory, store: store,
                              onDropped: { [weak self] reason in await self?.droppedByPrimary(target, reason: reason) })
        return MirroredWorkout(link: link, view: view)
    }

    /// A mirror that was killed mirrors again when it restarts (its outbox is resent on reconnect),
    /// unless it recovered a workout of its own.
    func resumeRememberedMirror() async {
        guard let mirror = remembered?.mirror else { return }
        _ = try? await startMirroring(mirror.target, options: mirror.options)
    }

    /// Stops mirroring: this gateway shows its own (idle) state again.
    @discardableResult
    public func stopMirroring() async -> Bool {
        remembered?.rememberMirror(nil, options: nil)
        forgetDrop()
        guard let workout = setWorkout(nil) else { return false }
        await workout.link.stop()
        sources.use(nil)
        announceLink("mirrorStopped", phrase: "mirrorStopped", ["host": workout.link.target.hostName])
        return true
    }

    /// `coach mirror status --json`: this gateway's role, its link and its mirrors.
    public func mirrorStatus() async -> MirrorStatusResult {
        let offers = await offerStatuses()
        guard let link else {
            return MirrorStatusResult(role: attachedNames.isEmpty && offers.isEmpty ? "none" : "primary", drop: lastDrop(),
                                      mirrors: attachedNames, offers: offers)
        }
        return MirrorStatusResult(role: "mirror", link: await link.status(), mirrors: attachedNames, offers: offers)
    }

    /// A mirror attached to this gateway over `session`; announced now and when it goes.
    func attachMirror(name: String, session: ConnectionSession) {
        let id = state.withLock { state in
            state.nextID += 1
            state.attached[state.nextID] = Attached(name: name, since: Date(), session: session)
            return state.nextID
        }
        announceLink("mirrorAttached", phrase: "mirrorAttached", ["name": name])
        session.onClose { [weak self] in
            guard let self, let name = self.state.withLock({ $0.attached.removeValue(forKey: id)?.name }) else { return }
            self.announceLink("mirrorDetached", phrase: "mirrorDetached", ["name": name])
        }
    }

    /// News of a link, as an `events:` phrase (Intents/<lang>/_responses.yaml) worded in each
    /// listener's language.
    func announceLink(_ kind: String, phrase key: String, _ values: [String: String]) {
        let snapshot = sources.current.currentStatus()
        relay(Announcement(link: kind, phrase: key, values: values, state: snapshot.state, snapshot: snapshot))
    }
}

extension StateDirectory {
    private var mirrorFile: String { directory + "/mirror" }
    private var offersFile: String { directory + "/mirror-offers" }

    /// The primary this gateway mirrored when it last ran (one JSON line), if any.
    public var mirror: (target: MirrorTarget, options: MirrorOptions)? {
        (try? String(contentsOfFile: mirrorFile, encoding: .utf8)).flatMap(Self.link)
    }

    /// The gateways this one offered mirroring to when it last ran (one JSON line each).
    var offers: [(target: MirrorTarget, options: MirrorOptions)] {
        guard let text = try? String(contentsOfFile: offersFile, encoding: .utf8) else { return [] }
        return text.split(whereSeparator: \.isNewline).compactMap { Self.link(String($0)) }
    }

    func rememberMirror(_ target: MirrorTarget?, options: MirrorOptions?) {
        guard let target, let options else {
            try? FileManager.default.removeItem(atPath: mirrorFile)
            return
        }
        write(Self.line(target, options), to: mirrorFile)
    }

    func rememberOffers(_ offers: [(target: MirrorTarget, options: MirrorOptions)]) {
        guard !offers.isEmpty else {
            try? FileManager.default.removeItem(atPath: offersFile)
            return
        }
        write(offers.map { Self.line($0.target, $0.options) }.joined(), to: offersFile)
    }

    private func write(_ text: String, to path: String) {
        try? DurableFile.createDirectory(directory)
        try? DurableFile.write(text, to: path)
    }

    private static func line(_ target: MirrorTarget, _ options: MirrorOptions) -> String {
        let json: JSONValue = ["target": .string(target.description), "remoteCoach": .string(options.remoteCoach),
                               "ssh": .string(options.ssh), "sshOptions": .array(options.sshOptions.map(JSONValue.string)),
                               "connectTimeout": .number(Double(options.connectTimeout))]
        return json.serialized() + "\n"
    }

    private static func link(_ text: String) -> (target: MirrorTarget, options: MirrorOptions)? {
        guard let json = try? JSONValue(parsing: text.trimmingCharacters(in: .whitespacesAndNewlines)),
              let name = json["target"]?.stringValue, let target = try? MirrorTarget(parsing: name) else { return nil }
        var options = MirrorOptions()
        if let coach = json["remoteCoach"]?.stringValue { options.remoteCoach = coach }
        if let ssh = json["ssh"]?.stringValue { options.ssh = ssh }
        if case .array(let extra)? = json["sshOptions"] { options.sshOptions = extra.compactMap(\.stringValue) }
        if let timeout = json["connectTimeout"]?.intValue, (1...300).contains(timeout) { options.connectTimeout = timeout }
        return (target, options)
    }
}
