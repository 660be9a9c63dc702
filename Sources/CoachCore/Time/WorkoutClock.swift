// The clock abstraction handed to the workout manager: a real one for the gateway, and a manual
// one for tests and for replaying scripts in virtual time (`coach --virtual-clock`).

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the manager gets time from. `sleep(until:)` lets a manual clock run timers in virtual time.
public protocol WorkoutClock: Sendable {
    /// The current moment on both clocks.
    func now() -> Timestamp
    /// Suspends until the monotonic clock reaches `deadline` (or the task is cancelled).
    func sleep(until deadline: MonotonicInstant) async throws
    /// Which boot the monotonic clock counts from (nil: not known), journaled so that recovery
    /// tells a reboot from a wall-clock step.
    var bootID: String? { get }
}

extension WorkoutClock {
    public var bootID: String? { nil }
}

/// The real clock: CLOCK_BOOTTIME for elapsed time (monotonic, and it keeps counting through a
/// laptop suspend, as a watch would through a run) and `Date()` for records. Boot time rather than
/// process time, so a restarted gateway reads the same clock as the one that journaled the workout.
public struct SystemWorkoutClock: WorkoutClock {
    public init() {}

    /// Linux's id of this boot, read once.
    private static let currentBoot: String? = (try? String(contentsOfFile: "/proc/sys/kernel/random/boot_id", encoding: .utf8))
        .map { String($0.filter { !$0.isWhitespace }) }.flatMap { $0.isEmpty ? nil : $0 }

    public var bootID: String? { Self.currentBoot }

    public func now() -> Timestamp {
        Timestamp(monotonic: Self.bootTime(), date: Date())
    }

    public func sleep(until deadline: MonotonicInstant) async throws {
        let delay = deadline - Self.bootTime()
        if delay > .zero { try await Task.sleep(for: delay, clock: .continuous) }
    }

    private static func bootTime() -> MonotonicInstant {
        var spec = timespec()
        clock_gettime(CLOCK_BOOTTIME, &spec)
        return MonotonicInstant(nanoseconds: Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec))
    }
}

/// A clock that moves only when told to. Sleepers wake, in deadline order, when `advance` passes
/// their deadline, so timers behave exactly as in real time but instantly and repeatably.
public final class ManualWorkoutClock: WorkoutClock {
    private struct Sleeper {
        let deadline: MonotonicInstant
        let id: Int
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Timestamp
        var sleepers: [Sleeper] = []
        var nextID = 0
    }

    private let state: Mutex<State>

    public init(start: Timestamp = Timestamp(monotonic: .zero, date: Date(timeIntervalSince1970: 1_767_225_600))) {
        self.state = Mutex(State(now: start))
    }

    public func now() -> Timestamp { state.withLock { $0.now } }

    public func sleep(until deadline: MonotonicInstant) async throws {
        let id = state.withLock { state -> Int in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow = state.withLock { state -> Bool in
                    if state.now.monotonic >= deadline { return true }
                    state.sleepers.append(Sleeper(deadline: deadline, id: id, continuation: continuation))
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let cancelled = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            cancelled?.continuation.resume(throwing: CancellationError())
        }
    }

    /// The number of tasks waiting on this clock; tests use it to know a timer is armed.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// The earliest instant a task is waiting for; tests use it to see when a timer is due.
    public var earliestDeadline: MonotonicInstant? { state.withLock { $0.sleepers.map(\.deadline).min() } }

    /// Sets the wall clock alone (NTP, a user), by `seconds` either way; the monotonic one does not move.
    public func stepWall(by seconds: Double) {
        state.withLock { $0.now.date = $0.now.date.addingTimeInterval(seconds) }
    }

    /// Moves both clocks forward and wakes every sleeper whose deadline has passed.
    public func advance(by duration: Duration) {
        let woken = state.withLock { state -> [Sleeper] in
            state.now = state.now + duration
            let due = state.sleepers.filter { $0.deadline <= state.now.monotonic }
            state.sleepers.removeAll { $0.deadline <= state.now.monotonic }
            return due.sorted { $0.deadline < $1.deadline }
        }
        for sleeper in woken { sleeper.continuation.resume() }
    }
}
