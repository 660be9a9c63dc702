// A power-cut state opened as the user's next start opens it: `coach serve` on the state's store
// (a fresh gateway: migrations, recovery of the running workout, the socket), then `history` and
// `show` through its socket (`coach bridge`, as a remote client would). It must start without a
// store problem and list every workout whose save, import or copy was acknowledged before the cut
// (none that was deleted), and show the newest of them.

import CoachTestSupport
import Foundation

enum FreshGateway {
    /// `coach`, next to coach-store-crash (SwiftPM puts every product in the same directory).
    static var executable: String {
        (CrashChild.executable as NSString).deletingLastPathComponent + "/coach"
    }

    static var intents: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Intents").path
    }

    /// Problems found opening `state` (a directory holding coach.sqlite) with a gateway (empty:
    /// none), and how many acknowledged saves and deletes its history was checked for.
    static func check(state: String, acknowledged lines: [String]) throws -> (problems: [String], workouts: Int) {
        let home = state + "-gateway"
        try? FileManager.default.removeItem(atPath: home)
        for name in ["data", "run", "config", "state"] {
            try FileManager.default.createDirectory(atPath: home + "/" + name, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        }
        defer { try? FileManager.default.removeItem(atPath: home) }
        // $XDG_DATA_HOME/coach is the state itself.
        try FileManager.default.createSymbolicLink(atPath: home + "/data/coach", withDestinationPath: state)
        let socket = home + "/run/coach.sock"
        let environment = ["XDG_DATA_HOME": home + "/data", "XDG_RUNTIME_DIR": home + "/run", "XDG_CONFIG_HOME": home + "/config",
                           "XDG_STATE_HOME": home + "/state", "HOME": home, "COACH_SOCKET": socket, "COACH_INTENTS": intents,
                           "SWIFT_BACKTRACE": "interactive=no"]
        let gateway = Process()
        gateway.executableURL = URL(fileURLWithPath: executable)
        gateway.arguments = ["serve", "--socket", socket, "--idle-exit", "never", "--countdown", "0"]
        gateway.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let log = home + "/gateway.log"
        FileManager.default.createFile(atPath: log, contents: nil)
        let logHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        gateway.standardOutput = logHandle
        gateway.standardError = logHandle
        try gateway.run()
        defer {
            if gateway.isRunning { gateway.terminate() }
            gateway.waitUntilExit()
            try? logHandle.close()
        }
        let (saved, deleted) = expectedWorkouts(lines)
        var problems: [String] = []
        let query = [#"{"jsonrpc":"2.0","id":1,"method":"history","params":{"limit":10000}}"#]
            + (saved.last.map { [#"{"jsonrpc":"2.0","id":2,"method":"show","params":{"id":"\#($0)"}}"#] } ?? [])
        var replies: [Int: [String: Any]] = [:]
        let deadline = Date().addingTimeInterval(60)
        while replies[1] == nil, Date() < deadline, gateway.isRunning {
            let bridge = try runProcessOnThisThread(executable, ["bridge"], environment: environment,
                                                    input: Data((query.joined(separator: "\n") + "\n").utf8))
            for line in bridge.stdout.split(separator: "\n") {
                if let reply = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], let id = reply["id"] as? Int {
                    replies[id] = reply
                }
            }
            if replies[1] == nil { Thread.sleep(forTimeInterval: 0.2) }
        }
        let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        if output.contains("store:") { problems.append("the gateway reported a store problem: \(output.prefix(300))") }
        guard let history = replies[1]?["result"] as? [[String: Any]] else {
            return (problems + ["no history through the socket: \(replies[1].map { "\($0)" } ?? "no reply"); \(output.prefix(300))"], 0)
        }
        let listed = Set(history.compactMap { $0["id"] as? String })
        let missing = saved.filter { !listed.contains($0) }
        if !missing.isEmpty { problems.append("history lacks \(missing.count) acknowledged workouts, e.g. \(missing.prefix(2))") }
        let back = deleted.filter { listed.contains($0) }
        if !back.isEmpty { problems.append("history lists \(back.count) deleted workouts, e.g. \(back.prefix(2))") }
        let shown = ((replies[2]?["result"] as? [String: Any])?["summary"] as? [String: Any])?["id"] as? String
        if let newest = saved.last, shown != newest {
            problems.append("show \(newest): \(replies[2].map { "\($0)".prefix(200) } ?? "no reply")")
        }
        return (problems, saved.count + deleted.count)
    }

    /// Workouts acknowledged saved (a save, an import, a copy) and not deleted since (nor being
    /// deleted: the delete's commit may be durable before it is acknowledged); those deleted.
    static func expectedWorkouts(_ lines: [String]) -> (saved: [String], deleted: Set<String>) {
        var saved: [String] = []
        var deleted = Set<String>(), deleting = Set<String>()
        for line in lines {
            let fields = line.split(separator: " ").map(String.init)
            if fields.count >= 2, fields[0] == "DELETING" { deleting.insert(fields[1]) }
            guard fields.count >= 3, fields[0] == "ACK" else { continue }
            switch fields[1] {
            case "saved", "imported", "replica": saved.append(fields[2])
            case "deleted": deleted.insert(fields[2])
            default: break
            }
        }
        return (saved.filter { !deleted.contains($0) && !deleting.contains($0) }, deleted)
    }
}
