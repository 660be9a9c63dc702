// A conversation: the follow-up question a channel is waiting on ("Which workout?", "Discard your
// run?"), so that the next line can answer it. One per REPL, per socket connection.

import CoachCore
import Synchronization
import Foundation

/// What the last reply asked the user.
public enum PendingQuestion: Sendable, Hashable {
    /// "Which workout?" for this start; answerable by name or by number among `options`.
    case activity(StartWorkoutIntent, options: [ActivityType])
    /// "Discard your run?", "Did you mean: end your run?": a yes performs the intent.
    case confirmation(WorkoutIntent)
}

public final class Conversation: Sendable {
    private let pending = Mutex<PendingQuestion?>(nil)
    /// Marks the changes this conversation's commands cause (WorkoutChange.origin), so that the
    /// channel that already shows the reply can leave their announcements out.
    public let id: Int

    private static let ids = Atomic<Int>(0)

    public init() {
        id = Self.ids.add(1, ordering: .relaxed).newValue
    }

    public var question: PendingQuestion? { pending.withLock { $0 } }

    func ask(_ question: PendingQuestion?) { pending.withLock { $0 = question } }

    var isPending: Bool { pending.withLock { $0 != nil } }
    func take() -> PendingQuestion? { pending.withLock { question in defer { question = nil }; return question } }
}
