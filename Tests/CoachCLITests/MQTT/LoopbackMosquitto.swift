// A throwaway mosquitto broker on a free loopback port for the MQTT tests: its own config file in
// a temporary directory (anonymous, no persistence: a restarted broker comes back empty, as a
// crashed one without a store would), started through ChildProcess, killed or stopped by its pid,
// restartable on the same port. And the tests' MQTT reader and writer, Debian's own clients:
// `mosquitto_sub` writing every message to a file, `mosquitto_pub` for the button presses.
// Needs Debian's mosquitto and mosquitto-clients (scripts/apt-packages.txt).

import CoachMQTT
import CoachWire
import Foundation
#if canImport(Glibc)
import Glibc
#endif

final class LoopbackMosquitto: @unchecked Sendable {
    static let broker = "/usr/sbin/mosquitto"
    static let sub = "/usr/bin/mosquitto_sub"
    static let pub = "/usr/bin/mosquitto_pub"

    static var installed: Bool { [broker, sub, pub].allSatisfy { FileManager.default.isExecutableFile(atPath: $0) } }
    /// In CI a missing broker fails the tests; only a workstation may skip them.
    static var runs: Bool { installed || ProcessInfo.processInfo.environment["CI"] == "true" }
    static let missing = "mosquitto is not installed: scripts/apt-packages.txt lists mosquitto, mosquitto-clients and libmosquitto1, and ./test installs them"

    let directory: String
    let port: Int
    /// A TLS listener, its certificate signed by a CA made for the test (`caFile`).
    let tls: Bool
    private var child: Child?

    var url: String { (tls ? "mqtts" : "mqtt") + "://127.0.0.1:\(port)" }
    var caFile: String { directory + "/ca.pem" }
    /// What mosquitto_sub and mosquitto_pub need to reach this broker.
    var clientArguments: [String] {
        ["-h", "127.0.0.1", "-p", String(port)] + (tls ? ["--cafile", caFile] : [])
    }
    var log: String { (try? String(contentsOfFile: directory + "/mosquitto.log", encoding: .utf8)) ?? "" }

