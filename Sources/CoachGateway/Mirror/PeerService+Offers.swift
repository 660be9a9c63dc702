// Mirroring started from the primary (docs/mirroring.md, "Offering from the primary"): the
// primary's `mirror.offer` (a MirrorOffer per target, kept in the gateway) and `mirror.drop`, and
// the mirror's side, `mirror.accept`: the connection the primary opened becomes the mirror's link
// (ReversedConnection), and from there it mirrors exactly as after `mirror start`. A mirror the
// primary dropped stops, and says so in `mirror status`.

import CoachCore
import Foundation
import Synchronization

/// The offers a gateway made and how their streams are served; and, on a mirror, the last drop.
struct OfferBook: Sendable {
    var offers: [MirrorOffer] = []
    var server: ConnectionServer?
    var socketPath: String?
    /// Offers whose mirror left (`mirror.detach`): kept for `mirror status`, not resumed after a restart.
    var left: Set<String> = []
    var lastDrop: (target: String, reason: String, at: Date)?
}

extension PeerService {
    /// How this gateway serves the streams it opens (GatewayServer, once it listens on `socketPath`).
    /// The offers made before a restart are made again (each retried with backoff until it is
    /// taken, dropped, or the mirror leaves).
    func installServer(socketPath: String, serve: @escaping ConnectionServer) {
        offerBook.withLock { $0.server = serve; $0.socketPath = socketPath }
        guard !isVirtual, let remembered else { return }
        for (target, options) in remembered.offers {
            let offer = makeOffer(target, options: options, serve: serve, socketPath: socketPath)
            offerBook.withLock { $0.offers.append(offer) }
            Task { _ = await offer.start() }
        }
    }

    private func makeOffer(_ target: MirrorTarget, options: MirrorOptions, serve: @escaping ConnectionServer, socketPath: String) -> MirrorOffer {
        let host = ProcessInfo.processInfo.hostName
        return MirrorOffer(target: target, options: options, primaryName: host, primaryID: host + ":" + socketPath,
                           stateDirectory: remembered?.directory, serve: serve,
                           announce: { [weak self] kind, key, values in self?.announceLink(kind, phrase: key, values) })
    }

    /// Keeps the offers to resume after a restart: all but those whose mirror left.
    private func rememberOffers() {
        let kept = offerBook.withLock { book in book.offers.filter { !book.left.contains($0.target.description) } }
        remembered?.rememberOffers(kept.map { ($0.target, $0.options) })
    }

    // MARK: - The primary

    /// `coach mirror offer TARGET`: opens the link to the gateway at `target`, which mirrors this
    /// one from then on. Returns once it does; the first attempt failing is an error that says
    /// what to do (nothing is left retrying). Later drops are retried with the link's backoff.
    public func offerMirroring(_ target: MirrorTarget, options: MirrorOptions = MirrorOptions()) async throws -> MirrorStatusResult {
        guard !isVirtual else { throw MirrorError.virtualTime }
        guard let (serve, socketPath) = offerBook.withLock({ book in book.server.map { ($0, book.socketPath ?? "") } }) else {
            throw MirrorError.noSocket
        }
        if case .unix(let path) = target, path == socketPath {
            throw MirrorError.offerFailed("\(target) is this gateway's own socket: offer mirroring to another gateway's socket")
        }
        // An offer to the same target replaces the one before.
        let previous = offerBook.withLock { book in
            defer { book.offers.removeAll { $0.target == target }; book.left.remove(target.description) }
            return book.offers.filter { $0.target == target }
        }
        for offer in previous { await offer.stop() }
        let offer = makeOffer(target, options: options, serve: serve, socketPath: socketPath)
        offerBook.withLock { $0.offers.append(offer) }
        if let failure = await offer.start() {
            offerBook.withLock { $0.offers.removeAll { $0 === offer } }
            await offer.stop()
            rememberOffers()
            throw MirrorError.offerFailed(Self.offerAdvice(failure, target: target))
        }
        rememberOffers()
        announceLink("mirrorOffered", phrase: "mirrorOffered", ["host": target.hostName])
        return await mirrorStatus()
    }

    /// The words of a failed offer: what happened, and what the user can check.
    static func offerAdvice(_ reason: String, target: MirrorTarget) -> String {
        var text = "could not offer mirroring to \(target): \(reason)"
        if case .ssh(let user, let host, let port) = target, !reason.contains("refused the offer"), !reason.contains("no gateway runs") {
            let login = (port.map { "-p \($0) " } ?? "") + (user.map { $0 + "@" } ?? "") + host
            text += ". Check that `ssh \(login) coach bridge </dev/null` works from here: it exits 0 when a gateway runs there"
        }
        return text
    }

