// WorkoutManager: the actor at the centre. It owns the engine and the clock, applies intents one at
// a time, performs the engine's actions (journal, timers, notifications, feed), and publishes to
// any number of subscribers as async sequences.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

public actor WorkoutManager {
    /// How timers run: against the real clock, or only when `advance(by:)` moves a manual clock
    /// (scripts in virtual time, tests), which makes every run give the same output.
    public enum TimerMode: Sendable { case realTime, manual }

    private var engine: WorkoutEngine
    private let clock: any WorkoutClock
    public nonisolated let timerMode: TimerMode
    private let makeWorkoutID: @Sendable () -> String
    private let journal: JournalPipeline?
    private var timer: Task<Void, Never>?
    private let changeFanOut = FanOut<WorkoutChange>()
    private let snapshotFanOut = FanOut<WorkoutSnapshot>()
    /// The latest snapshot, readable without waiting on the actor (status bars poll often).
    private let cache: Mutex<(snapshot: WorkoutSnapshot, countdownDeadline: MonotonicInstant?)>

    public init(clock: any WorkoutClock, configuration: EngineConfiguration = EngineConfiguration(),
                journal: (any WorkoutJournal)? = nil, journalRetry: JournalRetryPolicy = JournalRetryPolicy(),
                timerMode: TimerMode = .realTime,
                makeWorkoutID: @escaping @Sendable () -> String = { UUID().uuidString.lowercased() }) {
        self.engine = WorkoutEngine(configuration: configuration)
        self.clock = clock
        self.timerMode = timerMode
        self.makeWorkoutID = makeWorkoutID
        self.journal = journal.map { JournalPipeline(journal: $0, retryPolicy: journalRetry) }
        self.cache = Mutex((WorkoutSnapshot(at: clock.now()), nil))
    }

    // MARK: - Inputs

    /// Runs an intent through resolve → confirm → handle and performs what it changed. Returns once
    /// the change is durable (or the outcome says it is not). `origin` marks the changes it
    /// causes (WorkoutChange.origin).
    public func perform(_ intent: WorkoutIntent, origin: Int? = nil) async -> IntentOutcome {
        let now = self.now()
        let result = engine.perform(intent, at: now, newWorkoutID: makeWorkoutID())
        var outcome = result.outcome
        outcome.journalProblem = await run(result.actions, origin: origin)
        return outcome
    }

    /// Feeds a metric into the running workout. `unit` nil means the type's canonical unit.
    /// `queued` runs once the sample has its place in the journal's order, before its commit is
    /// awaited: a connection then starts its next request, so pipelined samples share one commit.
    public func addSample(_ type: QuantityType, value: Double, unit: String? = nil,
                          syncIdentifier: String? = nil, syncVersion: Int? = nil,
                          source: SampleSource? = nil,
                          queued: (@Sendable () -> Void)? = nil) async throws -> SampleOutcome {
        let canonical = try type.canonicalValue(value, unit: unit)
        let now = self.now()
        let sample = QuantitySample(type: type, value: canonical, at: now,
                                    syncIdentifier: syncIdentifier, syncVersion: syncVersion, source: source)
        let (outcome, actions) = engine.add(sample, at: now)
        if let problem = await run(actions, queued: queued) { throw problem }
        if outcome == .ignoredOlderVersion, let journal {
            // The version that supersedes this one may still be waiting for the store (a write
            // that failed): the retry is acknowledged only once that version is durable, and
            // fails as the first attempt did otherwise.
            if let problem = await durable(journal.lastTicket, in: journal) { throw problem }
        }
        return outcome
    }

    /// A speed reading (m/s) from a sensor: it feeds auto-pause, and is not stored as a sample.
    public func observeSpeed(_ speed: Double) async {
        let actions = engine.observeSpeed(speed, at: now())
        _ = await run(actions)
    }

    /// A strap's cumulative Energy Expended (kJ): generated active energy when nothing better counts.
    public func observeEnergyExpended(_ kilojoules: Double, sensor: String) async {
        let actions = engine.observeEnergyExpended(kilojoules, sensor: sensor, at: now())
        _ = await run(actions)
    }

    /// Feeds a route point into the running workout. Throws `LocationProblem` for impossible
    /// coordinates (nothing is recorded), or the journal's problem.
    public func addLocation(latitude: Double, longitude: Double, altitude: Double? = nil,
                            horizontalAccuracy: Double? = nil) async throws -> SampleOutcome {
        if let problem = LocationSample.problem(latitude: latitude, longitude: longitude, altitude: altitude,
                                                horizontalAccuracy: horizontalAccuracy) {
            throw problem
        }
        let now = self.now()
        let location = LocationSample(latitude: latitude, longitude: longitude, altitude: altitude,
                                      horizontalAccuracy: horizontalAccuracy, at: now)
        let (outcome, actions) = engine.add(location, at: now)
        if let problem = await run(actions) { throw problem }
        return outcome
    }

    /// Writes not yet durable, after a failed write (they are retried on a timer).
    public nonisolated var pendingWrites: Int { journal?.backlog ?? 0 }

    /// The clock's reading with its date held to the workout's own timeline while one runs: the
    /// wall date at its start plus the boot clock since. A wall-clock step during a workout (NTP,
    /// a user) then moves none of its dates, so end − start stays its elapsed time plus its pauses
    /// — HealthKit's HKWorkout needs endDate ≥ startDate and a duration within them, which a 2 h
    /// step back broke (Benchmarks/soak). The next workout starts on the stepped clock.
    private func now() -> Timestamp {
        let session = engine.workout?.session
        return Self.held(clock.now(), to: session?.endDate == nil ? session?.startDate : nil)
    }

    /// `reading` with its date moved to `origin`'s date plus the monotonic time since `origin`.
    static func held(_ reading: Timestamp, to origin: Timestamp?) -> Timestamp {
        guard let origin else { return reading }
        return Timestamp(monotonic: reading.monotonic, date: origin.date.addingTimeInterval((reading.monotonic - origin.monotonic).seconds))
    }

    public func status() -> WorkoutSnapshot {
        engine.snapshot(at: now())
    }

    /// The status now, without waiting for the actor: the snapshot taken after the last change,
    /// moved forward to the current time. Equal to `status()` (tested).
    public nonisolated func currentStatus() -> WorkoutSnapshot {
        let (snapshot, deadline) = cache.withLock { $0 }
        return snapshot.advanced(to: Self.held(clock.now(), to: snapshot.startDate == nil || snapshot.endDate != nil ? nil : snapshot.at), countdownDeadline: deadline)
    }

    public var state: SessionState { engine.state }

    /// Replaces the (empty) engine with a workout rebuilt from its journal, after a restart.
    public func recover(from entries: [JournalEntry]) async -> WorkoutSnapshot {
        let (recovered, actions) = WorkoutEngine.recovering(from: entries, configuration: engine.configuration,
                                                            at: clock.now(), boot: clock.bootID)
        engine = recovered
        _ = await run(actions)
        return status()
    }

    // MARK: - Time

    /// Runs whatever is due now (countdown seconds, time goals).
    public func tick() async {
        let actions = engine.tick(at: now())
        _ = await run(actions)
    }

    /// Moves a manual clock forward, running every timer at its own instant on the way, so a
    /// countdown or goal inside the interval happens exactly when it would in real time.
    public func advance(by duration: Duration) async {
        guard let manual = clock as? ManualWorkoutClock else { return }
        let target = manual.now().monotonic + duration
        while let next = engine.nextDeadline(after: manual.now().monotonic), next <= target {
            manual.advance(by: Swift.max(next - manual.now().monotonic, .zero))
            await tick()
        }
        manual.advance(by: Swift.max(target - manual.now().monotonic, .zero))
    }

    // MARK: - Subscriptions

    /// Every notification from now on, each with the status it left behind. The stream keeps the
    /// most recent `backlog` if the reader lags.
    public nonisolated func changes(backlog: Int = 256) -> AsyncStream<WorkoutChange> {
        changeFanOut.subscribe(buffering: .bufferingNewest(backlog))
    }

    /// The status after every change, starting with the current one. A slow reader sees the newest
    /// only: a display never needs an old frame.
    public func snapshots() -> AsyncStream<WorkoutSnapshot> {
        snapshotFanOut.subscribe(buffering: .bufferingNewest(1), initial: status())
    }

    /// Whether a workout is in progress here (a gateway that runs one cannot mirror another).
    public var hasOwnWorkout: Bool { engine.state.isOngoing }

    /// Stops timers and finishes every subscriber's stream. Writes still pending after a failure
    /// get one last attempt first (a graceful stop must not leave an ended workout unsaved, to
    /// come back running after the restart); the problem is returned if that fails too.
    @discardableResult
    public func shutdown() async -> JournalProblem? {
        timer?.cancel()
        timer = nil
        var problem: JournalProblem?
        if let journal {
            do { try await journal.close() } catch { problem = Self.problem(error) }
        }
        changeFanOut.finishAll()
        snapshotFanOut.finishAll()
        return problem
    }

    // MARK: - Performing actions

    /// Performs the engine's actions in order: journal writes are queued in order and awaited
    /// together (one durable batch), then subscribers hear about the change.
    private func run(_ actions: [WorkoutAction], origin: Int? = nil, queued: (@Sendable () -> Void)? = nil) async -> JournalProblem? {
        if !actions.isEmpty {
            let snapshot = engine.snapshot(at: now())
            let deadline = engine.workout?.session.countdownDeadline
            cache.withLock { $0 = (snapshot, deadline) }
        }
        var writes: [JournalWrite] = []
        var notifications: [WorkoutNotification] = []
        var publish = false
        for action in actions {
            switch action {
            case .journal(var entry):
                switch entry.kind {
                case .sample, .location: break  // kept in columns, without it
                default: entry.boot = clock.bootID
                }
                writes.append(.entry(entry))
            case .save(let workout): writes.append(.save(workout))
            case .notify(let notification): notifications.append(notification)
            case .publish: publish = true
            case .scheduleTick(let deadline): schedule(at: deadline)
            case .cancelTick:
                timer?.cancel()
                timer = nil
            }
        }
        // One status for everything this input changed: the snapshot subscribers (displays) get it
        // at once — it is the engine's state, which a failed write does not undo (the write is
        // retried) — and the notifications carry the same one once the writes are durable, so an
        // announcement ("Your run is paused.") never comes before its reply could.
        let snapshot = notifications.isEmpty && !publish ? nil : status()
        if publish, let snapshot { snapshotFanOut.yield(snapshot) }
        var problem: JournalProblem?
        if let journal, !writes.isEmpty {
            let ticket = journal.enqueue(writes)
            queued?()
            problem = await durable(ticket, in: journal)
        }
        if let snapshot {
            for notification in notifications { changeFanOut.yield(WorkoutChange(notification, snapshot: snapshot, origin: origin)) }
        }
        return problem
    }

    /// Waits until every write up to `ticket` is durable; the store's problem if it is not.
    private func durable(_ ticket: Int, in journal: JournalPipeline) async -> JournalProblem? {
        do {
            try await journal.waitDurable(ticket)
            return nil
        } catch {
            return Self.problem(error)
        }
    }

    private static func problem(_ error: any Error) -> JournalProblem {
        error as? JournalProblem ?? JournalProblem(code: "errorDatabaseInaccessible", message: "\(error)")
    }

    private func schedule(at deadline: MonotonicInstant) {
        timer?.cancel()
        guard timerMode == .realTime else { return }
        let clock = self.clock
        timer = Task { [weak self] in
            do { try await clock.sleep(until: deadline) } catch { return }
            await self?.tick()
        }
    }
}
