// `lock.follow: logind` end to end: a real `coach serve` on a private D-Bus daemon with logind
// played by Tests/Support/logind-mock/mock_logind.py. The screen locker is played with busctl
// (Session.SetLockedHint, as GNOME or xss-lock call it), and what the gateway shows is read back
// with `coach status --json`: locked, metrics gone, within 2 s, and back again.

import CoachWire
import Foundation
import Testing

@Suite("Locked follows the login session (logind on a private D-Bus)", .serialized)
struct LogindLockFollowTests {
    let sessionPath = "/org/freedesktop/login1/session/c7"

    func json(_ text: String) -> [String: Any]? {
        try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
    }

    /// The screen locker: logind's own method, which emits PropertiesChanged.
    func setLockedHint(_ bus: PrivateBus, _ locked: Bool) async throws {
        let result = try await bus.busctl(["call", "org.freedesktop.login1", sessionPath, "org.freedesktop.login1.Session",
                                           "SetLockedHint", "b", locked ? "true" : "false"])
        #expect(result.status == 0, "\(result.stderr)")
    }

    /// A running workout with a heart rate, in a home whose gateway follows logind on `bus`.
    struct Running {
        let home: ScratchHome
        let gateway: BackgroundGateway
        let log: String

        func status() async -> [String: Any]? {
            guard let result = try? await home.coach(["status", "--json"]) else { return nil }
            return try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        }

        func serveLog() -> String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }

