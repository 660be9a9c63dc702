// A clock a test driver moves from outside the process: the real clock plus offsets read from a
// file (`coach serve --test-clock-file PATH`, hidden; Benchmarks/soak/README.md). The soak runs a
// gateway left running for a week through hours of workout time a minute, wall-clock steps and an
// 8 h suspend without touching the machine's own clock. Never used unless that flag is given.

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
import Synchronization

/// The file holds one line, `BOOT_OFFSET_NS WALL_OFFSET_NS` (integers, written atomically by the
/// driver): the boot clock reads CLOCK_BOOTTIME + the first, the wall clock `Date()` + the second.
/// A suspend moves both; a wall-clock step (NTP, a user) moves the second only. The boot offset
/// must never decrease (a boot clock does not go back). An unreadable file keeps the last offsets.
public final class DrivenWorkoutClock: WorkoutClock {
    private let path: String
    private let system = SystemWorkoutClock()
    private let last = Mutex<(boot: Int64, wall: Int64)>((0, 0))
    /// How often a sleeper looks at the file again: the driver may move time forward while it waits.
    private let slice: Duration = .milliseconds(20)

    public init(path: String) {
        self.path = path
    }

    /// The machine's boot: the driver moves this boot's clock, it never reboots.
    public var bootID: String? { system.bootID }

    public func now() -> Timestamp {
        let offsets = read()
        let real = system.now()
        return Timestamp(monotonic: real.monotonic + .nanoseconds(offsets.boot),
                         date: real.date.addingTimeInterval(Double(offsets.wall) / 1e9))
    }

    public func sleep(until deadline: MonotonicInstant) async throws {
        while true {
            let delay = deadline - now().monotonic
            if delay <= .zero { return }
            try await Task.sleep(for: min(delay, slice), clock: .continuous)
        }
    }

    private func read() -> (boot: Int64, wall: Int64) {
        if let text = try? String(contentsOfFile: path, encoding: .utf8) {
            let fields = text.split(whereSeparator: \.isWhitespace).compactMap { Int64($0) }
            if fields.count == 2 {
                return last.withLock { last in
                    last = (max(last.boot, fields[0]), fields[1])
                    return last
                }
            }
        }
        return last.withLock { $0 }
    }
}
