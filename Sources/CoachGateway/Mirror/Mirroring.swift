// A gateway's mirroring roles: the mirror of one primary (a MirrorLink), and/or the primary of any
// number of mirrors that attached to it (each announced when it comes and goes, with the reason).
// JSON-RPC `mirror.start`, `mirror.stop`, `mirror.status` and `mirror.attach` land here.

import CoachCore
import CoachLanguage
import Foundation
import Synchronization

public enum MirrorError: Error, Sendable, CustomStringConvertible {
    case ownWorkout
    case virtualTime

    public var description: String {
        switch self {
        case .ownWorkout: return "this gateway has a workout in progress: end it before mirroring another gateway (a mirror runs no workout of its own)"
        case .virtualTime: return "a gateway in virtual time (a script) cannot mirror"
        }
    }
}

public final class Mirroring: Sendable {
    private struct Attached: Sendable { var name: String; var since: Date }
    private let state = Mutex<(workout: MirroredWorkout?, attached: [Int: Attached], nextID: Int)>((nil, [:], 0))

    public init() {}

    /// The link to the primary while this gateway mirrors one.
    public var link: MirrorLink? { state.withLock { $0.workout?.link } }

    var attachedNames: [String] { state.withLock { $0.attached.values.sorted { $0.since < $1.since }.map(\.name) } }

    func setWorkout(_ workout: MirroredWorkout?) -> MirroredWorkout? {
        state.withLock { state in
            defer { state.workout = workout }
            return state.workout
        }
    }

    func attach(_ name: String) -> Int {
        state.withLock { state in
            state.nextID += 1
            state.attached[state.nextID] = Attached(name: name, since: Date())
            return state.nextID
        }
    }

    func detach(_ id: Int) -> String? { state.withLock { $0.attached.removeValue(forKey: id)?.name } }
}

extension Gateway {
    /// Makes this gateway the mirror of the primary at `target` (replacing any earlier one).
    /// Remembered in the state directory, so a restarted gateway mirrors again.
    public func startMirroring(_ target: MirrorTarget, options: MirrorOptions = MirrorOptions()) async throws -> MirrorLink {
        guard !isVirtual else { throw MirrorError.virtualTime }
        guard await !manager.hasOwnWorkout else { throw MirrorError.ownWorkout }
        // What the link hears goes down into the view, and from there to the displays and the
        // announcement streams: the link never calls back into this gateway.
        let view = MirroredView(local: sources.local, clock: clock, relay: { [announcements] in announcements.relay($0) },
                                notice: { [feed] in await feed.setNotice($0) })
        view.setUnreachable("The primary on \(target.hostName) is not connected yet.")
        let link = MirrorLink(target: target, view: view, options: options, stateDirectory: state?.directory)
        let workout = MirroredWorkout(link: link, view: view)
        if let previous = mirroring.setWorkout(workout) { await previous.link.stop() }
        sources.use(workout)
        state?.rememberMirror(target, options: options)
        await link.start()
        return link
    }

    /// A mirror that was killed mirrors again when it restarts (its outbox is resent on reconnect),
    /// unless it recovered a workout of its own.
    func resumeRememberedMirror() async {
        guard let mirror = state?.mirror else { return }
        _ = try? await startMirroring(mirror.target, options: mirror.options)
    }

    /// Stops mirroring: this gateway shows its own (idle) state again.
    @discardableResult
    public func stopMirroring() async -> Bool {
        state?.rememberMirror(nil, options: nil)
        guard let workout = mirroring.setWorkout(nil) else { return false }
        await workout.link.stop()
        sources.use(nil)
        announceLink("mirrorStopped", "Stopped mirroring \(workout.link.target.hostName).")
        return true
    }

    /// `coach mirror status --json`: this gateway's role, its link and its mirrors.
    public func mirrorStatus() async -> JSONValue {
        let mirrors = JSONValue.array(mirroring.attachedNames.map(JSONValue.string))
        guard let link = mirroring.link else {
            return ["role": .string(mirroring.attachedNames.isEmpty ? "none" : "primary"), "mirrors": mirrors]
        }
        guard case .object(var members) = await link.statusJSON() else { return .null }
        members.append(("mirrors", mirrors))
        return .object(members)
    }

    /// A mirror attached to this gateway over `session`; announced now and when it goes.
    func attachMirror(name: String, session: ConnectionSession) {
        let id = mirroring.attach(name)
        announceLink("mirrorAttached", "A mirror attached: \(name).")
        session.onClose { [weak self] in
            guard let self, let name = self.mirroring.detach(id) else { return }
            self.announceLink("mirrorDetached", "The mirror \(name) disconnected (its connection closed); the workout carries on here.")
        }
    }

    func announceLink(_ kind: String, _ text: String) {
        let snapshot = source.currentStatus()
        relay(Announcement(relayed: kind, text: text, state: snapshot.state, snapshot: snapshot))
    }
}

extension StateDirectory {
    private var mirrorFile: String { directory + "/mirror" }

    /// The primary this gateway mirrored when it last ran (one JSON line), if any.
    public var mirror: (target: MirrorTarget, options: MirrorOptions)? {
        guard let text = try? String(contentsOfFile: mirrorFile, encoding: .utf8),
              let json = try? JSONValue(parsing: text.trimmingCharacters(in: .whitespacesAndNewlines)),
              let name = json["target"]?.stringValue, let target = try? MirrorTarget(parsing: name) else { return nil }
        var options = MirrorOptions()
        if let coach = json["remoteCoach"]?.stringValue { options.remoteCoach = coach }
        if let ssh = json["ssh"]?.stringValue { options.ssh = ssh }
        if case .array(let extra)? = json["sshOptions"] { options.sshOptions = extra.compactMap(\.stringValue) }
        return (target, options)
    }

    func rememberMirror(_ target: MirrorTarget?, options: MirrorOptions?) {
        guard let target, let options else {
            try? FileManager.default.removeItem(atPath: mirrorFile)
            return
        }
        let json: JSONValue = ["target": .string(target.description), "remoteCoach": .string(options.remoteCoach),
                               "ssh": .string(options.ssh), "sshOptions": .array(options.sshOptions.map(JSONValue.string))]
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try? (json.serialized() + "\n").write(toFile: mirrorFile, atomically: true, encoding: .utf8)
    }
}
