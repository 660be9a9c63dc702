// The pattern that deadlocked the parallel suite: several tests at once, each waiting in a test
// helper for child processes to end. Subprocess reports a child's end through a task that needs a
// free thread of the cooperative pool (two threads on a two-core machine); when the helpers held a
// pool thread while they waited (spawnDetached's waitBlocking, ChildProcess.terminate polling and
// then waitBlocking, BackgroundGateway's deinit), as many waiters as the pool has threads took
// every thread, nobody was left to report an end, and the run hung for good. The helpers now
// await; this runs more waiters than any pool has threads, in several test cases at once, and each
// must finish — quickly, not after a timeout.

import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite("Test helpers waiting on children in parallel")
struct ParallelHelperTests {
    /// More waiters at once than the cooperative pool has threads, whatever the machine.
    static let waiters = max(8, 2 * ProcessInfo.processInfo.activeProcessorCount)

    @Test(.timeLimit(.minutes(1)), arguments: 0..<4)
    func manyHelpersWaitingOnChildrenAtOnceAllFinish(case index: Int) async throws {
        let started = ContinuousClock.now
        // One gateway per case, left to its deinit (which used to wait, polling, for its end).
        let home = try ScratchHome()
        var gateway: BackgroundGateway? = try await BackgroundGateway(home: home)
        #expect(gateway?.exitStatus == nil)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<Self.waiters {
                group.addTask {
                    // A launcher waited for to its end, as tmux new-session is.
                    #expect(try await spawnDetached(["/bin/sh", "-c", "sleep 0.2"]) == 0)
                    // A child that would run for a minute, stopped by SIGTERM and reaped.
                    let sleeper = try await ChildProcess.spawn(["/bin/sleep", "60"])
                    #expect(await ChildProcess.terminate(sleeper) == 128 + SIGTERM)
                    // A program run to completion, its output read.
                    let echoed = try await runProcess("/bin/sh", ["-c", "sleep 0.1; echo \(index)"])
                    #expect(echoed.stdout == "\(index)\n")
                }
            }
            try await group.waitForAll()
        }
        gateway = nil
        // Every wait above is a fraction of a second; a helper that stalled until a deadline (5 s
        // for SIGKILL, 20 s for a gateway) would show here even where it does not hang.
        let took = ContinuousClock.now - started
        #expect(took < .seconds(15), "\(Self.waiters) waiters took \(took)")
    }
}
