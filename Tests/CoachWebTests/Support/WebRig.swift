// WebRig: a gateway (guest: nothing written, so a sample is not a disk write) with its browser
// display on an ephemeral loopback port and a known token, started and stopped around a test.

import CoachCore
import CoachGateway
import CoachWeb
import Foundation

struct WebRig {
    static let token = "test-token-0123456789abcdef"
    let gateway: Gateway
    let web: WebDisplay
    let stateDirectory: String
    var port: Int { web.address.port }
    var auth: [String: String] { ["Authorization": "Bearer \(Self.token)"] }

    static func start(heartbeat: Duration = .seconds(15), maximumStreams: Int = 64, commands: Bool = false,
                      slowReaderLimit: Int = 16, door: DoorLimits? = nil) async throws -> WebRig {
        var configuration = GatewayConfiguration()
        configuration.countdown = .zero
        configuration.guest = true
        // Not the user's own state directory: a lock remembered there must not redact these tests.
        let state = scratchDirectory()
        configuration.stateDirectory = state
        let gateway = try await GatewayAssembly.start(configuration).gateway
        var web = WebConfiguration(address: ListenAddress(host: "127.0.0.1", port: 0))
        web.token = token
        web.heartbeat = heartbeat
        web.maximumStreams = maximumStreams
        web.commands = commands
        web.slowReaderLimit = slowReaderLimit
        if let door { web.door = door }
        return WebRig(gateway: gateway, web: try await WebDisplay.start(gateway: gateway, configuration: web), stateDirectory: state)
    }

    static func running<T>(heartbeat: Duration = .seconds(15), maximumStreams: Int = 64, commands: Bool = false,
                           door: DoorLimits? = nil, _ body: (WebRig) async throws -> T) async throws -> T {
        let rig = try await start(heartbeat: heartbeat, maximumStreams: maximumStreams, commands: commands, door: door)
        do {
            let result = try await body(rig)
            await rig.stop()
            return result
        } catch {
            await rig.stop()
            throw error
        }
    }

    func stop() async {
        await web.close()
        await gateway.manager.shutdown()
        try? FileManager.default.removeItem(atPath: stateDirectory)
    }

    /// Opens an event stream (on a thread of its own: connecting and reading the head block).
    func stream(lastEventID: String? = nil, receiveBuffer: Int? = nil, reading: Bool = true) async throws -> SSEClient {
        var headers = auth
        if let lastEventID { headers["Last-Event-ID"] = lastEventID }
        let port = self.port, sent = headers
        return try await onThread { try SSEClient(port: port, target: "/events", headers: sent, receiveBuffer: receiveBuffer, reading: reading) }
    }

    func start(_ activity: ActivityType = .running) async {
        _ = await gateway.perform(.start(StartWorkoutIntent(activity: activity)))
    }

    func heartRate(_ value: Double) async throws {
        _ = try await gateway.addSample(LiveSample(.heartRate, value: value))
    }
}

/// A fresh directory under the system's temporary directory for one gateway's state.
func scratchDirectory() -> String {
    let path = NSTemporaryDirectory() + "coach-web-test-\(UUID().uuidString.prefix(8))"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}
