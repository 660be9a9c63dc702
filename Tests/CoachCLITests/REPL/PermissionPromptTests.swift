// A client's permission request answered in the REPL (readline in a real pty, through tmux), and the
// user's commands around it: `coach --as NAME`, `coach permissions`, `coach show` grouping by
// source, `coach history` while locked. Issue 19's walk-through, with the real binary and store.

import CoachWire
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite(.serialized)
struct PermissionPromptTests {
    private func coach(_ arguments: [String], home: ScratchHome) async throws -> ProcessResult {
        let binary = try #require(CoachBinary.path())
        return try await runProcess(binary, arguments, environment: home.environment)
    }

    /// `hello` + `authorization.request` from a client that is not Coach (this test process), on a
    /// thread of its own: the request blocks until the user answers in the REPL. The REPL shows its
    /// prompt before its permission long poll reaches the gateway, and a request while no REPL can
    /// ask returns at once with `asked: false` — so, as a client started beside a new REPL would,
    /// it asks again until a REPL is there to ask (for up to 60 s).
    private static func requestOnThread(socket: String) -> Task<JSONValue, any Error> {
        Task {
            try await withCheckedThrowingContinuation { continuation in
                let thread = Thread {
                    continuation.resume(with: Result {
                        let client = try GatewayClient(location: SocketLocation(path: socket))
                        _ = try client.call("hello", ["client": "hr-bridge", "version": "1.2"])
                        let deadline = Date().addingTimeInterval(60)
                        while true {
                            let answer = try client.call("authorization.request", ["share": ["heartRate"], "read": ["workouts"], "wait": 60])
                            if answer["asked"]?.boolValue == true || Date() > deadline { return answer }
                            Thread.sleep(forTimeInterval: 0.2)
                        }
                    })
                }
                thread.start()
            }
        }
    }

    @Test func aClientIsAskedInTheReplAllowedRevokedAndItsSamplesShowItsName() async throws {
        let home = try ScratchHome()
        let gateway = try await BackgroundGateway(home: home)
        let tmux = try await TmuxSession(home: home)
        try await tmux.waitFor(text: "connected to the gateway at")
        try await tmux.waitFor(lastLine: "coach>")
        #expect(try await coach(["start", "running"], home: home).status == 0)

        // Not asked yet: refused with NotDetermined, exit 77, nothing written.
        let refused = try await coach(["--as", "hr-bridge", "sample", "heartRate", "120"], home: home)
        #expect(refused.status == 77)
        #expect(refused.stderr.contains("hr-bridge has not been allowed to write heartRate"))

        // It asks; the question appears above the REPL's prompt; the user chooses type by type.
        let request = Self.requestOnThread(socket: gateway.socketPath)
        try await tmux.waitFor(text: "hr-bridge would like to write heart rate and read workouts. Allow? [y/N/choose]")
        try await tmux.waitFor(lastLine: "allow hr-bridge? [y/N/choose] >")
        try await tmux.type("choose")
        try await tmux.press("Enter")
        try await tmux.waitFor(lastLine: "hr-bridge: write heart rate? [y/N] >")
        try await tmux.type("y")
        try await tmux.press("Enter")
        try await tmux.waitFor(lastLine: "hr-bridge: read workouts? [y/N] >")
        try await tmux.press("Enter")
        try await tmux.waitFor(text: "Allowed: write heartRate.")
        try await tmux.waitFor(lastLine: "coach>")
        let answer = try await request.value
        #expect(answer["asked"]?.boolValue == true)
        #expect(answer["share"]?["heartRate"]?.stringValue == "sharingAuthorized")

        // Allowed: it writes, with its name as the source.
        #expect(try await coach(["--as", "hr-bridge", "sample", "heartRate", "121"], home: home).status == 0)
        #expect(try await coach(["--as", "hr-bridge", "sample", "heartRate", "122"], home: home).status == 0)
        // Writing heart rate is not writing power.
        #expect(try await coach(["--as", "hr-bridge", "sample", "power", "200"], home: home).status == 77)

        // Revoked: Denied, and nothing more is written.
        let revoke = try await coach(["permissions", "revoke", "hr-bridge", "--share", "heartRate"], home: home)
        #expect(revoke.status == 0, "\(revoke.stderr)")
        let denied = try await coach(["--as", "hr-bridge", "sample", "heartRate", "123"], home: home)
        #expect(denied.status == 77)
        #expect(denied.stderr.contains("may not write heartRate"))
        #expect(try await coach(["sample", "heartRate", "99"], home: home).status == 0, "the user needs no permission")

        let list = try await coach(["permissions"], home: home)
        let row = list.stdout.split(separator: "\n").first { $0.hasPrefix("hr-bridge") }.map(String.init) ?? ""
        #expect(row.contains("not heartRate"), "\(list.stdout)")
        #expect(row.contains("not workouts"), "\(list.stdout)")
        #expect(row.split(separator: " ").contains("2"), "two samples written: \(list.stdout)")

        #expect(try await coach(["end", "--save"], home: home).status == 0)
        let history = try await coach(["history", "--json"], home: home)
        let id = try #require(try JSONValue(parsing: history.stdout).arrayFirstID)
        let show = try await coach(["show", id], home: home)
        #expect(show.stdout.contains("From      hr-bridge: 2 heartRate"), "\(show.stdout)")
        #expect(show.stdout.contains("From      coach \(CoachVersion.current): 1 heartRate"), "\(show.stdout)")
        #expect(try await coach(["history", "--source", "hr-bridge"], home: home).stdout.contains("No workouts yet"))

        // Locked: the CLI's reads refuse with the code; unlocked, they work again.
        #expect(try await coach(["lock"], home: home).status == 0)
        let locked = try await coach(["history"], home: home)
        #expect(locked.status == 77)
        #expect(locked.stderr.contains("errorDatabaseInaccessible"))
        #expect(try await coach(["unlock"], home: home).status == 0)
        #expect(try await coach(["history"], home: home).status == 0)

        try await tmux.press("C-d")
        try await tmux.waitFor(text: "[exit 0]")
        #expect(try await gateway.stop() == 0)
    }

