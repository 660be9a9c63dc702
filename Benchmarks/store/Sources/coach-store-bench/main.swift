// coach-store-bench: figures for the store, printed (not a timed test).
//   1. restart-to-recovered: open the store, load the active journal, rebuild the engine, for a
//      1-hour workout with 1 Hz samples of 3 types (10 800 samples); target ≤ 100 ms.
//   2. durable ingestion through WorkoutManager.addSample with the real store (FULL sync):
//      sequential, then 64 concurrent writers, showing group commit (writes per transaction).
//   --curve: restart-to-recovered for 5 k … 80 k samples, with and without sync identifiers
//      (issue 18: dedupe by identifier must keep recovery linear; target 40 k identified ≤ 150 ms).
//
//   swift run -c release coach-store-bench [--samples N] [--runs N] [--curve]   (see Benchmarks/store/README.md)

import CoachCore
import CoachStore
import Foundation
import Synchronization

let arguments = CommandLine.arguments
func option(_ name: String, default value: Int) -> Int {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return value }
    return Int(arguments[index + 1]) ?? value
}
let ingestSamples = option("--samples", default: 4_000)
let runs = option("--runs", default: 7)

let directory = NSTemporaryDirectory() + "coach-store-bench-" + UUID().uuidString.prefix(8)
try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: directory) }

