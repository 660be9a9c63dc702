// LockHolders: the user's lock and the session's, one expectation per transition — above all that
// the session releases only what it took (a manual `coach lock` survives the screen unlocking).

import CoachCore
import Testing

@Suite("Privacy lock holders")
struct LockHoldersTests {
    /// Applies each step in turn; returns, per step, whether metrics went hidden or shown.
    func run(_ lock: inout LockHolders, _ steps: [(LockHolders.Holder, Bool)]) -> [Bool] {
        steps.map { holder, locked in holder == .user ? lock.user(locked) : lock.session(locked) }
    }

    @Test func theSessionLocksAndUnlocksWhatItTook() {
        var lock = LockHolders()
        #expect(run(&lock, [(.session, true)]) == [true])
        #expect(lock.isLocked && !lock.heldByUser)
        #expect(run(&lock, [(.session, false)]) == [true])
        #expect(!lock.isLocked)
    }

    @Test func aManualLockSurvivesTheSessionUnlocking() {
        var lock = LockHolders()
        // Locked by hand, then the screen locks (already hidden) and unlocks (the user's lock stays).
        #expect(run(&lock, [(.user, true), (.session, true), (.session, false)]) == [true, false, false])
        #expect(lock.isLocked && lock.heldByUser)
    }

    @Test func aManualLockWhileTheSessionHoldsItStaysAfterTheScreenUnlocks() {
        var lock = LockHolders()
        #expect(run(&lock, [(.session, true), (.user, true), (.session, false)]) == [true, false, false])
        #expect(lock.holders == [.user])
    }

    @Test func manualUnlockReleasesEveryHolder() {
        var lock = LockHolders([.user, .session])
        #expect(run(&lock, [(.user, false)]) == [true])
        #expect(lock.holders.isEmpty)
        // The next screen lock takes it again.
        #expect(run(&lock, [(.session, true)]) == [true])
        #expect(lock.holders == [.session])
    }

    @Test func repeatsChangeNothing() {
        var lock = LockHolders()
        #expect(run(&lock, [(.session, false), (.user, false), (.user, true), (.user, true)]) == [false, false, true, false])
        #expect(lock.holders == [.user])
    }
}
