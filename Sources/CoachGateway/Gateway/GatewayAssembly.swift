// GatewayAssembly: the core of every gateway — the vocabulary, the workout manager with its clock,
// the journal and crash recovery, what the state directory remembers, and the intent path with the
// display and peer services beside it, each handed what it needs. The program's gateways
// (`coach serve`, the REPL's own) are started through GatewayApp (CoachApp), which applies the
// settings file around this; tests and the fuzz target build the core alone.

import CoachCore
import CoachPlans
import CoachLanguage
import CoachStore
import Foundation
import Synchronization

public struct GatewayConfiguration: Sendable {
    /// The countdown before a workout runs (HealthKit's prepare → start).
    public var countdown: Duration = .seconds(3)
    /// Guest mode: workouts run and show as usual, but nothing is written.
    public var guest = false
    /// Virtual time for scripts: the clock moves only when told to, so output is repeatable.
    public var virtualClock = false
    /// Tests only (`coach serve --test-clock-file`, hidden): the real clock plus offsets a driver
    /// writes to this file (DrivenWorkoutClock), for the soak's compressed days, steps and suspend.
    public var clockFile: String?
    /// The built-in vocabulary; nil looks it up (`$COACH_INTENTS`, next to the binary, the source tree).
    public var intentsDirectory: String?
    /// The SQLite store; nil is `$XDG_DATA_HOME/coach/coach.sqlite`. Unused in guest mode and in
    /// virtual time (a replayed script must not leave made-up workouts in the user's history).
    public var storePath: String?
    /// Where the privacy lock and the tmux servers are remembered; nil is `$XDG_STATE_HOME/coach`.
    /// Virtual time remembers nothing.
    public var stateDirectory: String?
    /// Which activities auto-pause (docs/sensors.md); by default outdoor runs and rides.
    public var autoPause: AutoPausePolicy = .defaults
    /// Each whole kilometre or mile is announced (settings: `units`).
    public var milestoneUnit: DistanceUnit = .kilometers
    /// Where saved plans live (docs/plans.md); nil: $XDG_CONFIG_HOME/coach/workouts.
    public var plansDirectory: String?
    /// The athlete's zones, for a plan step's heart-rate zone alert.
    public var heartRateZones: HeartRateZones?
    /// Weight, age and sex for active energy generated from heart rate (`profile:`).
    public var energyProfile = EnergyProfile()
    /// What a workout announces on its own and what each announcement says (`announce:`).
    public var reports = ReportSettings()

    public init() {}
}

public enum GatewayAssemblyError: Error, CustomStringConvertible {
    case vocabularyNotFound

    public var description: String {
        "cannot find the Intents/ vocabulary directory; set COACH_INTENTS to its path"
    }
}

/// A gateway and what was found on start.
public struct HostedGateway: Sendable {
    public var gateway: Gateway
    /// The workout recovered from the journal after a crash, if there was one.
    public var recovered: WorkoutSnapshot?
    /// A problem with the store, to report (the gateway runs anyway).
    public var storeProblem: String?
    public var store: WorkoutStore?
}

public enum GatewayAssembly {
    /// Builds the gateway, opens the store and recovers an interrupted workout.
    public static func start(_ configuration: GatewayConfiguration) async throws -> HostedGateway {
        var journal: (any WorkoutJournal)?
        var storeJournal: StoreJournal?
        var problem: String?
        // A guest reads the owner's store, read-only, with the owner's read grants (visionOS
        // Guest User): history, show and the change feed work; nothing is ever written.
        var ownersStore: WorkoutStore?
        if configuration.guest {
            journal = GuestJournal()
            let path = configuration.storePath ?? StorePaths.databasePath()
            if FileManager.default.fileExists(atPath: path) { ownersStore = try? WorkoutStore.open(path: path, readOnly: true) }
        } else if !configuration.virtualClock {
            let path = configuration.storePath ?? StorePaths.databasePath()
            let opened: WorkoutStore?
            do { opened = try WorkoutStore.open(path: path) } catch {
                opened = nil
                problem = "\(error)"
            }
            storeJournal = StoreJournal(path: path, opened: opened)
            journal = storeJournal
        }
        let state = configuration.virtualClock ? nil : StateDirectory(directory: configuration.stateDirectory ?? StateDirectory.defaultDirectory())
        let gateway = try makeGateway(configuration, journal: journal, state: state,
                                      store: { [storeJournal, ownersStore] in storeJournal?.current ?? ownersStore })
        var recovered: WorkoutSnapshot?
        if let store = storeJournal?.current {
            do {
                if let entries = try store.activeWorkoutJournal(), !entries.isEmpty {
                    recovered = await gateway.manager.recover(from: entries)
                }
            } catch {
                problem = "could not read the interrupted workout: \(error)"
            }
        }
        // What the state directory remembers (the lock, tmux servers, a mirrored primary) is taken
        // up again; a gateway with a workout of its own (recovered) cannot mirror another.
        await gateway.displays.resumeRemembered()
        if recovered == nil { await gateway.peers.resumeRememberedMirror() }
        return HostedGateway(gateway: gateway, recovered: recovered, storeProblem: problem, store: storeJournal?.current)
    }