func milliseconds(_ duration: Duration) -> Double { duration.seconds * 1000 }
func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
func format(_ value: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", value) }

// MARK: - Restart curve

/// Writes an active workout of `count` heart-rate samples (identified or not) and returns the
/// median time to open the store, load its journal and rebuild the engine.
func recoveryTime(samples count: Int, identified: Bool, runs: Int) async throws -> (median: Double, entries: Int) {
    let path = directory + "/curve-\(count)-\(identified).sqlite"
    let id = "curve"
    let start = SystemWorkoutClock().now()
    let store = try WorkoutStore.open(path: path)
    try await store.write([.entry(JournalEntry(workoutID: id, kind: .prepared(StartWorkoutIntent(activity: .cycling), countdownSeconds: 0), at: start)),
                           .entry(JournalEntry(workoutID: id, kind: .started, at: start))])
    var batch: [JournalWrite] = []
    for index in 0..<count {
        let at = start + .milliseconds(index * 250)
        let sample = QuantitySample(type: .heartRate, value: 100 + Double(index % 60), at: at,
                                    syncIdentifier: identified ? "hr-\(index)" : nil, syncVersion: identified ? 1 : nil)
        batch.append(.entry(JournalEntry(workoutID: id, kind: .sample(sample), at: at)))
        if batch.count == 2_000 {
            try await store.write(batch)
            batch.removeAll()
        }
    }
    try await store.write(batch)
    var times: [Double] = []
    var entries = 0
    let now = start + .milliseconds(count * 250 + 1000)
    for _ in 0..<runs {
        let clock = ContinuousClock()
        let began = clock.now
        let reopened = try WorkoutStore.open(path: path)
        let journal = try reopened.activeWorkoutJournal() ?? []
        let (engine, _) = WorkoutEngine.recovering(from: journal, at: now)
        times.append(milliseconds(clock.now - began))
        entries = journal.count
        precondition(engine.workout?.builder.samples.count == count, "recovery lost samples")
    }
    return (median(times), entries)
}

if arguments.contains("--curve") {
    print("restart-to-recovered curve (open + load journal + WorkoutEngine.recovering; median of \(runs) runs)")
    print("  samples | identified ms | plain ms | identified/plain")
    for count in [5_000, 10_000, 20_000, 40_000, 80_000] {
        let identified = try await recoveryTime(samples: count, identified: true, runs: runs)
        let plain = try await recoveryTime(samples: count, identified: false, runs: runs)
        print("  \(String(count).padding(toLength: 7, withPad: " ", startingAt: 0)) | \(format(identified.median).padding(toLength: 13, withPad: " ", startingAt: 0)) | "
            + "\(format(plain.median).padding(toLength: 8, withPad: " ", startingAt: 0)) | \(format(identified.median / plain.median, 2))")
    }
    print("  target: 40 000 identified ≤ 150 ms")
    try? FileManager.default.removeItem(atPath: directory)  // exit skips the defer
    exit(0)
}

// MARK: - 1. Restart to recovered

let recoveryPath = directory + "/recovery.sqlite"
let workoutID = "bench-hour"
let t0 = SystemWorkoutClock().now()
do {
    // The journal the engine would write for an hour-long run: prepared, started, then one sample
    // of each type every second. Written in minute-sized batches to keep set-up quick.
    let store = try WorkoutStore.open(path: recoveryPath)
    let start = StartWorkoutIntent(activity: .running, location: .outdoor)
    try await store.write([.entry(JournalEntry(workoutID: workoutID, kind: .prepared(start, countdownSeconds: 0), at: t0)),
                           .entry(JournalEntry(workoutID: workoutID, kind: .started, at: t0))])
    var batch: [JournalWrite] = []
    for second in 1...3600 {
        let at = t0 + .seconds(second)
        for (type, value) in [(QuantityType.heartRate, 120.0 + Double(second % 40)), (.distance, 2.8), (.activeEnergy, 0.18)] {
            let sample = QuantitySample(type: type, value: value, at: at)
            batch.append(.entry(JournalEntry(workoutID: workoutID, kind: .sample(sample), at: at)))
        }
        if second % 60 == 0 {
            try await store.write(batch)
            batch.removeAll()
        }
    }
}
var recoveryTimes: [Double] = []
var phases: [[Double]] = [[], [], []]
var journalCount = 0
var recoveredElapsed = 0.0
for _ in 0..<runs {
    let clock = ContinuousClock()
    let began = clock.now
    let store = try WorkoutStore.open(path: recoveryPath)
    let opened = clock.now
    let entries = try store.activeWorkoutJournal() ?? []
    let loaded = clock.now
    let (engine, _) = WorkoutEngine.recovering(from: entries, at: t0 + .seconds(3601))
    let done = clock.now
    recoveryTimes.append(milliseconds(done - began))
    phases[0].append(milliseconds(opened - began))
    phases[1].append(milliseconds(loaded - opened))
    phases[2].append(milliseconds(done - loaded))
    journalCount = entries.count
    recoveredElapsed = engine.snapshot(at: t0 + .seconds(3601)).elapsed
}
print("restart-to-recovered (open + load journal + WorkoutEngine.recovering)")
print("  journal: \(journalCount) entries (1 h, 1 Hz × 3 types); recovered elapsed \(format(recoveredElapsed, 0)) s")
print("  median \(format(median(recoveryTimes))) ms, min \(format(recoveryTimes.min()!)) ms over \(runs) runs (target ≤ 100 ms)")
print("  phases (median): open \(format(median(phases[0]))) ms, load journal \(format(median(phases[1]))) ms, "
    + "recovering \(format(median(phases[2]))) ms")

// MARK: - 2. Durable ingestion

/// Counts transactions, to show how many samples each fsync carried.
final class CountingJournal: WorkoutJournal {
    let inner: WorkoutStore
    let counts = Mutex((batches: 0, writes: 0))
    init(_ inner: WorkoutStore) { self.inner = inner }
    func write(_ batch: [JournalWrite]) async throws {
        try await inner.write(batch)
        counts.withLock { $0.batches += 1; $0.writes += batch.count }
    }
}

func ingest(label: String, writers: Int) async throws {
    let path = directory + "/ingest-\(writers).sqlite"
    let journal = CountingJournal(try WorkoutStore.open(path: path))
    let manager = WorkoutManager(clock: SystemWorkoutClock(),
                                 configuration: EngineConfiguration(countdown: .zero), journal: journal)
    _ = await manager.perform(.start(StartWorkoutIntent(activity: .running)))
    let before = journal.counts.withLock { $0 }
    let clock = ContinuousClock()
    let began = clock.now
    try await withThrowingTaskGroup(of: Void.self) { group in
        for writer in 0..<writers {
            group.addTask {
                for index in stride(from: writer, to: ingestSamples, by: writers) {
                    _ = try await manager.addSample(.heartRate, value: 60 + Double(index % 120))
                }
            }
        }
        try await group.waitForAll()
    }
    let elapsed = (clock.now - began).seconds
    let after = journal.counts.withLock { $0 }
    let batches = after.batches - before.batches
    let writes = after.writes - before.writes
    print("  \(label): \(ingestSamples) samples in \(format(elapsed, 2)) s = \(format(Double(ingestSamples) / elapsed, 0)) samples/s durable; "
        + "\(batches) transactions, \(format(Double(writes) / Double(max(batches, 1)), 1)) writes each")
}

print("durable sample ingestion via WorkoutManager.addSample (synchronous=FULL, WAL)")
try await ingest(label: "sequential     ", writers: 1)
try await ingest(label: "64 concurrent  ", writers: 64)
