// WorkoutSource: where a gateway's workout lives — here (LocalWorkout, the manager) or on another
// gateway this one mirrors (MirroredWorkout, in Mirror/). The gateway hands its source the commands
// and samples a source may take elsewhere, and shows what the source shows; nothing outside
// Mirror/ needs to know which one it is.

import CoachCore
import CoachLanguage
import CoachWire

protocol WorkoutSource: Sendable {
    /// The workout as shown now, without waiting (status bars poll often).
    func currentStatus() -> WorkoutSnapshot
    /// The same, in order with the commands sent before it.
    func status() async -> WorkoutSnapshot
    /// What the source shows after every change, starting with the current one; newest only.
    func snapshots() async -> AsyncStream<WorkoutSnapshot>
    /// A command the source answers itself, already worded (a primary's reply); nil: this
    /// gateway's manager performs it.
    func forward(_ intent: WorkoutIntent, language: Language, locked: Bool) async -> GatewayResult?
    /// A `sample` request the source takes itself (a mirror queues it for its primary); nil: it is
    /// recorded here.
    func forwardSample(_ params: DecodedParams) async throws -> JSONValue?
    /// Why the workout cannot be shown truthfully now, said instead of a status; nil: it can.
    var unavailableReason: String? { get }
    /// Whether an idle gateway must stay up for this source (a mirror waits for its primary's workout).
    var keepsGatewayUp: Bool { get }
}

/// This gateway's own workout: the manager, which performs everything itself.
struct LocalWorkout: WorkoutSource {
    let manager: WorkoutManager

    func currentStatus() -> WorkoutSnapshot { manager.currentStatus() }
    func status() async -> WorkoutSnapshot { await manager.status() }
    func snapshots() async -> AsyncStream<WorkoutSnapshot> { await manager.snapshots() }
    func forward(_ intent: WorkoutIntent, language: Language, locked: Bool) async -> GatewayResult? { nil }
    func forwardSample(_ params: DecodedParams) async throws -> JSONValue? { nil }
    var unavailableReason: String? { nil }
    var keepsGatewayUp: Bool { false }
}
