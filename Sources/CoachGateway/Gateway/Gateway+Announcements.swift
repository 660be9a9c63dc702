// Announcements: the manager's changes worded in each subscriber's language, with relayed ones (a
// mirror's link and its primary's events) passed into the same streams.

import CoachCore
import CoachLanguage
import Synchronization

extension Gateway {
    // MARK: - Announcements

    /// Lines worth announcing (countdown, state changes, laps, goal, saved…) in `language`, for the
    /// REPL to print above its prompt and for socket subscribers.
    public func announcements(language: Language = .en) -> AsyncStream<Announcement> {
        announcements.subscribe(gateway: self, language: language)
    }

    /// Announcements in the language of the last command the gateway understood (English until
    /// one is): someone who says 「一時停止」 hears the pause announced in Japanese.
    public func announcementsFollowingTheUser() -> AsyncStream<Announcement> {
        announcements.subscribe(gateway: self, language: nil)
    }

    /// The language of the last command understood (English until one is).
    public var lastLanguage: Language { lastCommandLanguage.withLock { $0 } }

    /// Hands an announcement that did not come from the manager (a link's, a peer's) to every
    /// announcement subscriber.
    public func relay(_ announcement: Announcement) { announcements.relay(announcement) }

    /// Words a change from the snapshot it carries (no second question to the manager).
    func announce(_ change: WorkoutChange, language: Language) -> Announcement? {
        guard let text = composer.announcement(change.notification, snapshot: change.snapshot, language: language,
                                               locked: isLocked) else {
            return nil
        }
        return Announcement(notification: change.notification, text: text, snapshot: change.snapshot, language: language,
                            origin: change.origin)
    }
}

/// Turns the manager's changes into announcement streams in each subscriber's language, with
/// relayed announcements passed into the same streams.
final class AnnouncementHub: Sendable {
    private let relays = FanOut<Announcement>()

    func relay(_ announcement: Announcement) { relays.yield(announcement) }

    /// `language` nil: each announcement in the language of the last command understood.
    func subscribe(gateway: Gateway, language: Language?) -> AsyncStream<Announcement> {
        let changes = gateway.manager.changes()
        let relayed = relays.subscribe(buffering: .bufferingNewest(256))
        let (stream, continuation) = AsyncStream.makeStream(of: Announcement.self, bufferingPolicy: .bufferingNewest(256))
        let task = Task {
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await announcement in relayed { continuation.yield(announcement) }
                }
                for await change in changes {
                    if let announcement = gateway.announce(change, language: language ?? gateway.lastLanguage) {
                        continuation.yield(announcement)
                    }
                }
                group.cancelAll()
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}
