// Moving journaled timestamps onto the current monotonic clock after a restart.
//
// The real clock counts from boot (CLOCK_BOOTTIME), so entries written earlier in the same boot
// are already on today's clock. Entries from an earlier boot are not: their run of entries is
// shifted by wall-clock time so the gaps between them stay exactly as measured, and only the
// downtime is taken from the wall clock. A wall-clock step within one boot is not a new boot.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

enum JournalRebase {
    /// Two readings belong to the same boot when date − monotonic agrees within this tolerance
    /// (NTP slews the wall clock by far less than this between writes).
    static let sameBootTolerance: Double = 2

    static func rebase(_ entries: [JournalEntry], onto now: Timestamp, boot: String? = nil) -> [JournalEntry] {
        var result: [JournalEntry] = []
        var index = 0
        while index < entries.count {
            // A run: consecutive entries written on the same monotonic clock.
            let runEpoch = epoch(of: entries[index].at)
            var end = index
            while end + 1 < entries.count, abs(epoch(of: entries[end + 1].at) - runEpoch) < sameBootTolerance {
                end += 1
            }
            let run = entries[index...end]
            if onThisBoot(run, epoch: runEpoch, now: now, boot: boot) {
                result += run
            } else {
                let last = run.last!.at
                let shift = last.rebased(onto: now).monotonic - last.monotonic
                result += run.map { shifted($0, by: shift) }
            }
            index = end + 1
        }
        return result
    }

    /// Whether a run was written on the clock that reads `now`. Its epoch differs from now's when
    /// the machine rebooted — or when the wall clock was stepped since (NTP, a user, ±2 h): then
    /// the monotonic readings are still good, and shifting them by the wall-clock distance would
    /// add or remove the step from the workout (the soak found a 2 h step inflating one by 2 h).
    /// The boot id journaled with the run's entries decides. A run without one (samples only, or
    /// an older journal): a later boot began after the run's last entry was written, so its epoch
    /// is later by at least that entry's monotonic reading, and a boot clock never reads less than
    /// it did — a run whose epoch is closer than that (or earlier) and whose reading is not ahead
    /// of now's is this boot's. Left ambiguous there: a forward step larger than the uptime at the
    /// run's last entry (a Raspberry Pi without a clock, stepped by NTP just after boot).
    private static func onThisBoot(_ run: ArraySlice<JournalEntry>, epoch runEpoch: Double, now: Timestamp, boot: String?) -> Bool {
        let nowEpoch = epoch(of: now)
        if abs(runEpoch - nowEpoch) < sameBootTolerance { return true }
        if let boot, let written = run.lazy.compactMap(\.boot).first { return written == boot }
        let last = run.last!.at
        guard last.monotonic <= now.monotonic else { return false }
        return nowEpoch - runEpoch < Double(last.monotonic.nanoseconds) / 1e9 - sameBootTolerance
    }

    /// The wall-clock date at which this reading's monotonic clock read zero.
    private static func epoch(of timestamp: Timestamp) -> Double {
        timestamp.date.timeIntervalSince1970 - Double(timestamp.monotonic.nanoseconds) / 1e9
    }

    private static func shifted(_ entry: JournalEntry, by shift: Duration) -> JournalEntry {
        var copy = entry
        copy.at.monotonic = copy.at.monotonic + shift
        if case .sample(var sample) = copy.kind {
            sample.at.monotonic = sample.at.monotonic + shift
            copy.kind = .sample(sample)
        }
        if case .location(var location) = copy.kind {
            location.at.monotonic = location.at.monotonic + shift
            copy.kind = .location(location)
        }
        return copy
    }
}
