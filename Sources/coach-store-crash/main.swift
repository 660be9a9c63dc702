// coach-store-crash: the child of the store's crash test. It drives a WorkoutManager over a real
// WorkoutStore as fast as it can (samples from concurrent writers, laps, end + restart), and prints
// one line per acknowledged write *after* the write returned — so every printed line names
// something that must be in the store however the process dies. The parent SIGKILLs it.
//
//   coach-store-crash DB_PATH [--seconds N] [--writers N] [--workload samples|delete|import|replica]
//
// Lines: "ACK sample <syncIdentifier>", "ACK lap <workoutID> <count>", "ACK saved <workoutID>",
// plus "READY <workoutID>" (and "RECOVERED <workoutID>" after a restart) for the parent's log.
// The other workloads (the power-loss simulation, PowerLossTests, runs each under a write log):
//   delete   every saved workout is then deleted: "DELETING <workoutID>" before, "ACK deleted <workoutID>" after
//   import   workouts finished elsewhere saved as imports: "ACK imported <workoutID> <samples>"
//   replica  workouts saved elsewhere applied as a mirror does: "ACK replica <workoutID> <samples>"
//   plans    plans added to DB_PATH's directory + /plans, as `coach plan add` does, each replaced
//            once more: "ACK plan <name> <version>" (the file must then load, at that version or later)
//   files    samples and saves as `samples`, and after each round the other files Coach rewrites:
//            the settings' sensors (`saveSensors`, as `coach sensor add`), the anchor file of
//            `coach changes --anchor-file` and the mirror's anchor (DurableFile, as they are
//            written), all in DB_PATH's directory: "ACK settings <version>", "ACK anchor <n>",
//            "ACK mirror-anchor <n>" (each file must then hold that version or a later one)

import CoachCore
import CoachPlans
import CoachSettings
import CoachStore
import CoachWire
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Unbuffered: a line is in the pipe the moment the write is acknowledged, and a line shorter than
/// PIPE_BUF is written atomically, so a kill never leaves half a line.
func emit(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    bytes.withUnsafeBytes { buffer in _ = Glibc.write(1, buffer.baseAddress, buffer.count) }
}

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: coach-store-crash DB_PATH [--seconds N] [--writers N]\n".utf8))
    exit(64)
}
func option(_ name: String, default value: Int) -> Int {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return value }
    return Int(arguments[index + 1]) ?? value
}
let path = arguments[1]
let seconds = option("--seconds", default: 30)
let writers = option("--writers", default: 8)
let workload = arguments.firstIndex(of: "--workload").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil } ?? "samples"
// A unique prefix per run, so sync identifiers never collide across restarts of the child.
let run = UUID().uuidString.prefix(8).lowercased()

let store: WorkoutStore
do {
    store = try WorkoutStore.open(path: path)
} catch {
    FileHandle.standardError.write(Data("cannot open store: \(error)\n".utf8))
    exit(70)
}
let manager = WorkoutManager(clock: SystemWorkoutClock(),
                             configuration: EngineConfiguration(countdown: .zero, minimumSavedDuration: .zero),
                             journal: store)

if let entries = try store.activeWorkoutJournal() {
    let snapshot = await manager.recover(from: entries)
    emit("RECOVERED \(snapshot.workoutID ?? "?") \(snapshot.state.rawValue)")
}

let deadline = Date().addingTimeInterval(Double(seconds))
if workload == "plans" {
    addPlans(into: (path as NSString).deletingLastPathComponent + "/plans", until: deadline, run: String(run))
    exit(0)
}
if workload == "import" || workload == "replica" {
    await copyFinishedWorkouts(into: store, until: deadline, asReplicas: workload == "replica", run: String(run))
    exit(0)
}
var counter = 0
var filesAnchor: Int?
while Date() < deadline {
    if await manager.state != .running {
        let outcome = await manager.perform(.start(StartWorkoutIntent(activity: .running, location: .outdoor)))
        guard outcome.journalProblem == nil else {
            FileHandle.standardError.write(Data("start failed: \(outcome)\n".utf8))
            exit(71)
        }
    }
    let workoutID = await manager.status().workoutID ?? "?"
    emit("READY \(workoutID)")
    // A burst of samples from concurrent writers: the manager group-commits them.
    for burst in 0..<5 {
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<writers {
                let identifier = "\(run)-\(counter)-\(burst)-\(writer)"
                group.addTask {
                    do {
                        let outcome = try await manager.addSample(.heartRate, value: Double(100 + writer),
                                                                  syncIdentifier: identifier, syncVersion: 1)
                        if outcome == .added { emit("ACK sample \(identifier)") }
                    } catch {
                        FileHandle.standardError.write(Data("sample failed: \(error)\n".utf8))
                    }
                }
            }
        }
        let lap = await manager.perform(.lap)
        if lap.journalProblem == nil, lap.code == .success {
            emit("ACK lap \(workoutID) \(lap.snapshot.laps)")
        }
    }
    if workload == "files" {
        filesAnchor = rewriteFiles(in: (path as NSString).deletingLastPathComponent, of: store, version: counter + 1, anchor: filesAnchor)
    }
    // Every few rounds, finish the workout: crashes then also land in the middle of saves.
    counter += 1
    if counter % 4 == 0 {
        let end = await manager.perform(.end(saveShort: true))
        if end.journalProblem == nil, end.code == .success {
            emit("ACK saved \(workoutID)")
            if workload == "delete" {
                // Said before the delete: from here a power cut may leave the workout deleted (its
                // commit durable) before "ACK deleted" is printed, so its samples may then be gone.
                emit("DELETING \(workoutID)")
                do {
                    _ = try await store.deleteWorkout(matching: workoutID, by: .user)
                    emit("ACK deleted \(workoutID)")
                } catch {
                    FileHandle.standardError.write(Data("delete failed: \(error)\n".utf8))
                }
            }
        }
    }
}
exit(0)