    init(tls: Bool = false) async throws {
        guard Self.installed else { throw TmuxError(Self.missing) }
        self.tls = tls
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("coach-mqtt-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        port = try LoopbackPort.free()
        let config = """
            listener \(port) 127.0.0.1
            allow_anonymous true
            persistence false
            log_dest stderr
            log_type error
            log_type warning
            log_type notice

            """ + (tls ? "cafile \(directory)/ca.pem\ncertfile \(directory)/server.pem\nkeyfile \(directory)/server.key\n" : "")
        if tls { try await makeCertificates() }
        try config.write(toFile: directory + "/mosquitto.conf", atomically: true, encoding: .utf8)
        try await start()
    }

    deinit {
        stop()
        if ProcessInfo.processInfo.environment["KEEPMQ"] == nil { try? FileManager.default.removeItem(atPath: directory) }
    }

    /// Starts the broker (again) on the same port; returns once it accepts connections.
    func start() async throws {
        let log = open(directory + "/mosquitto.log", O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        defer { close(log) }
        let started = try await ChildProcess.spawn([Self.broker, "-c", directory + "/mosquitto.conf"], stdout: log, stderr: log)
        child = started
        let deadline = Date().addingTimeInterval(10)
        while !LoopbackPort.accepts(port) {
            if let status = started.exitStatus ?? ChildProcess.endedStatus(of: started.pid) {
                throw TmuxError("mosquitto exited (\(status)): \(self.log)")
            }
            guard Date() < deadline else { throw TmuxError("mosquitto did not listen on 127.0.0.1:\(port): \(self.log)") }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// SIGKILL, as a crash would: no goodbye to anyone, nothing kept.
    func kill() async {
        guard let child else { return }
        self.child = nil
        child.signal(SIGKILL)
        let deadline = Date().addingTimeInterval(10)
        while child.exitStatus == nil, ChildProcess.endedStatus(of: child.pid) == nil, Date() < deadline { try? await Task.sleep(for: .milliseconds(10)) }
    }

    func stop() {
        guard let child else { return }
        self.child = nil
        ChildProcess.terminateSoon(child)
    }

    // MARK: - Clients

    /// Publishes one message with mosquitto_pub.
    func publish(_ topic: String, _ payload: String, retain: Bool = false) async throws {
        let result = try await Self.run([Self.pub] + clientArguments + ["-t", topic, "-m", payload] + (retain ? ["-r"] : []),
                                  in: directory)
        guard result.status == 0 else { throw TmuxError("mosquitto_pub: exit \(result.status)") }
    }

    /// The retained message on `topic` once the broker holds one, asked again until `wait` s have
    /// passed; nil if none came. (One mosquitto_sub --retained-only ends as soon as it has seen what
    /// the broker holds at subscription time, so a message published a moment later needs a new ask.)
    func retained(_ topic: String, wait: Int = 2) async throws -> String? {
        let deadline = ContinuousClock.now + .seconds(wait)
        repeat {
            let result = try await Self.run([Self.sub] + clientArguments + ["-t", topic, "-C", "1", "-W", "1",
                                             "--retained-only", "-F", "%p"], in: directory, timeout: 6)
            guard result.status == 0 || result.status == 27 else { throw TmuxError("mosquitto_sub: exit \(result.status)") }
            if !result.output.isEmpty { return result.output.hasSuffix("\n") ? String(result.output.dropLast()) : result.output }
            try await Task.sleep(for: .milliseconds(100))
        } while ContinuousClock.now < deadline
        return nil
    }

    /// A CA and a server certificate for 127.0.0.1 (an IP subjectAltName: libmosquitto checks it).
    private func makeCertificates() async throws {
        let steps: [[String]] = [
            ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj", "/CN=coach-test-ca"],
            ["req", "-newkey", "rsa:2048", "-nodes", "-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=127.0.0.1"],
            ["x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-out", "server.pem",
             "-days", "2", "-extfile", "san.cnf"],
        ]
        // mosquitto started as root drops to its own user before it reads these: the throwaway
        // directory and keys are made readable to it.
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory)
        try "subjectAltName=IP:127.0.0.1\n".write(toFile: directory + "/san.cnf", atomically: true, encoding: .utf8)
        for step in steps {
            let made = try await Self.run(["/usr/bin/openssl"] + step, in: directory, workingDirectory: directory, timeout: 30)
            guard made.status == 0 else { throw TmuxError("openssl \(step[0]) failed") }
        }
        for file in ["ca.pem", "server.pem", "server.key"] {
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: directory + "/" + file)
        }
    }

    /// Runs a client to its end through ChildProcess, never longer than `timeout` (then SIGKILL).
    /// Not runProcess: Foundation's Process hands the child the test thread's blocked signals, and
    /// mosquitto_sub's -W is a SIGALRM that would then never come.
    static func run(_ arguments: [String], in directory: String, workingDirectory: String? = nil,
                    timeout: Double = 10) async throws -> (status: Int32, output: String) {
        let path = directory + "/client-\(UUID().uuidString.prefix(6)).out"
        let file = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let child: Child
        do {
            defer { close(file) }
            // openssl writes where it runs: `sh -c 'cd DIR && exec …'` keeps the spawner's API.
            let command = workingDirectory.map { ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", $0] + arguments } ?? arguments
            child = try await ChildProcess.spawn(command, stdout: file)
        }
        let deadline = Date().addingTimeInterval(timeout)
        // Subprocess's monitor may have reaped it already (then only exitStatus knows).
        var status = child.exitStatus ?? ChildProcess.endedStatus(of: child.pid)
        while status == nil, Date() < deadline {
            try await Task.sleep(for: .milliseconds(5))
            status = child.exitStatus ?? ChildProcess.endedStatus(of: child.pid)
        }
        if status == nil {
            child.signal(SIGKILL)
            throw TmuxError("\(arguments.first ?? "") did not end within \(timeout) s")
        }
        return (status ?? -1, (try? String(contentsOfFile: path, encoding: .utf8)) ?? "")
    }
}

/// One message as the reader saw it.
struct SeenMessage: Sendable {
    var at: Double
    var retained: Bool
    var topic: String
    var payload: String
}

/// `mosquitto_sub` on every topic for the length of a test, writing a line per message (arrival
/// time, retained flag, topic, payload) to a file the test polls.
final class MQTTReader: @unchecked Sendable {
    private let child: Child
    private let path: String

    init(_ broker: LoopbackMosquitto, topics: [String] = ["#"]) async throws {
        path = broker.directory + "/reader-\(UUID().uuidString.prefix(6)).txt"
        let file = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        defer { close(file) }
        // stdbuf: mosquitto_sub's stdout to a file is block-buffered, and a test waits for each line.
        child = try await ChildProcess.spawn(["/usr/bin/stdbuf", "-oL", LoopbackMosquitto.sub] + broker.clientArguments + ["-F", "%U|%r|%t|%p"]
                                       + topics.flatMap { ["-t", $0] }, stdout: file)
    }

    deinit { ChildProcess.terminateSoon(child) }

    var messages: [SeenMessage] {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: "|", maxSplits: 3, omittingEmptySubsequences: false)
            guard parts.count == 4, let at = Double(parts[0]) else { return nil }
            return SeenMessage(at: at, retained: parts[1] == "1", topic: String(parts[2]), payload: String(parts[3]))
        }
    }

    func on(_ topic: String) -> [SeenMessage] { messages.filter { $0.topic == topic } }

    /// Waits (polling) until a message on `topic` passes `matching`; returns it, or nil at the deadline.
    func wait(for topic: String, timeout: Duration = .seconds(60), after count: Int = 0,
              _ matching: @escaping (String) -> Bool = { _ in true }) async -> SeenMessage? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let found = on(topic).dropFirst(count).first(where: { matching($0.payload) }) { return found }
            try? await Task.sleep(for: .milliseconds(25))
        }
        return nil
    }
}

extension MQTTTopics {
    /// One entity's discovery topic, the heart-rate sensor's, standing for them all.
    var heartRateDiscovery: String { discovery(component: "sensor", objectID: "heart_rate") }
}

extension HomeAssistantDevice {
    /// One entity's discovery payload as it goes on the wire.
    func discoveryText(_ key: String) -> String? {
        discoveryMessages.first { $0.topic.hasSuffix("/\(key)/config") }?.payload.serialized()
    }
}
