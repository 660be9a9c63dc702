// AnnouncementHub: the manager's changes worded in each subscriber's language, with relayed ones
// (a mirror's link, worded here too, and its primary's events) passed into the same streams. It
// is handed, when it is made, where changes come from and how to word one; it asks nothing of
// anyone above it.

import CoachCore
import CoachLanguage
import Synchronization

final class AnnouncementHub: Sendable {
    private let changes: @Sendable () -> AsyncStream<WorkoutChange>
    private let word: @Sendable (WorkoutChange, Language) -> String?
    private let phrase: @Sendable (String, [String: String], Language) -> String
    private let relays = FanOut<Announcement>()
    /// The language of the last command understood: announcements that follow the user's language
    /// (`coach serve --speak`) are worded in it.
    private let userLanguage = Mutex(Language.en)

    /// `changes` makes a new subscription to the manager's changes; `word` gives a change's
    /// sentence in a language, or nil for a change not worth a line; `phrase` words a link's news
    /// (an `events:` phrase and its values) in a language.
    init(changes: @escaping @Sendable () -> AsyncStream<WorkoutChange>,
         phrase: @escaping @Sendable (String, [String: String], Language) -> String,
         word: @escaping @Sendable (WorkoutChange, Language) -> String?) {
        self.changes = changes
        self.phrase = phrase
        self.word = word
    }

    func relay(_ announcement: Announcement) { relays.yield(announcement) }

    var lastLanguage: Language { userLanguage.withLock { $0 } }

    func heard(_ language: Language) { userLanguage.withLock { $0 = language } }

    /// `language` nil: each announcement in the language of the last command understood.
    func subscribe(language: Language?) -> AsyncStream<Announcement> {
        let changes = self.changes()
        let relayed = relays.subscribe(buffering: .bufferingNewest(256))
        let (stream, continuation) = AsyncStream.makeStream(of: Announcement.self, bufferingPolicy: .bufferingNewest(256))
        let task = Task { [word, phrase, self] in
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await var announcement in relayed {
                        if let (key, values) = announcement.phrase {
                            announcement.language = language ?? self.lastLanguage
                            announcement.text = phrase(key, values, announcement.language)
                        }
                        continuation.yield(announcement)
                    }
                }
                for await change in changes {
                    let language = language ?? self.lastLanguage
                    guard let text = word(change, language) else { continue }
                    // Worded from the snapshot the change carries: no second question to the manager.
                    continuation.yield(Announcement(notification: change.notification, text: text, snapshot: change.snapshot,
                                                    language: language, origin: change.origin))
                }
                group.cancelAll()
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}
