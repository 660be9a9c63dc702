// Failures: a read-only store and a full disk are reported as errorDatabaseInaccessible with what
// to do, and the manager keeps the failed writes queued and lands them with the next write.
//
// How the conditions are made: read-only through SQLite's own read-only open (root ignores file
// permissions, so chmod would prove nothing); a full disk with a real tmpfs of a few MiB mounted
// for the test and filled up (skipped, and said so, where mounting is not permitted).

import CoachCore
@testable import CoachStore
import Foundation
import GRDB
import Testing

@Suite struct FailureTests {
    @Test func readOnlyStoreRefusesWritesWithAClearProblem() async throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let path = directory + "/coach.sqlite"
        do {
            let writable = try WorkoutStore.open(path: path)
            let manager = Fixtures.manager(journal: writable, clock: ManualWorkoutClock(start: Fixtures.start))
            await Fixtures.startRunning(manager)
            await manager.advance(by: .seconds(60))
            _ = await manager.perform(.end())
        }
        let readOnly = try WorkoutStore.open(path: path, readOnly: true)
        #expect(try readOnly.history().count == 1)  // reads work: `coach history` while the gateway runs

        let manager = Fixtures.manager(journal: readOnly, clock: ManualWorkoutClock(start: Fixtures.start))
        let outcome = await manager.perform(.start(Fixtures.run))
        let problem = try #require(outcome.journalProblem)
        #expect(problem.code == "errorDatabaseInaccessible")
        #expect(problem.message.contains("read-only"))
        #expect(problem.message.contains(path))
        #expect(problem.message.contains("kept in memory"))
        #expect(try readOnly.count("workout") == 1)  // nothing was written
    }

    @Test func unopenableStoreSaysWhatToDo() throws {
        // A regular file where the directory should be: no amount of privilege creates inside it.
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        _ = FileManager.default.createFile(atPath: directory + "/file", contents: Data())
        #expect {
            try WorkoutStore.open(path: directory + "/file/coach.sqlite")
        } throws: { error in
            guard let problem = error as? JournalProblem else { return false }
            return problem.code == "errorDatabaseInaccessible" && problem.message.contains("Workouts cannot be kept")
        }
    }

    @Test func sqliteErrorsMapToAdvice() {
        let full = StoreFailure.problem(for: DatabaseError(resultCode: .SQLITE_FULL), path: "/d/coach.sqlite")
        #expect(full.code == "errorDatabaseInaccessible")
        #expect(full.message.contains("the disk is full"))
        #expect(full.message.contains("free some space"))
        let busy = StoreFailure.problem(for: DatabaseError(resultCode: .SQLITE_BUSY), path: "/d/coach.sqlite")
        #expect(busy.message.contains("locked"))
        let passthrough = JournalProblem(code: "x", message: "y")
        #expect(StoreFailure.problem(for: passthrough, path: nil) == passthrough)
    }

    @Test(.enabled(if: TmpfsMount.isPermitted, "needs `mount -t tmpfs` (root in a namespace that allows it)"))
    func fullDiskFailsThenEveryQueuedWriteLandsOnceThereIsSpace() async throws {
        let mount = try TmpfsMount(sizeMiB: 4)
        defer { mount.unmount() }
        let path = mount.path + "/coach.sqlite"
        let store = try WorkoutStore.open(path: path)
        let manager = Fixtures.manager(journal: store, clock: ManualWorkoutClock(start: Fixtures.start))
        let id = await Fixtures.startRunning(manager)

        let filler = mount.path + "/filler"
        try mount.fill(filler)
        var accepted = 0
        var problem: JournalProblem?
        for index in 0..<5_000 where problem == nil {
            do {
                let outcome = try await manager.addSample(.heartRate, value: 60 + Double(index % 100))
                if outcome == .added { accepted += 1 }
            } catch let error as JournalProblem {
                // The builder kept the sample; only its durability is in question.
                accepted += 1
                problem = error
            }
        }
        let failure = try #require(problem, "the disk never filled up")
        #expect(failure.code == "errorDatabaseInaccessible")
        #expect(failure.message.contains("disk is full"))

        try FileManager.default.removeItem(atPath: filler)
        _ = try await manager.addSample(.heartRate, value: 99)
        accepted += 1
        #expect(try store.samples(ofWorkout: id).count == accepted)
        #expect(try store.database.integrityCheck() == ["ok"])
        _ = Unmanaged.passRetained(store)  // no close before unmounting (lazy): as in a crash
    }
}

/// A tmpfs of a given size, mounted on a fresh directory, to run the store out of disk space.
struct TmpfsMount {
    let path: String

    static let isPermitted: Bool = {
        guard let probe = try? TmpfsMount(sizeMiB: 1) else { return false }
        probe.unmount()
        return true
    }()

    init(sizeMiB: Int) throws {
        path = try Fixtures.temporaryDirectory()
        // A system call, not a `mount` child: nothing for a test to wait for.
        guard mount("tmpfs", path, "tmpfs", 0, "size=\(sizeMiB)m") == 0 else {
            Fixtures.remove(path)
            throw CocoaError(.fileWriteNoPermission)
        }
    }

    /// Writes zeros until the file system says it is full.
    func fill(_ file: String) throws {
        _ = FileManager.default.createFile(atPath: file, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
        defer { try? handle.close() }
        let chunk = Data(count: 64 * 1024)
        var small = Data(count: 512)
        do {
            while true { try handle.write(contentsOf: chunk) }
        } catch {}
        // Top up the last partial chunk, byte blocks at a time.
        do {
            while true { try handle.write(contentsOf: small); small = Data(count: 512) }
        } catch {}
    }

    /// Lazily (MNT_DETACH, `umount -l`): the store still has its file open.
    func unmount() {
        _ = umount2(path, Int32(MNT_DETACH))
        Fixtures.remove(path)
    }
}
