// The feed pump: snapshots become contents for every subscriber, ticks move the clock and staleness.

import CoachWire
import CoachCore
import Foundation
import Synchronization
import Testing
@testable import CoachGateway

@Suite struct FeedPumpTests {
    static func snapshot(_ state: SessionState, at clock: ManualWorkoutClock, elapsed: Double = 0,
                         heartRateAt: Timestamp? = nil) -> WorkoutSnapshot {
        var statistics: [QuantityType: QuantityStatistics] = [:]
        if let heartRateAt {
            var heart = QuantityStatistics(type: .heartRate)
            heart.add(QuantitySample(type: .heartRate, value: 140, at: heartRateAt))
            statistics[.heartRate] = heart
        }
        return WorkoutSnapshot(workoutID: "w", state: state, activity: .running, elapsed: elapsed,
                               statistics: statistics, at: clock.now())
    }

    @Test func everySubscriberGetsTheNewContent() async {
        let clock = ManualWorkoutClock()
        let pump = FeedPump(clock: clock)
        let streams = await (0..<3).asyncMap { _ in await pump.contents() }
        await pump.apply(Self.snapshot(.running, at: clock, elapsed: 5))
        for stream in streams {
            // A subscriber keeps only the newest content: the idle one it started with was replaced.
            var iterator = stream.makeAsyncIterator()
            let next = await iterator.next()
            #expect(next?.state.phase == .running)
            #expect(next?.state.elapsed == 5)
        }
    }

    @Test func ticksCarryTheClockAndStalenessForward() async {
        let clock = ManualWorkoutClock()
        let pump = FeedPump(clock: clock)
        await pump.apply(Self.snapshot(.running, at: clock, heartRateAt: clock.now()))
        let stream = await pump.contents()
        clock.advance(by: .seconds(31))
        await pump.tick()
        var iterator = stream.makeAsyncIterator()
        let content = await iterator.next()
        #expect(content?.state.elapsed == 31)
        #expect(content?.state.isStale == true)
        #expect(content?.state.metric(.heartRate)?.value == nil)
    }

    @Test func lockingRedactsForSubscribers() async {
        let clock = ManualWorkoutClock()
        let pump = FeedPump(clock: clock)
        await pump.apply(Self.snapshot(.running, at: clock, heartRateAt: clock.now()))
        await pump.setLocked(true)
        var iterator = await pump.contents().makeAsyncIterator()
        let content = await iterator.next()
        #expect(content?.state.isLocked == true)
        #expect(content?.state.metrics.isEmpty == true)
    }
}

extension Sequence {
    func asyncMap<T>(_ transform: (Element) async -> T) async -> [T] {
        var result: [T] = []
        for element in self { result.append(await transform(element)) }
        return result
    }
}

@Suite struct FeedPumpNotificationLineTests {
    static func content(of line: String) throws -> LiveActivityContent {
        let message = try JSONValue(parsing: line)
        #expect(message["jsonrpc"]?.stringValue == "2.0")
        #expect(message["method"]?.stringValue == "feed")
        let params = try #require(message["params"])
        return try JSONDecoder().decode(LiveActivityContent.self, from: Data(params.serialized().utf8))
    }

