// The power-loss test: coach-store-crash runs a workload under the write log (powerlog.c, an
// LD_PRELOAD shim compiled here with cc), then states a power cut could leave are built from the
// log (PowerCut.swift) — a random cut, with none, all, a prefix or a random half of the changes
// not yet synced — and each is opened with a fresh store: it must open, pass integrity_check,
// read its active workout's journal, and hold everything acknowledged before the cut.
//
// COACH_POWER_CUTS (default 240: the suite's ~60 s) is the number of states over all workloads;
// COACH_POWER_SECONDS how long each workload runs; COACH_POWER_GATEWAYS (default 1) how many states
// of each workload are also opened with a fresh `coach serve` (PowerCutGateway.swift), as the user's
// next start opens them. Benchmarks/store/power-loss.sh runs 1 200 states, 10 a workload with a gateway.

import CoachCore
@testable import CoachStore
import Foundation
import Testing

@Suite(.serialized) struct PowerLossTests {
    static let workloads = ["samples", "delete", "import", "replica", "plans", "files"]
    static var cuts: Int { Int(ProcessInfo.processInfo.environment["COACH_POWER_CUTS"] ?? "") ?? 240 }
    static var seconds: String { ProcessInfo.processInfo.environment["COACH_POWER_SECONDS"] ?? "2" }
    static var gateways: Int { Int(ProcessInfo.processInfo.environment["COACH_POWER_GATEWAYS"] ?? "") ?? 1 }

    @Test func everyStateAPowerCutCanLeaveOpensWithEverythingAcknowledged() async throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let shim = try await PowerShim.build(into: directory)
        var failures: [String] = []
        var totals = (states: 0, acknowledged: 0)
        for workload in Self.workloads {
            let root = directory + "/\(workload)"
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
            let log = directory + "/\(workload).log"
            let run = try await runProcess(CrashChild.executable,
                                           [root + "/coach.sqlite", "--seconds", Self.seconds, "--writers", "4", "--workload", workload],
                                           environment: ["LD_PRELOAD": shim, "COACH_POWERLOG": log, "COACH_POWERLOG_DIR": root])
            #expect(run.status == 0, "\(workload): \(run.stderr)")
            let figures = try await onThread {
                try PowerCutRun(log: PowerLog(contentsOf: log), root: root, scratch: directory + "/\(workload)-state")
                    .check(states: Self.cuts / Self.workloads.count, seed: UInt64(workload.utf8.count), gateways: Self.gateways)
            }
            print("power loss: \(workload): \(figures.states) states from \(figures.records) records, "
                  + "\(figures.acknowledged) acknowledgements checked (\(figures.finalAcknowledged) in the run), \(figures.dropped) unsynced changes left out, "
                  + "\(figures.unopenable) unopenable, \(figures.lost) states with an acknowledged write lost; "
                  + "\(figures.gateways) opened by a fresh gateway (\(figures.gatewayWorkouts) acknowledged saves and deletes looked up "
                  + "through its socket), \(figures.gatewayFailures) of them failed")
            #expect(figures.finalAcknowledged > 0, "\(workload): the workload acknowledged nothing")
            #expect(figures.dropped > 0, "\(workload): no state left out an unsynced change")
            #expect(figures.gateways >= min(Self.gateways, figures.states), "\(workload): no state was opened by a gateway")
            failures += figures.failures
            totals.states += figures.states
            totals.acknowledged += figures.acknowledged
        }
        #expect(failures.isEmpty, "\(failures.count) states failed:\n\(failures.prefix(10).joined(separator: "\n"))")
        print("power loss: \(totals.states) simulated power cuts, \(totals.acknowledged) acknowledgements checked, \(failures.count) failed")
    }
}

extension PowerLossTests {
    /// The negative control: the same kind of log with the WAL's fsyncs taken out — the store as
    /// it would be with `synchronous=NORMAL` — must lose acknowledged samples in some state. A
    /// simulation that found nothing here could not be trusted to find anything.
    @Test func withoutTheWALsSyncsAcknowledgedSamplesAreLost() async throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let shim = try await PowerShim.build(into: directory)
        let root = directory + "/samples", log = directory + "/samples.log"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let run = try await runProcess(CrashChild.executable, [root + "/coach.sqlite", "--seconds", "1", "--writers", "4"],
                                       environment: ["LD_PRELOAD": shim, "COACH_POWERLOG": log, "COACH_POWERLOG_DIR": root])
        #expect(run.status == 0, "\(run.stderr)")
        let figures = try await onThread {
            try PowerCutRun(log: PowerLog(contentsOf: log).withoutSyncs(ofFiles: { $0.hasSuffix("-wal") }),
                            root: root, scratch: directory + "/state").check(states: 20, seed: 7)
        }
        print("power loss, WAL never synced: \(figures.states) states, \(figures.lost) lost acknowledged writes, \(figures.unopenable) unopenable; \(figures.failures.filter { !$0.contains("lost") }.prefix(2))")
        #expect(figures.lost > 0, "with the WAL's syncs taken out, some state must lose an acknowledged sample")
    }
}