    /// `coach mirror drop NAME`: detaches every mirror called `name` (its host name, or the target
    /// it was offered to). Each is told why before its connection closes; an offer is withdrawn.
    public func dropMirror(_ name: String, reason: String?) async throws -> MirrorStatusResult {
        let why = reason ?? "the primary's user dropped this mirror (`coach mirror drop`)"
        let offers = offerBook.withLock { book in
            let matched = book.offers.filter { $0.target.description == name || $0.target.hostName == name }
            book.offers.removeAll { offer in matched.contains { $0 === offer } }
            return matched
        }
        let labels = Set(offers.map(\.target.description))
        let sessions = state.withLock { state in
            state.attached.values.filter { $0.name == name || $0.session.offeredTo.map { labels.contains($0) || $0 == name } == true }
        }
        // A mirror called `name` over an offered link: withdraw that offer too.
        let viaOffers = Set(sessions.compactMap(\.session.offeredTo)).subtracting(labels)
        let more = offerBook.withLock { book in
            defer { book.offers.removeAll { viaOffers.contains($0.target.description) } }
            return book.offers.filter { viaOffers.contains($0.target.description) }
        }
        guard !offers.isEmpty || !sessions.isEmpty || !more.isEmpty else {
            let known = state.withLock { $0.attached.values.map(\.name) } + offerBook.withLock { $0.offers.map(\.target.description) }
            throw MirrorError.offerFailed("no mirror called \(name)" + (known.isEmpty ? ": none is attached or offered"
                                                                               : "; the mirrors are: " + Set(known).sorted().joined(separator: ", ")))
        }
        let notice = RPCMessage.notification(method: "disconnect",
                                             DisconnectNotification(reason: why, dropped: true, primary: ProcessInfo.processInfo.hostName).json)
        for attached in sessions { attached.session.control?.write(notice, true) }
        for offer in offers + more { await offer.stop(grace: .seconds(1)) }
        rememberOffers()
        let dropped = Set(sessions.map(\.name) + (offers + more).map(\.target.description)).sorted()
        announceLink("mirrorDropped", phrase: "mirrorDropped", ["name": name])
        var status = await mirrorStatus()
        status.dropped = dropped
        return status
    }

    /// `mirror.detach` from a mirror that stops: if it came over an offered link, that offer ends.
    func mirrorDetached(session: ConnectionSession) async {
        guard let label = session.offeredTo else { return }
        let offers = offerBook.withLock { book in
            book.left.insert(label)
            return book.offers.filter { $0.target.description == label }
        }
        for offer in offers { await offer.endedByMirror() }
        rememberOffers()
    }

    func offerStatuses() async -> [MirrorStatusResult.Offer] {
        var list: [MirrorStatusResult.Offer] = []
        for offer in offerBook.withLock({ $0.offers }) { list.append(await offer.status()) }
        return list
    }

    // MARK: - The mirror

    /// `mirror.accept`: the primary `primary` offers itself over `session`'s connection. Refused
    /// while this gateway mirrors another primary or runs a workout of its own.
    func acceptOffer(primary: String, primaryID: String, session: ConnectionSession) async throws -> MirrorLinkResult {
        guard !isVirtual else { throw MirrorError.virtualTime }
        guard let control = session.control else {
            throw RPCError.invalidRequest("mirror.accept is sent over a gateway's socket by a primary offering mirroring")
        }
        let target = MirrorTarget.offered(primary: primary, id: primaryID)
        let workout: MirroredWorkout
        if let current = state.withLock({ $0.workout }) {
            guard current.link.target == target else { throw MirrorError.alreadyMirroring(Self.describe(current.link.target)) }
            workout = current  // the same primary again (its stream dropped): the link takes the new one
        } else {
            guard await !hasOwnWorkout() else { throw MirrorError.ownWorkout }
            let made = makeMirroredWorkout(target, options: MirrorOptions())
            let other = state.withLock { state -> MirroredWorkout? in
                if let other = state.workout { return other }
                state.workout = made
                return nil
            }
            if let other { throw MirrorError.alreadyMirroring(Self.describe(other.link.target)) }
            workout = made
            forgetDrop()
            sources.use(made)
        }
        // Every line the primary sends from now on is for the link; the reply below goes first.
        let connection = ReversedConnection(control: control)
        session.onClose { connection.ended() }
        control.takeOver { connection.receive($0) }
        Task {
            guard await connection.waitUntilReady(timeout: .seconds(30)) else { return connection.close() }
            await workout.link.adopt(MirrorChannel(offered: connection))
        }
        return MirrorLinkResult("accepted", mirror: ProcessInfo.processInfo.hostName)
    }

    private static func describe(_ target: MirrorTarget) -> String {
        target.isOffered ? "the primary on \(target.hostName) (it offered the link)" : "\(target) (`coach mirror start`)"
    }

    /// The primary dropped this mirror: it stops (and is not resumed after a restart), and
    /// `mirror status` says so until it mirrors again or `coach mirror stop`.
    func droppedByPrimary(_ target: MirrorTarget, reason: String) async {
        let workout = state.withLock { state -> MirroredWorkout? in
            guard let workout = state.workout, workout.link.target == target else { return nil }
            state.workout = nil
            return workout
        }
        guard let workout else { return }
        remembered?.rememberMirror(nil, options: nil)
        offerBook.withLock { $0.lastDrop = (target.description, reason, Date()) }
        await workout.link.stop(detach: false)
        sources.use(nil)
        announceLink("mirrorDropped", phrase: "mirrorDroppedByPrimary", ["host": target.hostName, "reason": reason])
    }

    func forgetDrop() { offerBook.withLock { $0.lastDrop = nil } }

    /// `mirror.status` of a gateway its primary dropped.
    func lastDrop() -> MirrorStatusResult.Drop? {
        guard let drop = offerBook.withLock({ $0.lastDrop }) else { return nil }
        return MirrorStatusResult.Drop(target: drop.target, reason: "dropped by the primary: " + drop.reason, droppedAt: ISO8601.format(drop.at))
    }
}
