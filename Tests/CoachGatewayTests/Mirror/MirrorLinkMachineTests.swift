// The pure parts of mirroring: target parsing and the ssh command line, the link's state machine
// and backoff, ssh exit classification, and the primary's status read back into a snapshot.

@testable import CoachGateway
import CoachCore
import Foundation
import XCTest

final class MirrorLinkMachineTests: XCTestCase {
    func testTargetsParseAndRejectWhatSshWouldMisread() throws {
        XCTAssertEqual(try MirrorTarget(parsing: "unix:/run/user/1000/coach/coach.sock"), .unix(path: "/run/user/1000/coach/coach.sock"))
        XCTAssertEqual(try MirrorTarget(parsing: "ssh://pi@bike.local:2222"), .ssh(user: "pi", host: "bike.local", port: 2222))
        XCTAssertEqual(try MirrorTarget(parsing: "ssh://bike"), .ssh(user: nil, host: "bike", port: nil))
        XCTAssertEqual(try MirrorTarget(parsing: "ssh://[::1]:22"), .ssh(user: nil, host: "::1", port: 22))
        for bad in ["unix:relative.sock", "tcp://host", "ssh://pi:secret@host", "ssh://host/path", "ssh://host:0",
                    "ssh://host:99999", "ssh://-oProxyCommand=x", "ssh://", "ssh://a b"] {
            XCTAssertThrowsError(try MirrorTarget(parsing: bad), bad)
        }
        let target = try MirrorTarget(parsing: "ssh://pi@bike.local:2222")
        XCTAssertEqual(target.description, "ssh://pi@bike.local:2222")
        let arguments = try XCTUnwrap(target.sshArguments(remoteCoach: "/opt/coach", connectTimeout: 5, extraOptions: ["-F", "/dev/null"]))
        XCTAssertEqual(Array(arguments.prefix(8)), ["ssh", "-T", "-p", "2222", "-l", "pi", "-F", "/dev/null"])
        XCTAssertTrue(arguments.contains("ConnectTimeout=5"))
        XCTAssertTrue(arguments.contains("BatchMode=yes"))
        // The host comes after `--`, so it is never read as an option.
        XCTAssertEqual(Array(arguments.suffix(4)), ["--", "bike.local", "/opt/coach", "bridge"])
    }

    func testLinkGoesLiveDropsBacksOffAndResetsAfterLive() {
        var machine = MirrorLinkMachine()
        XCTAssertEqual(machine.handle(.start), [.open])
        XCTAssertEqual(machine.handle(.opened), [.sync])
        XCTAssertEqual(machine.handle(.synced), [.announceLive])
        XCTAssertEqual(machine.phase, .live)
        var delays: [Duration] = []
        for _ in 0..<12 {
            let actions = machine.handle(.lost(reason: "refused", retryable: true, jitter: 0.5))
            guard case .scheduleRetry(let delay)? = actions.last else { return XCTFail("\(actions)") }
            XCTAssertEqual(actions.first, .close)
            delays.append(delay)
            XCTAssertEqual(machine.handle(.retryDue), [.open])
        }
        XCTAssertEqual(delays.first, .milliseconds(250))
        XCTAssertEqual(delays[1], .milliseconds(400), "×1.6")
        XCTAssertEqual(delays.last, .seconds(10), "capped")
        XCTAssertEqual(delays, delays.sorted())
        // Once live again, the next drop starts from the initial delay.
        _ = machine.handle(.opened)
        _ = machine.handle(.synced)
        XCTAssertEqual(machine.handle(.lost(reason: "x", retryable: true, jitter: 0.5)).last, .scheduleRetry(.milliseconds(250)))
        // Jitter stays within ±20 %.
        XCTAssertEqual(machine.delay(afterFailures: 1, jitter: 0), .milliseconds(200))
        XCTAssertEqual(machine.delay(afterFailures: 1, jitter: 1), .milliseconds(300))
    }

