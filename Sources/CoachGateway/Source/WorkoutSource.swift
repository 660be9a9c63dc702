// WorkoutSource: where a gateway's workout lives — here (LocalWorkout, the manager) or on another
// gateway this one mirrors (MirroredWorkout, in Mirror/). Every command, sample and status read the
// gateway serves goes through its source, so nothing outside Mirror/ knows which one it is: a
// command comes back as an outcome for this gateway to word, or as a reply already worded by the
// primary; a sample is recorded here or sent on.

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
    /// Performs a command. `origin` is the conversation that asked (the manager's journal keeps it).
    func perform(_ intent: WorkoutIntent, origin: Int?, language: Language, locked: Bool) async -> CommandAnswer
    /// Records a metric, or sends it on. `queued` runs once the sample has its place in the order.
    func record(_ sample: LiveSample, queued: (@Sendable () -> Void)?) async throws -> SampleReply
    /// A route point; throws `LocationProblem` for impossible coordinates.
    func addLocation(latitude: Double, longitude: Double, altitude: Double?, horizontalAccuracy: Double?) async throws -> SampleOutcome
    /// A speed reading from a sensor, for auto-pause.
    func observeSpeed(_ speed: Double) async
    /// A strap's cumulative Energy Expended (kJ), for generated active energy.
    func observeEnergyExpended(_ kilojoules: Double, sensor: String) async
    /// Why the workout cannot be shown truthfully now, said instead of a status; nil: it can.
    var unavailableReason: String? { get }
    /// Whether an idle gateway must stay up for this source (a mirror waits for its primary's workout).
    var keepsGatewayUp: Bool { get }
}

/// What a source answers for a command.
enum CommandAnswer: Sendable {
    /// Performed by this gateway's workout: the gateway words it.
    case performed(IntentOutcome)
    /// Answered elsewhere (a mirror's primary), already worded, codes included.
    case answered(GatewayResult)
}

/// A metric as a client or a sensor sends it.
public struct LiveSample: Sendable {
    public var type: QuantityType
    public var value: Double
    public var unit: String?
    public var syncIdentifier: String?
    public var syncVersion: Int?
    /// Who wrote it (nil: the user).
    public var source: SampleSource?

    public init(_ type: QuantityType, value: Double, unit: String? = nil, syncIdentifier: String? = nil,
                syncVersion: Int? = nil, source: SampleSource? = nil) {
        self.type = type
        self.value = value
        self.unit = unit
        self.syncIdentifier = syncIdentifier
        self.syncVersion = syncVersion
        self.source = source
    }
}

/// What became of a sample handed to the workout's source.
public enum SampleReply: Sendable {
    /// Recorded by this gateway's workout.
    case recorded(SampleOutcome)
    /// Sent on to the primary this gateway mirrors: its answer, or `queued` while it is away.
    case sentOn(SampleResult)
}

/// This gateway's own workout: the manager, which performs everything itself.
struct LocalWorkout: WorkoutSource {
    let manager: WorkoutManager

    func currentStatus() -> WorkoutSnapshot { manager.currentStatus() }
    func status() async -> WorkoutSnapshot { await manager.status() }
    func snapshots() async -> AsyncStream<WorkoutSnapshot> { await manager.snapshots() }

    func perform(_ intent: WorkoutIntent, origin: Int?, language: Language, locked: Bool) async -> CommandAnswer {
        .performed(await manager.perform(intent, origin: origin))
    }

    func record(_ sample: LiveSample, queued: (@Sendable () -> Void)?) async throws -> SampleReply {
        .recorded(try await manager.addSample(sample.type, value: sample.value, unit: sample.unit, syncIdentifier: sample.syncIdentifier,
                                              syncVersion: sample.syncVersion, source: sample.source, queued: queued))
    }

    func addLocation(latitude: Double, longitude: Double, altitude: Double?, horizontalAccuracy: Double?) async throws -> SampleOutcome {
        try await manager.addLocation(latitude: latitude, longitude: longitude, altitude: altitude, horizontalAccuracy: horizontalAccuracy)
    }

    func observeSpeed(_ speed: Double) async { await manager.observeSpeed(speed) }
    func observeEnergyExpended(_ kilojoules: Double, sensor: String) async { await manager.observeEnergyExpended(kilojoules, sensor: sensor) }
    var unavailableReason: String? { nil }
    var keepsGatewayUp: Bool { false }
}
