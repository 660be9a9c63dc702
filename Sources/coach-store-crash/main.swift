// coach-store-crash: the child of the store's crash test. It drives a WorkoutManager over a real
// WorkoutStore as fast as it can (samples from concurrent writers, laps, end + restart), and prints
// one line per acknowledged write *after* the write returned — so every printed line names
// something that must be in the store however the process dies. The parent SIGKILLs it.
//
//   coach-store-crash DB_PATH [--seconds N] [--writers N]
//
// Lines: "ACK sample <syncIdentifier>", "ACK lap <workoutID> <count>", "ACK saved <workoutID>",
// plus "READY <workoutID>" (and "RECOVERED <workoutID>" after a restart) for the parent's log.

import CoachCore
import CoachStore
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
var counter = 0
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
    // Every few rounds, finish the workout: crashes then also land in the middle of saves.
    counter += 1
    if counter % 4 == 0 {
        let end = await manager.perform(.end(saveShort: true))
        if end.journalProblem == nil, end.code == .success { emit("ACK saved \(workoutID)") }
    }
}
exit(0)
