// Through the REAL gateway (`FeedBenchmark --coach .build/release/coach`): a `coach serve` on a
// scratch socket and scratch XDG directories, driven over its Unix socket like any client.
//  A. one-shot `coach status --format tmux` wall time (the `#(…)` polling fallback);
//  B. fan-out: N connections `subscribe` to the feed, read from a few threads with poll(); per
//     change (pause/resume sent on another connection) each notes when the first notification
//     showing the new phase arrives;
//  C. tmux: `tmux.follow` on a private tmux server; per pause/resume, the time until the new value
//     is readable with `display -p '#{@coach}'` (polled through our own control-mode client, one
//     round trip ≈ 30–60 µs, which bounds the resolution).

import CoachProcess
import CoachGateway
import CoachWire
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

enum GatewayBench {
    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    // MARK: Processes

    /// The package's one way to start a program (ChildProcess: nothing but 0/1/2 inherited, no
    /// signal blocked); stdin/stdout on the given fds or /dev/null, stderr on /dev/null.
    static func spawn(_ arguments: [String], environment: [String: String], stdin: Int32? = nil,
                      stdout: Int32? = nil) throws -> ChildProcess {
        try ChildProcess.startBlocking(arguments, environment: environment,
                                       stdin: stdin.map { .descriptor($0) } ?? .null,
                                       stdout: stdout.map { .descriptor($0) } ?? .null)
    }

    /// pipe(2) with both ends close-on-exec (pipe2 is not imported from Glibc).
    static func closeOnExecPipe(_ fds: inout [Int32]) -> Bool {
        guard pipe(&fds) == 0 else { return false }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return true
    }

    @discardableResult
    static func wait(_ child: ChildProcess) -> Int32 { child.waitBlocking() }

    // MARK: A tmux control-mode client, blocking (display -p through it costs one round trip)

    final class TmuxControl {
        let child: ChildProcess
        let input: Int32, output: Int32
        private var buffer: [UInt8] = []

        init(socketName: String) throws {
            var toTmux: [Int32] = [0, 0], fromTmux: [Int32] = [0, 0]
            guard closeOnExecPipe(&toTmux), closeOnExecPipe(&fromTmux) else { throw Failure("pipe") }
            child = try spawn(["tmux", "-L", socketName, "-C", "attach-session", "-f", "no-output,ignore-size"],
                            environment: ProcessInfo.processInfo.environment, stdin: toTmux[0], stdout: fromTmux[1])
            Glibc.close(toTmux[0])
            Glibc.close(fromTmux[1])
            input = toTmux[1]
            output = fromTmux[0]
            _ = try reply() // the attach's own %begin/%end
        }

        func command(_ line: String) throws -> [String] {
            let bytes = Array((line + "\n").utf8)
            guard bytes.withUnsafeBytes({ write(input, $0.baseAddress, $0.count) }) == bytes.count else { throw Failure("tmux write") }
            return try reply()
        }

        private func readLine() throws -> String {
            while true {
                if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                    defer { buffer.removeSubrange(...newline) }
                    return String(decoding: buffer[..<newline], as: UTF8.self)
                }
                var chunk = [UInt8](repeating: 0, count: 4096)
                let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { throw Failure("tmux control client exited") }
                buffer += chunk[0..<count]
            }
        }

        private func reply() throws -> [String] {
            var lines: [String] = []
            var inside = false
            while true {
                let line = try readLine()
                if line.hasPrefix("%begin") { inside = true; lines = []; continue }
                if inside, line.hasPrefix("%end") { return lines }
                if inside, line.hasPrefix("%error") { throw Failure("tmux: \(lines.joined(separator: " "))") }
                if inside { lines.append(line) }
            }
        }

