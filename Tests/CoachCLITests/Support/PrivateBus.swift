// PrivateBus: a D-Bus daemon of the test's own (a private socket and config file) with a Python
// stand-in for a system service on it — BlueZ (Tests/Support/bluez-mock) or logind
// (Tests/Support/logind-mock). Both are stopped by pid; the code under test reaches the bus through
// COACH_DBUS_SYSTEM_BUS_ADDRESS, and the tests drive the mock with busctl, so the code under test
// is not also the test's own D-Bus client.

import CoachWire
import Foundation
#if canImport(Glibc)
import Glibc
#endif

final class PrivateBus: @unchecked Sendable {
    let directory: URL
    let address: String
    private var daemon: Child?
    private var mock: Child?

    /// Starts the daemon, then `Tests/Support/<script> ADDRESS ARGUMENTS…` (when given), and returns
    /// once the mock owns `name`.
    init(mock script: String? = nil, arguments: [String] = [], owning name: String? = nil) async throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("coach-bus-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let socket = directory.appendingPathComponent("bus").path
        address = "unix:path=\(socket)"
        let config = """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>coach-test</type>
              <listen>\(address)</listen>
              <auth>EXTERNAL</auth>
              <policy context="default">
                <allow user="*"/><allow own="*"/><allow send_destination="*"/><allow receive_sender="*"/>
              </policy>
            </busconfig>
            """
        let configPath = directory.appendingPathComponent("bus.conf").path
        try config.write(toFile: configPath, atomically: true, encoding: .utf8)
        guard let daemonPath = Self.which("dbus-daemon") else {
            throw TmuxError("dbus-daemon is not installed (Debian package dbus-daemon; ./test installs it)")
        }
        daemon = try await ChildProcess.spawn([daemonPath, "--config-file=\(configPath)", "--nofork", "--nopidfile"])
        try await Self.waitFor("the bus socket") { FileManager.default.fileExists(atPath: socket) }
        guard let script else { return }
        let python = ProcessInfo.processInfo.environment["COACH_TEST_SYSTEM_PYTHON"] ?? "/usr/bin/python3"
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Support/\(script)").path
        mock = try await ChildProcess.spawn([python, path, address] + arguments)
        if let name {
            try await Self.waitFor("the mock to own \(name)") { (try? await self.busctl(["status", name]))?.status == 0 }
        }
    }

    /// SIGTERM to both (SIGKILL after 5 s, from a task): a deinit cannot await their ends.
    deinit {
        if let mock { ChildProcess.terminateSoon(mock) }
        if let daemon { ChildProcess.terminateSoon(daemon) }
        try? FileManager.default.removeItem(at: directory)
    }

    /// Ends the bus daemon now, as a system bus going away, and waits until it has.
    func stopDaemon() async {
        guard let daemon else { return }
        _ = await ChildProcess.terminate(daemon)
    }

    @discardableResult
    func busctl(_ arguments: [String]) async throws -> ProcessResult {
        try await runProcess("/usr/bin/busctl", ["--address=\(address)"] + arguments)
    }

    static func which(_ program: String) -> String? {
        ["/usr/bin", "/bin", "/usr/sbin", "/sbin"].map { "\($0)/\(program)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static func waitFor(_ what: String, timeout: Duration = .seconds(60), _ condition: () async -> Bool) async throws {
        guard try await poll(timeout: timeout, until: condition) else { throw TmuxError("timed out waiting for \(what)") }
    }
}
