// A test gateway's world: a fresh directory holding its XDG places — run/ (the socket, 0700 as
// the runtime directory must be), data/ (the store), state/, config/ (config.yaml, plans) — and
// the environment that names them, so the settings file is found where `coach serve` looks and
// nothing of the user's (or of another test's) is read or written.

import CoachApp
import CoachWire
import Foundation

struct ScratchWorld {
    let root: String

    /// A new world, or the one at `root` again (a restart finds what the last gateway left).
    init(root: String? = nil) throws {
        self.root = root ?? FileManager.default.temporaryDirectory.appendingPathComponent("coach-testing-\(UUID().uuidString.prefix(8))").path
        for folder in ["run", "data/coach", "state/coach", "config/coach"] {
            try FileManager.default.createDirectory(atPath: self.root + "/" + folder, withIntermediateDirectories: true)
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: self.root + "/run")
    }

    var environment: [String: String] {
        ["HOME": root, "XDG_RUNTIME_DIR": root + "/run", "XDG_DATA_HOME": root + "/data",
         "XDG_STATE_HOME": root + "/state", "XDG_CONFIG_HOME": root + "/config"]
    }

    var socket: SocketLocation { SocketLocation(path: root + "/run/coach.sock") }

    func writeSettings(_ text: String) throws {
        try text.write(toFile: root + "/config/coach/config.yaml", atomically: true, encoding: .utf8)
    }

    /// What `coach serve` would ask for in this world (no speech, no signals: the test process's own).
    func request(socket: Bool) -> GatewayRequest {
        var request = GatewayRequest()
        request.countdown = .zero
        request.socket = socket ? self.socket : nil
        request.storePath = root + "/data/coach/coach.sqlite"
        request.stateDirectory = root + "/state/coach"
        request.plansDirectory = root + "/config/coach/workouts"
        return request
    }
}
