// SessionLockFollower: the D-Bus edge's observations in, the gateway's actions out.

import CoachCore
import Testing

@Suite("Session lock follower")
struct SessionLockFollowerTests {
    func found() -> SessionLockFollower {
        var follower = SessionLockFollower()
        _ = follower.handle(.found(session: "c7", how: "XDG_SESSION_ID"))
        return follower
    }

    @Test func findingTheSessionIsOneLineNamingItAndHow() {
        var follower = SessionLockFollower()
        let actions = follower.handle(.found(session: "c7", how: "XDG_SESSION_ID"))
        #expect(actions == [.log("lock.follow: logind: following session c7 (found by XDG_SESSION_ID): its screen lock hides metrics", warning: false)])
        #expect(follower.following)
    }

    @Test func theHintLocksAndUnlocks() {
        var follower = found()
        #expect(follower.handle(.lockedHint(true)) == [.lockSession])
        #expect(follower.handle(.lockedHint(false)) == [.unlockSession])
        #expect(follower.handle(.lockedHint(true)) == [.lockSession])
    }

    @Test func theFirstHintIsActedOnEvenWhenFalse() {
        // A session hold left from before (none on start, but harmless) is released by the first read.
        var follower = found()
        #expect(follower.handle(.lockedHint(false)) == [.unlockSession])
    }

    @Test func aRepeatedHintDoesNothing() {
        var follower = found()
        _ = follower.handle(.lockedHint(true))
        #expect(follower.handle(.lockedHint(true)).isEmpty)
        _ = follower.handle(.lockedHint(false))
        #expect(follower.handle(.lockedHint(false)).isEmpty)
    }

    @Test func hintsBeforeASessionIsFoundAreIgnored() {
        var follower = SessionLockFollower()
        #expect(follower.handle(.lockedHint(true)).isEmpty)
    }

    @Test func nothingToFollowIsOneWarningAndLockingStaysManual() {
        var follower = SessionLockFollower()
        let actions = follower.handle(.unavailable("logind (org.freedesktop.login1) is not on the system bus"))
        #expect(actions == [.log("lock.follow: logind: logind (org.freedesktop.login1) is not on the system bus — locking stays manual (coach lock / coach unlock)",
                                 warning: true)])
        #expect(!follower.following)
    }

    @Test func losingTheBusWhileLockedKeepsTheLockAndSaysSo() {
        var follower = found()
        _ = follower.handle(.lockedHint(true))
        let actions = follower.handle(.lost("lost the system bus (Connection reset)"))
        #expect(!actions.contains(.unlockSession), "privacy first: nothing is shown")
        guard case .log(let line, true)? = actions.first else { Issue.record("no warning: \(actions)"); return }
        #expect(line.contains("metrics stay hidden until coach unlock"))
        #expect(line.hasSuffix("locking stays manual (coach lock / coach unlock)"))
        // Nothing more is followed.
        #expect(follower.handle(.lockedHint(false)).isEmpty)
    }

    @Test func losingTheBusWhileUnlockedSaysOnlyThatLockingIsManual() {
        var follower = found()
        _ = follower.handle(.lockedHint(false))
        guard case .log(let line, true)? = follower.handle(.lost("lost the system bus")).first else { Issue.record("no warning"); return }
        #expect(!line.contains("stay hidden"))
    }
}