/// The shim, compiled for this run.
enum PowerShim {
    static var source: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Support/powerlog/powerlog.c").path
    }

    static func build(into directory: String) async throws -> String {
        let library = directory + "/powerlog.so"
        let compiled = try await runProcess("/usr/bin/env", ["cc", "-shared", "-fPIC", "-O2", "-o", library, source, "-ldl", "-lpthread"])
        guard compiled.status == 0 else { throw PowerLogError("cc failed: \(compiled.stderr)") }
        return library
    }
}

/// The states of one workload's log, each opened and checked.
struct PowerCutRun {
    struct Figures {
        var records = 0, states = 0, acknowledged = 0, finalAcknowledged = 0, unopenable = 0, lost = 0
        /// States also opened by a fresh `coach serve` (FreshGateway), and those that failed there.
        var gateways = 0, gatewayFailures = 0, gatewayWorkouts = 0
        /// Changes not yet synced that states left out: none would mean no cut ever lost anything.
        var dropped = 0
        var failures: [String] = []
    }

    let log: PowerLog
    let root: String
    let scratch: String

    func check(states wanted: Int, seed: UInt64, gateways: Int = 0) throws -> Figures {
        var figures = Figures()
        figures.records = log.records.count
        figures.finalAcknowledged = log.acknowledgements(before: log.records.count).filter { $0.hasPrefix("ACK") }.count
        var generator = SplitMix(seed: seed)
        // Every `every`-th state is also opened with a gateway, from the first: spread over the run.
        let every = gateways > 0 ? max(1, wanted / gateways) : Int.max
        while figures.states < wanted, log.records.count > 0 {
            let cut = Int(generator.next() % UInt64(log.records.count)) + 1
            let (durable, units) = log.pending(before: cut)
            var subsets: [PowerSubset] = [.none, .all, .random(seed: generator.next()), .random(seed: generator.next())]
            if units.count > 1 { subsets.append(.prefix(Int(generator.next() % UInt64(units.count - 1)) + 1)) }
            for subset in subsets where figures.states < wanted {
                figures.states += 1
                let label = "cut after record \(cut) of \(log.records.count), \(units.count) changes pending, kept \(subset)"
                try? FileManager.default.removeItem(atPath: scratch)
                try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
                let kept = subset.choose(from: units)
                figures.dropped += units.count - kept.count
                _ = try log.materialize(cut: cut, durable: durable, kept: kept, root: root, into: scratch)
                let acknowledged = log.acknowledgements(before: cut)
                figures.acknowledged += acknowledged.filter { $0.hasPrefix("ACK") }.count
                // The gateway opens the state first, as the next start after the cut would.
                if (figures.states - 1) % every == 0, figures.gateways < gateways {
                    figures.gateways += 1
                    let (problems, workouts) = try FreshGateway.check(state: scratch, acknowledged: acknowledged)
                    figures.gatewayWorkouts += workouts
                    if !problems.isEmpty {
                        figures.gatewayFailures += 1
                        figures.failures.append("\(label), a fresh gateway: \(problems.joined(separator: "; "))")
                    }
                }
                do {
                    let report = try CrashChild.verify(acknowledged, database: scratch + "/coach.sqlite")
                    if report.integrity != ["ok"] {
                        figures.unopenable += 1
                        figures.failures.append("\(label): integrity_check \(report.integrity.prefix(3))")
                    } else if !report.missing.isEmpty {
                        figures.lost += 1
                        figures.failures.append("\(label): lost \(report.missing.prefix(3))")
                    }
                } catch {
                    figures.unopenable += 1
                    figures.failures.append("\(label): \(error)")
                }
        }
        }
        try? FileManager.default.removeItem(atPath: scratch)
        return figures
    }
}