    func testTrustProblemsAreNotRetriedAndStopEndsEverything() {
        var machine = MirrorLinkMachine()
        _ = machine.handle(.start)
        let actions = machine.handle(.lost(reason: "Host key verification failed.", retryable: false, jitter: 0.5))
        XCTAssertEqual(actions, [.close, .announceLost(reason: "Host key verification failed.", retryIn: nil)])
        XCTAssertEqual(machine.phase, .disconnected(reason: "Host key verification failed.", retrying: false))
        XCTAssertEqual(machine.handle(.retryDue), [], "no retry timer after a trust problem")
        XCTAssertEqual(machine.handle(.start), [.open], "a new start tries again")
        XCTAssertEqual(machine.handle(.stop), [.cancelRetry, .close])
        XCTAssertEqual(machine.handle(.opened), [], "a late open after stop does nothing")
        XCTAssertEqual(machine.phase, .stopped)
    }

    func testSshExitsAreClassifiedAsTheReferenceTableSays() {
        XCTAssertFalse(MirrorChannel.classify(exited: true, code: 255, signal: 0, stderr: "root@127.0.0.1: Permission denied (publickey).").retryable)
        XCTAssertFalse(MirrorChannel.classify(exited: true, code: 255, signal: 0, stderr: "Host key verification failed.").retryable)
        XCTAssertFalse(MirrorChannel.classify(exited: true, code: 127, signal: 0, stderr: "bash: coach: command not found").retryable)
        XCTAssertTrue(MirrorChannel.classify(exited: true, code: 255, signal: 0, stderr: "ssh: connect to host 127.0.0.1 port 2222: Connection refused").retryable)
        XCTAssertTrue(MirrorChannel.classify(exited: true, code: 255, signal: 0, stderr: nil).retryable)
        XCTAssertTrue(MirrorChannel.classify(exited: true, code: 69, signal: 0, stderr: nil).retryable)
        XCTAssertTrue(MirrorChannel.classify(exited: false, code: 0, signal: 9, stderr: nil).retryable)
    }

    func testPrimaryStatusReadsBackIntoASnapshot() throws {
        let now = Timestamp(monotonic: MonotonicInstant(nanoseconds: 5_000_000_000), date: Date(timeIntervalSince1970: 1_800_000_000))
        var original = WorkoutSnapshot(workoutID: "w1", state: .running, activity: .cycling, location: .indoor,
                                       goal: .time(seconds: 1800), elapsed: 61.5, goalProgress: 0.034, laps: 2, at: now)
        original.startDate = Date(timeIntervalSince1970: 1_799_999_938.25)
        var power = QuantityStatistics(type: .power)
        power.mostRecent = 220; power.average = 210; power.minimum = 180; power.maximum = 240; power.count = 3
        original.statistics[.power] = power
        let json = original.json(locked: false)
        let decoded = try XCTUnwrap(MirroredSnapshot.decode(json, previous: nil, at: now))
        XCTAssertEqual(decoded.json(locked: false).serialized(), json.serialized(), "what the mirror shows is what the primary said")
        XCTAssertEqual(decoded.statistics[.power]?.mostRecentAt, now)
        // A reading that did not change keeps its age (it can go stale on the mirror too).
        let later = Timestamp(monotonic: MonotonicInstant(nanoseconds: 9_000_000_000), date: now.date.addingTimeInterval(4))
        XCTAssertEqual(MirroredSnapshot.decode(json, previous: decoded, at: later)?.statistics[.power]?.mostRecentAt, now)
        // While the primary is locked it sends no metrics, and the mirror has none to show.
        XCTAssertTrue(try XCTUnwrap(MirroredSnapshot.decode(original.json(locked: true), previous: nil, at: now)).statistics.isEmpty)
        XCTAssertNil(MirroredSnapshot.decode(["state": "flying"], previous: nil, at: now))
    }
}