    /// The REPL hosting its own gateway asks too (embedded mode), and "y" allows everything asked.
    @Test func theEmbeddedReplAsksAndYesAllowsEverythingAsked() async throws {
        let home = try ScratchHome()
        let tmux = try await TmuxSession(home: home)
        try await tmux.waitFor(text: "gateway embedded, listening on")
        try await tmux.waitFor(lastLine: "coach>")
        let socket = home.root.appendingPathComponent("run/coach/coach.sock").path
        let request = Self.requestOnThread(socket: socket)
        try await tmux.waitFor(text: "hr-bridge would like to write heart rate and read workouts. Allow? [y/N/choose]")
        try await tmux.type("y")
        try await tmux.press("Enter")
        try await tmux.waitFor(text: "Allowed. `coach permissions` shows and changes it.")
        try await tmux.waitFor(lastLine: "coach>")
        let answer = try await request.value
        #expect(answer["asked"]?.boolValue == true)
        #expect(answer["share"]?["heartRate"]?.stringValue == "sharingAuthorized")
        let list = try await coach(["permissions", "--json"], home: home)
        let clients = try JSONValue(parsing: list.stdout)["clients"]
        guard case .array(let entries)? = clients else { Issue.record("no clients: \(list.stdout)"); return }
        let bridge = entries.first { $0["name"]?.stringValue == "hr-bridge" }
        #expect(bridge?["share"]?["heartRate"]?.stringValue == "allowed")
        #expect(bridge?["read"]?["workouts"]?.stringValue == "allowed")
        try await tmux.press("C-d")
        try await tmux.waitFor(text: "[exit 0]")
    }

    /// `coach config` and `coach permissions` validate before they send, and the policy persists.
    @Test func configAndPermissionCommandsValidateAndPersist() async throws {
        let home = try ScratchHome()
        let gateway = try await BackgroundGateway(home: home)
        #expect(try await coach(["config"], home: home).stdout == "unnamed-clients: trusted\n")
        #expect(try await coach(["config", "unnamed-clients", "ask"], home: home).stdout == "ask\n")
        let badValue = try await coach(["config", "unnamed-clients", "maybe"], home: home)
        #expect(badValue.status == 64)
        #expect(badValue.stderr.contains("trusted or ask"))
        #expect(try await coach(["config", "colour"], home: home).status == 64)
        let badType = try await coach(["permissions", "grant", "x", "--share", "bloodGlucose"], home: home)
        #expect(badType.status == 64)
        #expect(badType.stderr.contains("bloodGlucose"))
        #expect(try await coach(["permissions", "grant", "x"], home: home).status == 64, "no types named")
        #expect(try await coach(["permissions", "grant", "x", "--share", "heartRate,power"], home: home).status == 0)
        let listed = try await coach(["permissions"], home: home).stdout
        let row = listed.split(separator: "\n").first { $0.hasPrefix("x ") }.map(String.init) ?? ""
        #expect(row.split(separator: " ").first { $0.contains("heartRate") } == "heartRate,power", "\(listed)")
        #expect(try await coach(["permissions", "reset", "x"], home: home).stdout.contains("forgotten (2 decisions)"))
        #expect(try await gateway.stop() == 0)
        // The policy is in the store: a new gateway keeps it.
        let again = try await BackgroundGateway(home: home)
        #expect(try await coach(["config", "unnamed-clients"], home: home).stdout == "ask\n")
        #expect(try await again.stop() == 0)
    }
}

private extension JSONValue {
    /// The first workout's id in a `history --json` array.
    var arrayFirstID: String? {
        guard case .array(let items) = self, let first = items.first else { return nil }
        return first["id"]?.stringValue
    }
}
