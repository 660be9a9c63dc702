// The crash test: a child process (coach-store-crash) writes through WorkoutManager + WorkoutStore
// and prints each write after it was acknowledged; the parent SIGKILLs it at a random moment,
// then checks that the file passes integrity_check and holds every acknowledged write. The next
// trial restarts the child on the same file, so it also recovers a killed workout each time.
//
// COACH_CRASH_TRIALS overrides the count (Benchmarks/store/crash-trials.sh runs 100).

import CoachCore
import CoachPlans
@testable import CoachStore
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite(.serialized) struct CrashTrialsTests {
    static var trials: Int { Int(ProcessInfo.processInfo.environment["COACH_CRASH_TRIALS"] ?? "") ?? 20 }

    @Test func everyAcknowledgedWriteSurvivesSIGKILL() async throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let path = directory + "/coach.sqlite"
        var generator = SystemRandomNumberGenerator()
        var totals = CrashReport()
        for trial in 1...Self.trials {
            let delay = Double.random(in: 0.05...0.6, using: &generator)
            let lines = try await CrashChild.runAndKill(database: path, after: delay)
            let report = try CrashChild.verify(lines, database: path)
            #expect(report.missing.isEmpty, "trial \(trial): acknowledged but missing: \(report.missing.prefix(5))")
            #expect(report.integrity == ["ok"], "trial \(trial): integrity_check \(report.integrity)")
            totals.add(report)
        }
        // The trials must have exercised something: samples, laps and saves acknowledged.
        #expect(totals.samples > 0)
        #expect(totals.laps > 0)
        print("crash trials: \(Self.trials), acknowledged samples \(totals.samples), laps \(totals.laps), saves \(totals.saves), recoveries \(totals.recoveries)")
    }
}

struct CrashReport {
    var samples = 0, laps = 0, saves = 0, recoveries = 0, deletes = 0, copies = 0, plans = 0, files = 0
    var missing: [String] = []
    var integrity: [String] = []

    mutating func add(_ other: CrashReport) {
        samples += other.samples
        laps += other.laps
        saves += other.saves
        recoveries += other.recoveries
        deletes += other.deletes
        copies += other.copies
        plans += other.plans
        files += other.files
    }
}

