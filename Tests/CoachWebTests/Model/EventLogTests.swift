// What a reconnecting client is owed: everything after its Last-Event-ID and nothing it had; the
// current status when its id cannot be resumed (none, another run, forgotten, from the future).

import CoachWeb
import Testing

@Suite struct EventLogTests {
    /// A log of run "r": s1 a2 s3 s4 (s = status, a = announcement).
    static func log(capacity: Int = 8) -> EventLog<String> {
        var log = EventLog<String>(run: "r", capacity: capacity)
        log.append("s1", isStatus: true)
        log.append("a2", isStatus: false)
        log.append("s3", isStatus: true)
        log.append("s4", isStatus: true)
        return log
    }

    static func payloads(_ resume: EventLog<String>.Resume) -> [String] { resume.entries.map(\.payload) }

    @Test func idsAreRunAndSequence() {
        let log = Self.log()
        #expect(log.lastID?.description == "r-4")
        #expect(EventID("r-4") == EventID(run: "r", sequence: 4))
        #expect(EventID("mwx-run-12") == EventID(run: "mwx-run", sequence: 12))
        for bad in ["", "4", "-4", "r-", "r-x", "r-4x"] { #expect(EventID(bad) == nil, "\(bad)") }
    }

    @Test func noIDGetsTheLatestStatusOnly() {
        #expect(Self.payloads(Self.log().resume(after: nil)) == ["s4"])
    }

    @Test func aKnownIDGetsWhatCameAfterIt() {
        let log = Self.log()
        #expect(Self.payloads(log.resume(after: "r-1")) == ["a2", "s3", "s4"])
        #expect(Self.payloads(log.resume(after: "r-3")) == ["s4"])
        guard case .replay(let none) = log.resume(after: "r-4") else { Issue.record("up to date is a replay of nothing"); return }
        #expect(none.isEmpty)
    }

    @Test func anIDThatCannotBeResumedGetsTheCurrentStatus() {
        let log = Self.log()
        for id in ["other-2", "r-99", "garbage", "r-0x"] {
            guard case .fresh(let latest) = log.resume(after: id) else { Issue.record("\(id) resumed"); continue }
            #expect(latest?.payload == "s4", "\(id)")
        }
    }

    @Test func forgottenEventsAreNotPretendedAway() {
        var log = Self.log(capacity: 3)
        log.append("a5", isStatus: false)
        // Kept: s3 s4 a5. After r-2 (a2), s3 is the next and kept: resumable. After r-1, a2 is gone.
        #expect(Self.payloads(log.resume(after: "r-2")) == ["s3", "s4", "a5"])
        guard case .fresh(let latest) = log.resume(after: "r-1") else { Issue.record("a gap was replayed"); return }
        #expect(latest?.payload == "s4")
    }

    @Test func theLatestStatusOutlivesTheRing() {
        var log = EventLog<String>(run: "r", capacity: 2)
        log.append("s1", isStatus: true)
        log.append("a2", isStatus: false)
        log.append("a3", isStatus: false)
        #expect(Self.payloads(log.resume(after: nil)) == ["s1"])
        #expect(log.ordered.map(\.payload) == ["a2", "a3"])
    }

    @Test func anEmptyLogOwesNothing() {
        let log = EventLog<String>(run: "r")
        #expect(log.resume(after: nil).entries.isEmpty)
        #expect(log.resume(after: "r-1").entries.isEmpty)
    }
}
