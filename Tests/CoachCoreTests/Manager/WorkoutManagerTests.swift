// WorkoutManager: one intent at a time under concurrency, timers in virtual time, subscriptions,
// and journal writes in order with nothing dropped when the store fails.

import CoachCore
import Synchronization
import Testing

/// An in-memory journal that can be told to fail.
final class MemoryJournal: WorkoutJournal {
    let writes = Mutex<[[JournalWrite]]>([])
    let failing = Mutex(false)

    func write(_ batch: [JournalWrite]) async throws {
        if failing.withLock({ $0 }) { throw JournalProblem(code: "errorDatabaseInaccessible", message: "disk full") }
        writes.withLock { $0.append(batch) }
    }

    var entries: [JournalEntry] {
        writes.withLock { $0.flatMap { $0 } }.compactMap { if case .entry(let entry) = $0 { return entry } else { return nil } }
    }
}

@Suite("WorkoutManager")
struct WorkoutManagerTests {
    @Test func sixtyFourConcurrentStartsGiveExactlyOneSuccess() async {
        for _ in 0..<20 {
            let manager = WorkoutManager(clock: ManualWorkoutClock(), journal: MemoryJournal(), timerMode: .manual)
            let codes = await withTaskGroup(of: IntentCode.self) { group in
                for _ in 0..<64 {
                    group.addTask { await manager.perform(.start(StartWorkoutIntent(activity: .running))).code }
                }
                return await group.reduce(into: [IntentCode]()) { $0.append($1) }
            }
            #expect(codes.count { $0 == .success } == 1)
            #expect(codes.count { $0 == .failureOngoingWorkout } == 63)
        }
    }

    @Test func virtualTimeRunsTheCountdownAndExcludesPauses() async {
        let clock = ManualWorkoutClock()
        let manager = WorkoutManager(clock: clock, timerMode: .manual)
        _ = await manager.perform(.start(StartWorkoutIntent(activity: .running, location: .outdoor)))
        #expect(await manager.status().countdown == 3)
        await manager.advance(by: .seconds(63))       // 3 s countdown + 60 s running
        #expect(await manager.status().elapsed == 60)
        #expect(await manager.perform(.pause()).code == .success)
        await manager.advance(by: .seconds(30))
        #expect(await manager.perform(.start(StartWorkoutIntent(activity: .cycling))).code == .failureOngoingWorkout)
        #expect(await manager.perform(.resume()).code == .success)
        await manager.advance(by: .seconds(60))
        let status = await manager.perform(.status)
        #expect(status.snapshot.elapsed == 120)
        #expect(status.snapshot.state == .running)
    }

    @Test func notificationsArriveInOrder() async {
        let manager = WorkoutManager(clock: ManualWorkoutClock(), timerMode: .manual)
        let stream = manager.changes()
        _ = await manager.perform(.start(StartWorkoutIntent(activity: .walking)))
        await manager.advance(by: .seconds(3))
        _ = await manager.perform(.pause())
        await manager.shutdown()
        var seen: [String] = []
        var states: [SessionState] = []
        for await change in stream {
            states.append(change.snapshot.state)
            switch change.notification {
            case .stateChanged(let from, let to, _): seen.append("\(from)→\(to)")
            case .countdown(let left): seen.append("countdown \(left)")
            case .event(let event): seen.append(event.type.rawValue)
            default: break
            }
        }
        #expect(seen == ["notStarted→prepared", "countdown 2", "countdown 1", "prepared→running", "running→paused", "pause"])
        // Each notification carries the status it left behind.
        #expect(states == [.prepared, .prepared, .prepared, .running, .paused, .paused])
    }

    @Test func timeGoalIsReachedOnceAtTheRightMoment() async {
        let manager = WorkoutManager(clock: ManualWorkoutClock(), configuration: EngineConfiguration(countdown: .zero),
                                     timerMode: .manual)
        let stream = manager.changes()
        _ = await manager.perform(.start(StartWorkoutIntent(activity: .running, goal: .time(seconds: 600))))
        await manager.advance(by: .seconds(300))
        _ = await manager.perform(.pause())
        await manager.advance(by: .seconds(100))
        _ = await manager.perform(.resume())
        await manager.advance(by: .seconds(400))
        await manager.shutdown()
        var reached: [Timestamp] = []
        for await change in stream {
            if case .goalReached(_, let when) = change.notification { reached.append(when) }
        }
        #expect(reached.count == 1)
        #expect(reached.first?.monotonic == MonotonicInstant(nanoseconds: 700_000_000_000))
        #expect(await manager.status().goalProgress == 1)
    }