enum CrashChild {
    /// Next to the test bundle: SwiftPM puts every product of the package in the same directory.
    static var executable: String {
        if let path = ProcessInfo.processInfo.environment["COACH_STORE_CRASH_BIN"] { return path }
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = bundle.deletingLastPathComponent()
        // On Linux the test binary is `<products>/coachPackageTests.xctest`.
        while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("coach-store-crash").path),
              directory.path != "/" {
            directory.deleteLastPathComponent()
        }
        return directory.appendingPathComponent("coach-store-crash").path
    }

    /// Starts the child, kills it with SIGKILL after `delay` seconds, returns every line it printed.
    /// The sleep and the waits are on a thread of their own (onThread), not a pool thread.
    static func runAndKill(database: String, after delay: Double) async throws -> [String] {
        try await onThread { try runAndKillOnThisThread(database: database, after: delay) }
    }

    private static func runAndKillOnThisThread(database: String, after delay: Double) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [database, "--seconds", "20", "--writers", "8"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Read while it runs, so a full pipe never blocks the child's acknowledgements.
        let collected = Collected()
        let reader = Thread {
            let data = output.fileHandleForReading.readDataToEndOfFile()
            collected.set(data)
        }
        reader.start()
        usleep(UInt32(delay * 1_000_000))
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        collected.wait()
        return String(decoding: collected.data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// Checks the reopened file against what the child acknowledged before dying. A workout it
    /// acknowledged deleting must be gone, and its samples, laps and save are then not asked for.
    static func verify(_ lines: [String], database path: String) throws -> CrashReport {
        let store = try WorkoutStore.open(path: path)
        var report = CrashReport()
        report.integrity = try store.database.integrityCheck()
        // Recovery reads the active workout's journal: it must read.
        _ = try store.activeWorkoutJournal()
        let present = try store.database.writer.read { db in
            Set(try String.fetchAll(db, sql: "SELECT syncIdentifier FROM sample WHERE syncIdentifier IS NOT NULL"))
        }
        // A workout whose delete began may be gone (the delete's commit can be durable before its
        // acknowledgement is printed); one whose delete was acknowledged must be.
        let deleted = Set(lines.compactMap { line -> String? in
            let fields = line.split(separator: " ")
            return fields.count >= 3 && fields[0] == "ACK" && fields[1] == "deleted" ? String(fields[2]) : nil
        }).union(lines.compactMap { line -> String? in
            let fields = line.split(separator: " ")
            return fields.count >= 2 && fields[0] == "DELETING" ? String(fields[1]) : nil
        })
        var current = ""
        for line in lines {
            let fields = line.split(separator: " ").map(String.init)
            switch fields.first {
            case "READY" where fields.count >= 2:
                current = fields[1]
            case "ACK" where fields.count >= 3 && fields[1] == "sample":
                report.samples += 1
                if !deleted.contains(current), !present.contains(fields[2]) { report.missing.append(line) }
            case "ACK" where fields.count >= 4 && fields[1] == "lap":
                report.laps += 1
                if !deleted.contains(fields[2]), try laps(of: fields[2], in: store) < Int(fields[3]) ?? 0 { report.missing.append(line) }
            case "ACK" where fields.count >= 3 && fields[1] == "saved":
                report.saves += 1
                let state = try? store.workout(matching: fields[2]).summary.state
                if !deleted.contains(fields[2]), state != .saved { report.missing.append(line) }
            case "ACK" where fields.count >= 3 && fields[1] == "deleted":
                report.deletes += 1
                if (try? store.workout(matching: fields[2])) != nil { report.missing.append(line + " (still there)") }
            case "ACK" where fields.count >= 4 && (fields[1] == "imported" || fields[1] == "replica"):
                report.copies += 1
                let state = try? store.workout(matching: fields[2]).summary.state
                let samples = try store.database.writer.read { db in
                    try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sample WHERE workoutId = ?", arguments: [fields[2]]) ?? 0
                }
                if state != .saved || samples < Int(fields[3]) ?? 0 { report.missing.append(line + " (\(samples) samples)") }
            case "ACK" where fields.count >= 4 && fields[1] == "plan":
                // The plan loads, at the acknowledged version or a later one.
                report.plans += 1
                let file = (path as NSString).deletingLastPathComponent + "/plans/\(fields[2]).yaml"
                let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
                let version = text.split(separator: "\n").first { $0.contains("repeat:") }
                    .flatMap { Int($0.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "") } ?? 0
                if (try? PlanLibrary.read(file: file)) == nil || version < Int(fields[3]) ?? 0 {
                    report.missing.append(line + " (found version \(version), \(text.utf8.count) bytes)")
                }
            case "ACK" where fields.count >= 3 && CrashChild.rewrittenFiles.contains(fields[1]):
                report.files += 1
                if let problem = try CrashChild.checkFile(fields[1], version: Int(fields[2]) ?? 0,
                                                          directory: (path as NSString).deletingLastPathComponent, store: store) {
                    report.missing.append(line + " (\(problem))")
                }
            case "RECOVERED":
                report.recoveries += 1
            default:
                break
            }
        }
        return report
    }

    /// Laps recorded for a workout: journal entries while active, events once saved.
    static func laps(of workoutID: String, in store: WorkoutStore) throws -> Int {
        try store.database.writer.read { db in
            let journaled = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM journalEntry WHERE workoutId = ? AND kind = 'lap'",
                                             arguments: [workoutID]) ?? 0
            let saved = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM event WHERE workoutId = ? AND type = 'lap'",
                                         arguments: [workoutID]) ?? 0
            return max(journaled, saved)
        }
    }
}

/// The reader thread's result, handed over once.
final class Collected: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private(set) var data = Data()

    func set(_ data: Data) {
        self.data = data
        done.signal()
    }

    func wait() { done.wait() }
}