/// Workouts run on a store in memory, then written to `store` whole: as `coach import` saves a
/// workout finished elsewhere, or as a mirror applies one page of replication.
func copyFinishedWorkouts(into store: WorkoutStore, until deadline: Date, asReplicas: Bool, run: String) async {
    do {
        let elsewhere = try WorkoutStore.inMemory()
        let capture = FinishedCapture(forwardingTo: elsewhere)
        let source = WorkoutManager(clock: SystemWorkoutClock(),
                                    configuration: EngineConfiguration(countdown: .zero, minimumSavedDuration: .zero),
                                    journal: capture)
        var number = 0
        while Date() < deadline {
            number += 1
            _ = await source.perform(.start(StartWorkoutIntent(activity: .cycling, location: .indoor)))
            for index in 0..<40 {
                _ = try await source.addSample(.heartRate, value: Double(120 + index % 30),
                                               syncIdentifier: "\(run)-copy-\(number)-\(index)", syncVersion: 1)
            }
            _ = await source.perform(.end(saveShort: true))
            guard let finished = capture.take() else { continue }
            if asReplicas {
                guard let replica = try elsewhere.replica(ofWorkout: finished.workoutID) else { continue }
                try await store.applyReplica(replica)
                emit("ACK replica \(replica.id) \(replica.sampleCount)")
            } else {
                try await store.saveImported(finished, identity: "\(run)-import-\(number)", version: 1, replacing: nil)
                emit("ACK imported \(finished.workoutID) \(finished.samples.count)")
            }
        }
    } catch {
        FileHandle.standardError.write(Data("copy failed: \(error)\n".utf8))
        exit(72)
    }
}

/// Plans added and replaced as `coach plan add [--replace]` does; a plan's version is its repeat count.
func addPlans(into directory: String, until deadline: Date, run: String) {
    let library = PlanLibrary(directory: directory)
    let source = NSTemporaryDirectory() + "coach-store-crash-\(run).yaml"
    defer { try? FileManager.default.removeItem(atPath: source) }
    var number = 0
    while Date() < deadline {
        number += 1
        let name = "p\(run)-\(number)"
        for version in 1...2 {
            let text = "name: \(name)\nactivity: running\nblocks:\n  - repeat: \(version)\n    steps:\n      - work: 400m\n      - recovery: 100m\n"
            do {
                try text.write(toFile: source, atomically: false, encoding: .utf8)
                _ = try library.add(file: source, replace: version > 1)
                emit("ACK plan \(name) \(version)")
            } catch {
                FileHandle.standardError.write(Data("plan failed: \(error)\n".utf8))
                exit(73)
            }
        }
    }
}

/// The files beside the store that Coach rewrites, each through the code that writes it for the user.
/// Returns the anchor written, to read on from.
func rewriteFiles(in directory: String, of store: WorkoutStore, version: Int, anchor: Int?) -> Int? {
    do {
        try CoachSettings.saveSensors([CoachSettings.Sensor(address: "C0:FF:EE:00:00:01", name: "v\(version)", role: "heartRate")],
                                      path: directory + "/config.yaml")
        emit("ACK settings \(version)")
        let newest = try store.changes(since: anchor).anchor
        try DurableFile.write("\(newest)\n", to: directory + "/changes-anchor")
        emit("ACK anchor \(newest)")
        try DurableFile.write(String(newest), to: directory + "/mirror-anchor")
        emit("ACK mirror-anchor \(newest)")
        return newest
    } catch {
        FileHandle.standardError.write(Data("files failed: \(error)\n".utf8))
        exit(74)
    }
}

/// A journal that keeps the last finished workout it was asked to save, and passes everything on.
final class FinishedCapture: WorkoutJournal, @unchecked Sendable {
    private let next: any WorkoutJournal
    private let lock = NSLock()
    private var finished: FinishedWorkout?

    init(forwardingTo next: any WorkoutJournal) { self.next = next }

    func write(_ batch: [JournalWrite]) async throws {
        try await next.write(batch)
        for case .save(let workout) in batch { lock.withLock { finished = workout } }
    }

    func take() -> FinishedWorkout? { lock.withLock { defer { finished = nil }; return finished } }
}