    @Test func lineSubscribersGetTheCurrentThenEveryNewContentAsOneSharedLine() async throws {
        let clock = ManualWorkoutClock()
        let pump = FeedPump(clock: clock)
        let streams = await (0..<3).asyncMap { _ in await pump.notificationLines() }
        var iterators = streams.map { $0.makeAsyncIterator() }
        var firsts: [String] = []
        for index in iterators.indices { firsts.append(try #require(await iterators[index].next())) }
        #expect(try Self.content(of: firsts[0]) == .idle())
        await pump.apply(FeedPumpTests.snapshot(.running, at: clock, elapsed: 5))
        let expected = await pump.currentContent()
        var lines: [String] = []
        for index in iterators.indices { lines.append(try #require(await iterators[index].next())) }
        // One encoding shared by all (JSONEncoder's key order varies between encodings).
        #expect(Set(firsts).count == 1 && Set(lines).count == 1, "encoded once for every subscriber")
        #expect(try Self.content(of: lines[0]) == expected)
        #expect(try Self.content(of: lines[0]).state.phase == .running)
        #expect(!lines[0].contains("\n"))
    }

    @Test func finishEndsLineSubscribers() async {
        let pump = FeedPump(clock: ManualWorkoutClock())
        let stream = await pump.notificationLines()
        await pump.finish()
        var count = 0
        for await _ in stream { count += 1 }
        #expect(count == 1, "the current line, then the end")
    }
}

/// The pump wakes exactly when the content changes by the clock (virtual time): the elapsed second
/// turns over on the second, a sample mid-second does not shift it, and an idle feed arms nothing.
@Suite struct FeedPumpScheduleTests {
    /// Waits (in real time, briefly) for the pump's tasks to reach a state.
    static func eventually(_ condition: () async -> Bool) async -> Bool {
        for _ in 0..<2000 {
            if await condition() { return true }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return await condition()
    }

    static func shown(_ content: LiveActivityContent?) -> String {
        content.map { FeedRenderer(wording: .builtIn(.en)).render($0, presentation: .minimal, format: .text) } ?? "nothing"
    }

    @Test func elapsedTurnsOverOnTheSecondAndIdleArmsNothing() async throws {
        let clock = ManualWorkoutClock()
        let pump = FeedPump(clock: clock)
        let (snapshots, input) = AsyncStream.makeStream(of: WorkoutSnapshot.self)
        let running = Task { await pump.run(snapshots: snapshots) }
        defer { running.cancel() }
        let received = Mutex<[LiveActivityContent]>([])
        let reader = Task { for await content in await pump.contents() { received.withLock { $0.append(content) } } }
        defer { reader.cancel() }
        let start = clock.now()

        // The countdown is over: running from 0 s.
        input.yield(FeedPumpTests.snapshot(.running, at: clock, elapsed: 0))
        #expect(await Self.eventually { clock.earliestDeadline == (start + .seconds(1)).monotonic })
        clock.advance(by: .milliseconds(999))
        #expect(clock.sleeperCount == 1, "not woken before the second")
        clock.advance(by: .milliseconds(1))
        #expect(await Self.eventually { received.withLock { $0.last?.state.elapsed } == 1 })
        #expect(Self.shown(received.withLock { $0.last }) == "▶ 0:01")

        // A heart-rate sample at 1.3 s: shown at once, and the next turn-over is still at 2 s.
        clock.advance(by: .milliseconds(300))
        input.yield(FeedPumpTests.snapshot(.running, at: clock, elapsed: 1.3, heartRateAt: clock.now()))
        #expect(await Self.eventually { received.withLock { $0.last?.state.elapsed } == 1.3 })
        #expect(clock.earliestDeadline == (start + .seconds(2)).monotonic)
        clock.advance(by: .milliseconds(700))
        #expect(await Self.eventually { Self.shown(received.withLock { $0.last }) == "▶ 0:02" })

        // Paused: only the reading's ageing is due; gone idle: nothing is armed at all.
        input.yield(FeedPumpTests.snapshot(.paused, at: clock, elapsed: 2, heartRateAt: start + .milliseconds(1300)))
        #expect(await Self.eventually { clock.earliestDeadline == (start + .milliseconds(1300) + .seconds(30)).monotonic + .nanoseconds(1) })
        input.yield(WorkoutSnapshot(state: .notStarted, at: clock.now()))
        #expect(await Self.eventually { clock.sleeperCount == 0 })
        #expect(await Self.eventually { received.withLock { $0.last?.state.phase } == .idle })
        input.finish()
        await running.value
    }

    /// `status` subscribers get the manager's snapshots and, from the pump's own clock, the running
    /// workout at each elapsed second (no ticker asks the manager again); paused, nothing moves.
    @Test func statusesMoveWithTheElapsedSecondWhileRunningOnly() async throws {
        let clock = ManualWorkoutClock()
        let pump = FeedPump(clock: clock)
        let (snapshots, input) = AsyncStream.makeStream(of: WorkoutSnapshot.self)
        let running = Task { await pump.run(snapshots: snapshots) }
        defer { running.cancel() }
        let received = Mutex<[WorkoutSnapshot]>([])
        let start = clock.now()
        input.yield(FeedPumpTests.snapshot(.running, at: clock, elapsed: 0))
        #expect(await Self.eventually { clock.earliestDeadline == (start + .seconds(1)).monotonic })
        let reader = Task { for await status in await pump.statuses() { received.withLock { $0.append(status) } } }
        defer { reader.cancel() }
        #expect(await Self.eventually { received.withLock { $0.count } == 1 }, "the latest status first")

        clock.advance(by: .seconds(1))
        #expect(await Self.eventually { received.withLock { $0.last?.elapsed } == 1 })
        clock.advance(by: .seconds(1))
        #expect(await Self.eventually { received.withLock { $0.last?.elapsed } == 2 })
        #expect(received.withLock { $0.map(\.elapsed) } == [0, 1, 2])

        // Locking shows the same status again (subscribers redact it); paused, the clock moves nothing.
        await pump.setLocked(true)
        #expect(await Self.eventually { received.withLock { $0.count } == 4 })
        input.yield(FeedPumpTests.snapshot(.paused, at: clock, elapsed: 2))
        #expect(await Self.eventually { received.withLock { $0.last?.state } == .paused })
        let seen = received.withLock { $0.count }
        clock.advance(by: .seconds(5))
        try await Task.sleep(for: .milliseconds(50))
        #expect(received.withLock { $0.count } == seen, "a paused workout's status does not tick")
        input.finish()
        await running.value
    }
}
