// GatewayHost: assembles a gateway for `coach serve` and the embedded REPL — the vocabulary, the
// workout manager with its clock, and (once the store is wired) the journal and crash recovery.

import CoachCore
import CoachLanguage
import Foundation

public struct GatewayConfiguration: Sendable {
    /// The countdown before a workout runs (HealthKit's prepare → start).
    public var countdown: Duration = .seconds(3)
    /// Guest mode: workouts run and show as usual, but nothing is written.
    public var guest = false
    /// Virtual time for scripts: the clock moves only when told to, so output is repeatable.
    public var virtualClock = false
    /// The built-in vocabulary; nil looks it up (`$COACH_INTENTS`, next to the binary, the source tree).
    public var intentsDirectory: String?

    public init() {}
}

public enum GatewayHostError: Error, CustomStringConvertible {
    case vocabularyNotFound

    public var description: String {
        "cannot find the Intents/ vocabulary directory; set COACH_INTENTS to its path"
    }
}

public enum GatewayHost {
    public static func makeGateway(_ configuration: GatewayConfiguration) throws -> Gateway {
        guard let intents = configuration.intentsDirectory ?? Recognizer.builtInIntentsDirectory() else {
            throw GatewayHostError.vocabularyNotFound
        }
        let user = Recognizer.userIntentsDirectory()
        let recognizer = try Recognizer(intentsDirectory: intents,
                                        userDirectory: FileManager.default.fileExists(atPath: user) ? user : nil)
        let engine = EngineConfiguration(countdown: configuration.countdown)
        let manager: WorkoutManager
        if configuration.virtualClock {
            let counter = WorkoutCounter()
            manager = WorkoutManager(clock: ManualWorkoutClock(), configuration: engine, timerMode: .manual,
                                     makeWorkoutID: { counter.next() })
        } else {
            manager = WorkoutManager(clock: SystemWorkoutClock(), configuration: engine)
        }
        return Gateway(manager: manager, recognizer: recognizer)
    }
}

/// Deterministic workout IDs for virtual-time scripts ("workout-1", "workout-2", …).
final class WorkoutCounter: Sendable {
    private let value = Mutex(0)
    func next() -> String { value.withLock { $0 += 1; return "workout-\($0)" } }
}

import Synchronization