        func close() {
            Glibc.close(input)
            GatewayBench.wait(child)
            Glibc.close(output)
        }
    }

    // MARK: Fan-out, against any server that speaks enough of the protocol

    struct FanOutRun {
        /// From each pause/resume sent to each subscriber's receipt of the new phase, µs.
        var latencies: [Double]
        var replies: [Double]
        var afterReply: [Double]
        /// The length of the server's feed line (the floor writes lines as long).
        var lineBytes: Int
        var missing: Int
    }

    /// N connections subscribe to the feed; `changes` pauses and resumes are sent on one more;
    /// reader threads note when each subscriber first sees the new phase.
    static func fanOut(socketPath: String, subscribers: Int, changes: Int, readerThreads: Int) throws -> FanOutRun {
        let client = try LineSocket(path: socketPath)
        var connections: [LineSocket] = []
        for index in 0..<subscribers {
            let connection = try LineSocket(path: socketPath)
            try connection.send(#"{"jsonrpc":"2.0","id":\#(index),"method":"subscribe","params":{"events":false,"status":false,"feed":true}}"#)
            connections.append(connection)
        }
        // Each has its reply and the current content before the first change.
        var lineBytes = 0
        for connection in connections {
            var gotReply = false, gotFeed = false
            while !(gotReply && gotFeed) {
                let line = try connection.readLine()
                if line.contains(#""subscribed":true"#) { gotReply = true }
                if line.contains(#""method":"feed""#) { gotFeed = true; lineBytes = line.utf8.count + 1 }
            }
        }
        final class Shared: Sendable {
            let latencies = Mutex<[Double]>([])
            let missing = Mutex<Int>(0)
            let start = Mutex<ContinuousClock.Instant?>(nil)
        }
        let shared = Shared()
        var replies: [Double] = []
        var afterReply: [Double] = []
        var roundStart = 0
        let slices = (0..<readerThreads).map { thread in
            stride(from: thread, to: connections.count, by: readerThreads).map { connections[$0] }
        }
        for change in 0..<changes {
            // Pause/resume alternately: paused feeds do not tick, so the first line showing the
            // new phase is the change itself.
            let method = change % 2 == 0 ? "pause" : "resume"
            let needle = Array((change % 2 == 0 ? #""phase":"paused""# : #""phase":"running""#).utf8)
            for connection in connections { connection.discardAll() }
            let go = DispatchSemaphore(value: 0)
            let group = DispatchGroup()
            for slice in slices {
                group.enter()
                Thread {
                    defer { group.leave() }
                    go.wait()
                    let start = shared.start.withLock { $0! }
                    var fds = slice.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
                    var done = [Bool](repeating: false, count: slice.count)
                    var remaining = slice.count
                    var mine: [Double] = []
                    let deadline = ContinuousClock.now + .seconds(10)
                    while remaining > 0, ContinuousClock.now < deadline {
                        guard poll(&fds, nfds_t(fds.count), 100) > 0 else { continue }
                        for index in fds.indices where fds[index].revents != 0 {
                            fds[index].revents = 0
                            let connection = slice[index]
                            connection.fill()
                            guard !done[index], connection.scan(for: needle) else { continue }
                            mine.append(microseconds(ContinuousClock.now - start))
                            done[index] = true
                            fds[index].events = 0
                            remaining -= 1
                        }
                    }
                    if remaining > 0 { shared.missing.withLock { $0 += remaining } }
                    shared.latencies.withLock { $0 += mine }
                }.start()
            }
            usleep(2_000) // the readers are up and about to poll
            let id = 1_000_000 + change
            let start = ContinuousClock.now
            shared.start.withLock { $0 = start }
            try client.send(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":{}}"#)
            for _ in slices { go.signal() }
            _ = try client.readLine()
            let replied = ContinuousClock.now
            replies.append(microseconds(replied - start))
            group.wait()
            let offset = microseconds(replied - start)
            shared.latencies.withLock { all in
                afterReply += all[roundStart...].map { $0 - offset }
                roundStart = all.count
            }
            usleep(50_000)
        }
        connections.removeAll()
        return FanOutRun(latencies: shared.latencies.withLock { $0 }, replies: replies, afterReply: afterReply,
                         lineBytes: lineBytes, missing: shared.missing.withLock { $0 })
    }

    /// Compiles Benchmarks/fanout-floor/fanout_floor.c next to the scratch files.
    static func buildFanOutFloor(in scratch: URL) throws -> String {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("fanout-floor/fanout_floor.c").path
        let binary = scratch.appendingPathComponent("fanout_floor").path
        let compiler = try spawn(["/usr/bin/cc", "-O2", "-o", binary, source], environment: ProcessInfo.processInfo.environment)
        guard wait(compiler) == 0 else { throw Failure("cc fanout_floor.c failed") }
        return binary
    }

    // MARK: Run

    static func run(coach: String, subscribers: Int, fanoutChanges: Int, tmuxChanges: Int,
                    oneShots: Int, readerThreads: Int, guest: Bool) throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("coach-bench-\(getpid())")
        defer { try? FileManager.default.removeItem(at: scratch) }
        var environment = ProcessInfo.processInfo.environment
        for name in ["run", "state", "data", "config", "home"] {
            try FileManager.default.createDirectory(at: scratch.appendingPathComponent(name), withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        }
        environment["XDG_RUNTIME_DIR"] = scratch.appendingPathComponent("run").path
        environment["XDG_STATE_HOME"] = scratch.appendingPathComponent("state").path
        environment["XDG_DATA_HOME"] = scratch.appendingPathComponent("data").path
        environment["XDG_CONFIG_HOME"] = scratch.appendingPathComponent("config").path
        environment["HOME"] = scratch.appendingPathComponent("home").path
        environment["SWIFT_BACKTRACE"] = "interactive=no"
        let socketPath = scratch.appendingPathComponent("run/coach.sock").path
        environment["COACH_SOCKET"] = socketPath

        print("\n== through the real gateway: \(coach) serve --countdown 0 --socket \(socketPath)\(guest ? " --guest" : "")")
        let gateway = try spawn([coach, "serve", "--countdown", "0", "--socket", socketPath] + (guest ? ["--guest"] : []),
                                environment: environment)
        defer {
            gateway.signal(SIGTERM)
            wait(gateway)
        }
        var control: LineSocket?
        let deadline = Date().addingTimeInterval(20)
        while control == nil {
            control = try? LineSocket(path: socketPath)
            if control == nil {
                guard Date() < deadline else { throw Failure("the gateway did not listen within 20 s") }
                usleep(20_000)
            }
        }
        let client = control!
        var nextID = 1
        func call(_ method: String, _ params: String = "{}") throws -> String {
            nextID += 1
            return try client.call(nextID, method, params)
        }
        _ = try call("start", #"{"activity":"running","location":"outdoor","goal":"10km"}"#)
        _ = try call("sample", #"{"type":"heartRate","value":150}"#)
        usleep(100_000)

        // MARK: A. one-shot status lines: `coach status --format tmux`, and `coach-status tmux`
        // (the Glibc-only client built next to coach for #() polling)
        let tiny = (coach as NSString).deletingLastPathComponent + "/coach-status"
        var oneShotCommands: [(String, [String])] = [("`coach status --format tmux`", [coach, "status", "--format", "tmux", "--no-start"])]
        if FileManager.default.isExecutableFile(atPath: tiny) { oneShotCommands.append(("`coach-status tmux`", [tiny, "tmux"])) }
        for (label, command) in oneShotCommands where oneShots > 0 {
            var samples: [Double] = []
            var output = ""
            for index in 0..<(oneShots + 3) {
                var fds: [Int32] = [0, 0]
                guard closeOnExecPipe(&fds) else { throw Failure("pipe") }
                let start = ContinuousClock.now
                let child = try spawn(command, environment: environment, stdout: fds[1])
                close(fds[1])
                var bytes: [UInt8] = []
                var chunk = [UInt8](repeating: 0, count: 4096)
                while true {
                    let count = chunk.withUnsafeMutableBytes { read(fds[0], $0.baseAddress, $0.count) }
                    if count < 0, errno == EINTR { continue }
                    if count <= 0 { break }
                    bytes += chunk[0..<count]
                }
                let status = wait(child)
                let elapsed = ContinuousClock.now - start
                close(fds[0])
                guard status == 0 else { throw Failure("\(label): wait status \(status)") }
                output = String(decoding: bytes, as: UTF8.self)
                if index >= 3 { samples.append(microseconds(elapsed)) } // 3 warm-up runs
            }
            report("one-shot \(label)", samples, unit: "ms", scale: 1000, target: "≤ 5 ms")
            print("    output: \(output.trimmingCharacters(in: .newlines))")
        }

        // MARK: B. fan-out to N feed subscribers, then the same against the C floor
        if subscribers > 0, fanoutChanges > 0 {
            let coachRun = try fanOut(socketPath: socketPath, subscribers: subscribers, changes: fanoutChanges,
                                      readerThreads: readerThreads)
            print("fan-out: \(subscribers) feed subscribers connected, \(readerThreads) reader thread(s) with poll()")
            report("fan-out: change → each of \(subscribers) subscribers", coachRun.latencies, unit: "ms", scale: 1000,
                   target: "p99 ≤ 5 ms")
            report("fan-out: \(fanoutChanges) pause/resume request → reply", coachRun.replies, unit: "ms", scale: 1000)
            report("fan-out: reply → each subscriber (negative: before)", coachRun.afterReply, unit: "ms", scale: 1000)
            if coachRun.missing > 0 { print("    MISSING: \(coachRun.missing) subscriber notifications never arrived") }
            if let floor = try? buildFanOutFloor(in: scratch) {
                let floorSocket = scratch.appendingPathComponent("run/floor.sock").path
                let server = try spawn([floor, floorSocket, String(coachRun.lineBytes)], environment: environment)
                defer {
                    server.signal(SIGTERM)
                    wait(server)
                }
                for _ in 0..<200 where !FileManager.default.fileExists(atPath: floorSocket) { usleep(10_000) }
                let floorRun = try fanOut(socketPath: floorSocket, subscribers: subscribers, changes: fanoutChanges,
                                          readerThreads: readerThreads)
                report("fan-out floor (C, epoll, \(coachRun.lineBytes)-byte lines): change → each", floorRun.latencies,
                       unit: "ms", scale: 1000)
                func p(_ samples: [Double], _ q: Double) -> Double {
                    let sorted = samples.sorted()
                    return sorted.isEmpty ? .nan : sorted[Swift.min(sorted.count - 1, Int(Double(sorted.count) * q))]
                }
                print(String(format: "fan-out: coach ÷ C floor, same client, same run: p50 %.2fx  p99 %.2fx",
                             p(coachRun.latencies, 0.5) / p(floorRun.latencies, 0.5), p(coachRun.latencies, 0.99) / p(floorRun.latencies, 0.99)))
            } else {
                print("fan-out floor: not built (no C compiler?)")
            }
            usleep(200_000)
        }

        // MARK: C. tmux push through the gateway's pusher
        if tmuxChanges > 0 {
            let tmuxName = "coach-bench-gw-\(getpid())"
            let server = try spawn(["tmux", "-L", tmuxName, "-f", "/dev/null", "new-session", "-d", "-s", "bench", "-x", "120", "-y", "10"],
                                   environment: ProcessInfo.processInfo.environment)
            guard wait(server) == 0 else { throw Failure("tmux new-session failed") }
            defer { wait(try! spawn(["tmux", "-L", tmuxName, "kill-server"], environment: ProcessInfo.processInfo.environment)) }
            _ = try call("tmux.follow", #"{"socketName":"\#(tmuxName)"}"#)
            let tmux = try TmuxControl(socketName: tmuxName)
            defer { tmux.close() }
            func value() throws -> String { try tmux.command("display-message -p '#{@coach}'").joined(separator: "\n") }
            // Wait for the follower's first push (the control client starts with the first content).
            let ready = Date().addingTimeInterval(10)
            while try !value().contains("run") {
                guard Date() < ready else { throw Failure("@coach never showed the workout") }
                usleep(10_000)
            }
            // In sync: running or paused?
            if try value().contains("‖") { _ = try call("resume") }
            var visible: [Double] = [], afterReply: [Double] = [], replies: [Double] = [], polls: [Double] = []
            for change in 0..<tmuxChanges {
                let method = change % 2 == 0 ? "pause" : "resume"
                let glyph = change % 2 == 0 ? "‖" : "▶"
                nextID += 1
                let id = nextID
                let start = ContinuousClock.now
                try client.send(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":{}}"#)
                var replied: ContinuousClock.Instant?, shown: ContinuousClock.Instant?
                let deadline = start + .seconds(5)
                var count = 0
                while replied == nil || shown == nil {
                    guard ContinuousClock.now < deadline else { throw Failure("\(method): not shown in tmux within 5 s") }
                    if shown == nil {
                        let before = ContinuousClock.now
                        let current = try value()
                        count += 1
                        if current.contains(glyph) { shown = ContinuousClock.now; polls.append(microseconds(shown! - before)) }
                    } else {
                        var p = pollfd(fd: client.fd, events: Int16(POLLIN), revents: 0)
                        _ = poll(&p, 1, 10)
                    }
                    if replied == nil {
                        client.fill()
                        if let line = client.nextLine(), line.contains(#""id":\#(id)"#) { replied = ContinuousClock.now }
                    }
                }
                visible.append(microseconds(shown! - start))
                replies.append(microseconds(replied! - start))
                afterReply.append(microseconds(shown! - replied!))
                usleep(5_000)
            }
            report("tmux: request sent → visible in @coach", visible, target: "≤ 1 ms + tmux")
            report("tmux: request sent → reply", replies)
            report("tmux: reply → visible (negative: before)", afterReply)
            report("tmux: one display -p poll (resolution)", polls)
            print("    read back: @coach = \(try value())")
        }
        _ = try? call("cancel", #"{"confirm":true}"#)
    }
}
