// BrowserDriver: a real headless Chromium for the web display's tests, through
// Tests/Support/browser/cdp_driver.py (DevTools over a pipe, standard library only). One JSON
// command per line in, one reply per line out; every reply is awaited on a thread of its own with a
// deadline, and the driver kills the browser by itself after `lifetime` — a hung browser fails one
// test, never the run. Screenshots are kept as artefacts (`.build/test-artifacts/web/`, or
// $COACH_TEST_ARTIFACTS).

import CoachProcess
import Foundation
#if canImport(Glibc)
import Glibc
#endif

final class BrowserDriver: @unchecked Sendable {
    /// Debian's chromium: the binary itself (the /usr/bin/chromium wrapper is a shell script).
    static var chromium: String? {
        if let given = ProcessInfo.processInfo.environment["COACH_CHROMIUM"] { return given }
        return ["/usr/lib/chromium/chromium", "/usr/bin/chromium"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Whether the browser tests can run here. In CI (CI=true) they always run, so a missing
    /// chromium fails loudly there instead of skipping.
    static var runs: Bool { chromium != nil || ProcessInfo.processInfo.environment["CI"] == "true" }

    static var packageRoot: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().path
    }

    static var artifacts: String {
        let directory = ProcessInfo.processInfo.environment["COACH_TEST_ARTIFACTS"].map { $0 + "/web" }
            ?? packageRoot + "/.build/test-artifacts/web"
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }

    private let child: CoachProcess.ChildProcess
    private let input: Int32
    private let output: Int32
    private var pending = [UInt8]()

    init(lifetime: Duration = .seconds(150)) async throws {
        guard let chromium = Self.chromium else {
            throw TmuxError("chromium is not installed: `./test` installs it (scripts/apt-packages.txt), or `apt-get install chromium`")
        }
        let python = ProcessInfo.processInfo.environment["COACH_TEST_PYTHON"].flatMap { FileManager.default.isExecutableFile(atPath: $0) ? $0 : nil }
            ?? "/usr/bin/python3"
        var toDriver: [Int32] = [0, 0], fromDriver: [Int32] = [0, 0]
        guard pipe(&toDriver) == 0, pipe(&fromDriver) == 0 else { throw TmuxError("pipe: \(errno)") }
        // Our ends stay ours: no other child (a gateway, tmux) may hold the driver's pipes open.
        for fd in toDriver + fromDriver { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        let script = Self.packageRoot + "/Tests/Support/browser/cdp_driver.py"
        do {
            child = try await CoachProcess.ChildProcess.start(
                [python, script, chromium, Self.artifacts + "/chromium.log", String(lifetime.components.seconds)],
                stdin: .descriptor(toDriver[0]), stdout: .descriptor(fromDriver[1]), stderr: .file(Self.artifacts + "/driver.log", append: true))
        } catch {
            [toDriver[0], toDriver[1], fromDriver[0], fromDriver[1]].forEach { close($0) }
            throw TmuxError("cannot start the browser driver: \(error)")
        }
        close(toDriver[0])
        close(fromDriver[1])
        input = toDriver[1]
        output = fromDriver[0]
    }

    deinit {
        close(input)
        close(output)
        if child.exitStatus == nil { child.signal(SIGTERM) }
    }

    /// Ends the browser and the driver.
    func quit() async {
        _ = try? await send(["cmd": "quit"], timeout: .seconds(15))
        close(input)
        let deadline = ContinuousClock.now + .seconds(10)
        while child.exitStatus == nil, ChildProcess.endedStatus(of: child.pid) == nil, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
        if child.exitStatus == nil, ChildProcess.endedStatus(of: child.pid) == nil { child.signal(SIGKILL) }
    }

    /// One command and its reply (a JSON object); throws when the driver says it failed or is silent.
    @discardableResult
    func send(_ command: [String: Any], timeout: Duration = .seconds(30)) async throws -> [String: Any] {
        let line = try JSONSerialization.data(withJSONObject: command) + Data("\n".utf8)
        let written = line.withUnsafeBytes { write(input, $0.baseAddress, $0.count) }
        guard written == line.count else { throw TmuxError("the browser driver is gone (write: \(errno))") }
        let reply = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<[String: Any], any Error>) in
            let thread = Thread { continuation.resume(with: Result { try self.readReply(timeout: timeout) }) }
            thread.start()
        }
        guard reply["ok"] as? Bool == true else {
            throw TmuxError("browser: \(reply["error"] as? String ?? "failed") (\(command["cmd"] ?? "?"))")
        }
        return reply
    }

    private func readReply(timeout: Duration) throws -> [String: Any] {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let newline = pending.firstIndex(of: 10) {
                let line = Data(pending[..<newline])
                pending.removeFirst(newline + 1)
                guard let object = try JSONSerialization.jsonObject(with: line) as? [String: Any] else { throw TmuxError("driver: not an object") }
                return object
            }
            let left = deadline - ContinuousClock.now
            guard left > .zero else { throw TmuxError("the browser driver did not answer within \(timeout)") }
            var poller = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(min(left.components.seconds * 1000 + 1, 60_000))
            guard poll(&poller, 1, milliseconds) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = read(output, &chunk, chunk.count)
            guard n > 0 else { throw TmuxError("the browser driver ended (see \(Self.artifacts)/driver.log and chromium.log)") }
            pending += chunk[..<n]
        }
    }

    // MARK: - Commands

    func open(_ url: String, width: Int = 800, height: Int = 600, transparent: Bool = false) async throws {
        try await send(["cmd": "open", "url": url, "width": width, "height": height, "transparent": transparent], timeout: .seconds(100))
    }

    func eval(_ js: String) async throws -> Any? {
        try await send(["cmd": "eval", "js": js])["value"]
    }

    /// Waits until `js` is truthy; returns its value and how long it took (ms), or throws on timeout.
    @discardableResult
    func wait(_ js: String, timeout: Double = 5) async throws -> (value: Any?, waited: Int) {
        let reply = try await send(["cmd": "wait", "js": js, "timeout": timeout], timeout: .seconds(Int64(timeout) + 30))
        return (reply["value"], (reply["waited_ms"] as? NSNumber)?.intValue ?? -1)
    }

    struct Probe {
        var name: String
        var selector: String?
        var rect: [Int]?
        var near: String
    }

    struct ProbeResult {
        var total: Int, near: Int, transparent: Int
    }

    /// Saves a screenshot as `<artefacts>/<name>.png` and counts pixels in each probe's box.
    func screenshot(_ name: String, probes: [Probe]) async throws -> [String: ProbeResult] {
        let list: [[String: Any]] = probes.map { probe in
            var item: [String: Any] = ["name": probe.name, "near": probe.near]
            if let selector = probe.selector { item["selector"] = selector }
            if let rect = probe.rect { item["rect"] = rect }
            return item
        }
        let reply = try await send(["cmd": "screenshot", "path": Self.artifacts + "/\(name).png", "probes": list])
        let values = reply["value"] as? [String: [String: Any]] ?? [:]
        return values.mapValues { value in
            ProbeResult(total: (value["total"] as? NSNumber)?.intValue ?? 0, near: (value["near"] as? NSNumber)?.intValue ?? 0,
                        transparent: (value["transparent"] as? NSNumber)?.intValue ?? 0)
        }
    }
}