    public static func makeGateway(_ configuration: GatewayConfiguration, journal: (any WorkoutJournal)? = nil,
                                   state: StateDirectory? = nil,
                                   store: @escaping @Sendable () -> WorkoutStore? = { nil }) throws -> Gateway {
        guard let intents = configuration.intentsDirectory ?? Recognizer.builtInIntentsDirectory() else {
            throw GatewayAssemblyError.vocabularyNotFound
        }
        let user = Recognizer.userIntentsDirectory()
        let recognizer = try Recognizer(intentsDirectory: intents,
                                        userDirectory: FileManager.default.fileExists(atPath: user) ? user : nil)
        let engine = EngineConfiguration(countdown: configuration.countdown, autoPause: configuration.autoPause,
                                         milestoneUnit: configuration.milestoneUnit, heartRateZones: configuration.heartRateZones,
                                         energyProfile: configuration.energyProfile, reports: configuration.reports)
        let manager: WorkoutManager
        let clock: any WorkoutClock
        if configuration.virtualClock {
            let counter = WorkoutCounter()
            clock = ManualWorkoutClock()
            manager = WorkoutManager(clock: clock, configuration: engine, journal: journal,
                                     timerMode: .manual, makeWorkoutID: { counter.next() })
        } else {
            clock = configuration.clockFile.map { DrivenWorkoutClock(path: $0) as any WorkoutClock } ?? SystemWorkoutClock()
            manager = WorkoutManager(clock: clock, configuration: engine, journal: journal)
        }
        return assemble(manager: manager, recognizer: recognizer, clock: clock, keepsWorkouts: journal != nil, state: state, store: store,
                        plans: PlanLibrary(directory: configuration.plansDirectory ?? PlanLibrary.defaultDirectory(),
                                           builtInDirectory: PlanLibrary.builtInDirectory(intents: intents)),
                        isGuest: configuration.guest, reportStatistics: configuration.reports.statistics)
    }

    /// The intent path and the services beside it. Each service gets what it needs as values and
    /// closures here — the manager's changes, what the source shows, where announcements go — so
    /// none holds the Gateway or calls back up into it.
    private static func assemble(manager: WorkoutManager, recognizer: Recognizer, clock: any WorkoutClock, keepsWorkouts: Bool,
                                 state: StateDirectory?, store: @escaping @Sendable () -> WorkoutStore?,
                                 plans: PlanLibrary, isGuest: Bool, reportStatistics: [ReportStatistic] = []) -> Gateway {
        let composer = ResponseComposer(catalog: recognizer.responses, reportStatistics: reportStatistics)
        let sources = SourceSwitch(local: LocalWorkout(manager: manager))
        let displays = DisplayService(clock: clock, composer: composer, state: state, shown: sources.snapshots(),
                                      changes: { manager.changes() })
        let feed = displays.feed
        let peers = PeerService(sources: sources, clock: clock, state: state, isVirtual: manager.timerMode == .manual,
                                hasOwnWorkout: { await manager.hasOwnWorkout }, relay: { displays.relay($0) },
                                notice: { await feed.setNotice($0) }, store: store)
        return Gateway(manager: manager, recognizer: recognizer, composer: composer, sources: sources, displays: displays,
                       peers: peers, clock: clock, keepsWorkouts: keepsWorkouts, state: state, store: store,
                       plans: plans, isGuest: isGuest)
    }
}

/// Deterministic workout IDs for virtual-time scripts ("workout-1", "workout-2", …).
final class WorkoutCounter: Sendable {
    private let value = Mutex(0)
    func next() -> String { value.withLock { $0 += 1; return "workout-\($0)" } }
}