        /// Waits until the status shows `locked` (metrics hidden) or not (the heart rate shown);
        /// returns how long that took, in seconds.
        func waitUntil(locked: Bool) async throws -> Double {
            let start = ContinuousClock.now
            try await PrivateBus.waitFor(locked ? "the gateway to lock" : "the gateway to unlock", timeout: .seconds(60)) {
                let status = await status()
                let metrics = status?["metrics"] as? [String: Any]
                return locked ? status?["locked"] as? Bool == true && metrics == nil
                    : status?["locked"] as? Bool == false && (metrics?["heartRate"] as? [String: Any])?["latest"] as? Double == 150
            }
            return (ContinuousClock.now - start) / .seconds(1)
        }
    }

    func start(_ bus: PrivateBus, settings: String = "lock:\n  follow: logind\n", arguments: [String] = [],
               environment: [String: String] = [:]) async throws -> Running {
        let home = try ScratchHome()
        try home.writeSettings(settings)
        let log = home.root.appendingPathComponent("serve.log").path
        // The test runner's own session must not be the one followed.
        let variables = ["COACH_DBUS_SYSTEM_BUS_ADDRESS": bus.address, "XDG_SESSION_ID": ""].merging(environment) { $1 }
        let gateway = try await BackgroundGateway(home: home, extraArguments: ["--countdown", "0"] + arguments,
                                                  environment: variables, log: log)
        let running = Running(home: home, gateway: gateway, log: log)
        #expect(try await home.coach(["start", "running", "--location", "outdoor"]).status == 0)
        #expect(try await home.coach(["sample", "heartRate", "150"]).status == 0)
        _ = try await running.waitUntil(locked: false)
        return running
    }

    @Test func theScreenLockLocksTheGatewayAndItsUnlockUnlocks() async throws {
        let bus = try await PrivateBus(mock: "logind-mock/mock_logind.py", owning: "org.freedesktop.login1")
        let running = try await start(bus, environment: ["XDG_SESSION_ID": "c7"])
        defer { _ = Task { try? await running.gateway.stop() } }
        #expect(running.serveLog().contains("lock.follow: logind: following session c7 (found by XDG_SESSION_ID)"), "\(running.serveLog())")

        try await setLockedHint(bus, true)
        let toLock = try await running.waitUntil(locked: true)
        #expect(toLock < 2, "locked after \(toLock) s")
        let locked = try #require(await running.status())
        #expect(locked["state"] as? String == "running", "what the activity is and its phase stay")
        #expect(locked["laps"] == nil && locked["metrics"] == nil)

        try await setLockedHint(bus, false)
        let toUnlock = try await running.waitUntil(locked: false)
        #expect(toUnlock < 2, "unlocked after \(toUnlock) s")
        // The session's lock is not remembered: a restarted gateway reads LockedHint again.
        #expect(!FileManager.default.fileExists(atPath: running.home.root.appendingPathComponent("state/coach/locked").path))
        #expect(try await running.gateway.stop() == 0)
    }

    @Test func aManualLockSurvivesTheScreenUnlocking() async throws {
        let bus = try await PrivateBus(mock: "logind-mock/mock_logind.py", owning: "org.freedesktop.login1")
        // No XDG_SESSION_ID: found by the gateway's pid. Asked for with the flag, not the settings.
        let running = try await start(bus, settings: "", arguments: ["--lock-follow", "logind"])
        defer { _ = Task { try? await running.gateway.stop() } }
        let asked = try await bus.busctl(["call", "org.freedesktop.login1", "/", "org.coach.Mock", "AskedPIDs"])
        #expect(asked.stdout.split(separator: " ").contains { $0.trimmingCharacters(in: .whitespacesAndNewlines) == "\(running.gateway.pid)" },
                "GetSessionByPID was asked about the gateway (\(running.gateway.pid)): \(asked.stdout)")
        #expect(running.serveLog().contains("found by the gateway's pid \(running.gateway.pid)"), "\(running.serveLog())")

        try await setLockedHint(bus, true)
        _ = try await running.waitUntil(locked: true)
        #expect(try await running.home.coach(["lock"]).status == 0)
        try await setLockedHint(bus, false)
        // The follower is alive and has seen the unlock (it answers the next lock at once), yet
        // the user's lock stays.
        try await Task.sleep(for: .seconds(1))
        #expect(await running.status()?["locked"] as? Bool == true, "a manual lock stays until coach unlock")
        #expect(try await running.home.coach(["unlock"]).status == 0)
        _ = try await running.waitUntil(locked: false)
        try await setLockedHint(bus, true)
        _ = try await running.waitUntil(locked: true)
        try await setLockedHint(bus, false)
        _ = try await running.waitUntil(locked: false)
        #expect(try await running.gateway.stop() == 0)
    }

    @Test func losingTheBusWhileLockedKeepsMetricsHiddenUntilCoachUnlock() async throws {
        let bus = try await PrivateBus(mock: "logind-mock/mock_logind.py", owning: "org.freedesktop.login1")
        let running = try await start(bus, environment: ["XDG_SESSION_ID": "c7"])
        defer { _ = Task { try? await running.gateway.stop() } }
        try await setLockedHint(bus, true)
        _ = try await running.waitUntil(locked: true)
        await bus.stopDaemon()
        try await PrivateBus.waitFor("the serve log to say the bus is gone") { running.serveLog().contains("lost the system bus") }
        let line = running.serveLog().split(separator: "\n").first { $0.contains("lost the system bus") } ?? ""
        #expect(line.contains("metrics stay hidden until coach unlock") && line.hasSuffix("locking stays manual (coach lock / coach unlock)"), "\(line)")
        #expect(await running.status()?["locked"] as? Bool == true, "privacy first: still locked")
        #expect(try await running.home.coach(["unlock"]).status == 0)
        _ = try await running.waitUntil(locked: false)
        #expect(try await running.gateway.stop() == 0)
    }

    @Test func outsideASessionTheUsersDisplaySessionIsFollowed() async throws {
        // A `systemctl --user` gateway belongs to no session: GetSessionByPID fails.
        let bus = try await PrivateBus(mock: "logind-mock/mock_logind.py", arguments: ["--no-pid-session"], owning: "org.freedesktop.login1")
        let running = try await start(bus)
        defer { _ = Task { try? await running.gateway.stop() } }
        #expect(running.serveLog().contains("following session c7 (found by the display session of user \(getuid()))"), "\(running.serveLog())")
        try await setLockedHint(bus, true)
        _ = try await running.waitUntil(locked: true)
        #expect(try await running.gateway.stop() == 0)
    }

    @Test func nothingToFollowIsOneClearLineAndTheGatewayRunsOn() async throws {
        let cases: [(String, [String: String], String)] = [
            ("no bus", ["COACH_DBUS_SYSTEM_BUS_ADDRESS": "unix:path=/nonexistent/bus"], "lock.follow: logind: cannot connect to the bus at unix:path=/nonexistent/bus"),
            ("no libsystemd", ["COACH_NATIVE_LIBS": "none"], "sudo apt-get install libsystemd0"),
        ]
        let empty = try await PrivateBus()  // a bus with no logind on it
        for (what, environment, expected) in cases + [("no logind", [:], "lock.follow: logind: logind (org.freedesktop.login1) is not on the system bus")] {
            let home = try ScratchHome()
            try home.writeSettings("lock:\n  follow: logind\n")
            let log = home.root.appendingPathComponent("serve.log").path
            let gateway = try await BackgroundGateway(home: home, environment: ["COACH_DBUS_SYSTEM_BUS_ADDRESS": empty.address].merging(environment) { $1 },
                                                      log: log)
            let line = { ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").filter { $0.contains("lock.follow") } }
            try await PrivateBus.waitFor("\(what): the serve log's line") { !line().isEmpty }
            #expect(line().count == 1, "\(what): \(line())")
            #expect(line().first?.contains(expected) == true, "\(what): \(line())")
            #expect(line().first?.hasSuffix("— locking stays manual (coach lock / coach unlock)") == true, "\(what): \(line())")
            // The gateway runs on, and locking by hand works.
            let locked = try await home.coach(["lock"])
            #expect(locked.status == 0, "\(what): \(locked.stderr)")
            #expect(try await gateway.stop() == 0)
        }
        // `coach doctor` names the feature and what it needs.
        let home = try ScratchHome()
        let doctor = try await home.coach(["doctor"], environment: ["COACH_NATIVE_LIBS": "none"])
        #expect(doctor.stdout.contains("missing  lock follows the screen (lock.follow: logind)"), "\(doctor.stdout)")
        #expect(doctor.stdout.contains("✗ libsystemd.so.0  (libsystemd0)"), "\(doctor.stdout)")
    }
}