    @Test func journalWritesArriveInTransitionOrder() async throws {
        let journal = MemoryJournal()
        let manager = WorkoutManager(clock: ManualWorkoutClock(),
                                     configuration: EngineConfiguration(countdown: .zero, minimumSavedDuration: .zero),
                                     journal: journal, timerMode: .manual)
        _ = await manager.perform(.start(StartWorkoutIntent(activity: .running)))
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<50 {
                group.addTask { _ = try? await manager.addSample(.heartRate, value: Double(100 + index)) }
            }
        }
        _ = await manager.perform(.end())
        let kinds = journal.entries.map { entry -> String in
            switch entry.kind {
            case .prepared: return "prepared"
            case .started: return "started"
            case .sample: return "sample"
            case .ended: return "ended"
            default: return "other"
            }
        }
        #expect(kinds.first == "prepared")
        #expect(kinds.filter { $0 == "sample" }.count == 50)
        #expect(kinds.last == "ended")
        let saved = journal.writes.withLock { $0.flatMap { $0 } }.contains { if case .save = $0 { return true } else { return false } }
        #expect(saved)
    }

    @Test func aFailingStoreKeepsEntriesQueuedAndRetries() async throws {
        let journal = MemoryJournal()
        let manager = WorkoutManager(clock: ManualWorkoutClock(), configuration: EngineConfiguration(countdown: .zero),
                                     journal: journal, timerMode: .manual)
        journal.failing.withLock { $0 = true }
        let outcome = await manager.perform(.start(StartWorkoutIntent(activity: .running)))
        #expect(outcome.code == .success)
        #expect(outcome.journalProblem?.code == "errorDatabaseInaccessible")
        #expect(journal.entries.isEmpty)
        journal.failing.withLock { $0 = false }
        let pause = await manager.perform(.pause())
        #expect(pause.journalProblem == nil)
        let kinds = journal.entries.map { "\($0.kind)" }
        #expect(kinds.count == 3)
        #expect(kinds.first?.hasPrefix("prepared") == true)
        #expect(kinds.last == "paused")
    }

    @Test func samplesInOtherUnitsAreConvertedAndBadUnitsRejected() async throws {
        let manager = WorkoutManager(clock: ManualWorkoutClock(), configuration: EngineConfiguration(countdown: .zero),
                                     timerMode: .manual)
        _ = await manager.perform(.start(StartWorkoutIntent(activity: .running)))
        #expect(try await manager.addSample(.distance, value: 1.2, unit: "km") == .added)
        #expect(await manager.status().current(.distance) == 1200)
        await #expect(throws: UnitError.self) { try await manager.addSample(.heartRate, value: 1, unit: "kcal") }
    }
}

@Suite("WorkoutManager status cache")
struct WorkoutManagerStatusCacheTests {
    @Test func currentStatusMatchesTheActorsStatusThroughAWorkout() async throws {
        let clock = ManualWorkoutClock()
        let manager = WorkoutManager(clock: clock, timerMode: .manual)
        func check(_ label: String) async {
            let fromActor = await manager.status()
            let fromCache = manager.currentStatus()
            #expect(fromCache.state == fromActor.state, "\(label)")
            #expect(abs(fromCache.elapsed - fromActor.elapsed) < 1e-9, "\(label)")
            #expect(fromCache.countdown == fromActor.countdown, "\(label)")
            #expect(fromCache.goalProgress == fromActor.goalProgress, "\(label)")
        }
        await check("idle")
        _ = await manager.perform(.start(StartWorkoutIntent(activity: .running, goal: .time(seconds: 600))))
        clock.advance(by: .seconds(1.5))
        await check("countdown")
        await manager.advance(by: .seconds(100))
        await check("running")
        clock.advance(by: .seconds(7))
        await check("running, time passed without inputs")
        _ = await manager.perform(.pause())
        clock.advance(by: .seconds(50))
        await check("paused")
        _ = try await manager.addSample(.heartRate, value: 10)
        _ = await manager.perform(.end())
        await check("ended")
    }
}
