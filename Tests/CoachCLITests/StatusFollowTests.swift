// `coach status --follow` end to end: a real gateway (`coach serve`) in a scratch home, bar
// followers as child processes whose stdout is read line by line on their own threads, and a
// workout driven by separate `coach start/sample/pause/lock` processes. Every line is checked as
// the bar would read it: waybar JSON objects, the i3bar header + endless array, polybar tags.
// Everything polls with a deadline; children and the gateway are always stopped.

import CoachGateway
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite("status --follow", .serialized)
struct StatusFollowTests {
    /// A name that tries to break out of every bar's markup.
    static let hostileName = "evil %{F#ff0000}red%{F-} <b>bold</b> & 'q' \"d\" #[fg=red]"

    // MARK: - waybar and i3bar

    @Test func waybarAndI3barFollowRunningPausedLocked() async throws {
        let gateway = try await FollowGateway()
        defer { gateway.stop() }
        let waybar = try await gateway.follow(["status", "--follow", "--format", "waybar"])
        let i3bar = try await gateway.follow(["status", "--follow", "--format", "i3bar"])
        defer { waybar.stop(); i3bar.stop() }

        // Idle first: the followers are subscribed once they printed their first update.
        try await waybar.waitFor("waybar idle line") { $0.contains { Self.waybarClass($0) == "idle" } }
        try await i3bar.waitFor("i3bar header, [ and the idle line") { $0.count >= 3 }

        try await gateway.coach(["start", "running", "--location", "outdoor", "--goal", "5km"])
        try await waybar.waitFor("waybar running") { $0.contains { Self.waybarClass($0) == "running" } }
        try await gateway.coach(["sample", "heartRate", "163"])
        try await gateway.coach(["sample", "distance", "1000"])
        try await waybar.waitFor("waybar heart rate and 20 % of the goal") { lines in
            lines.contains { line in
                guard let object = Self.object(line) else { return false }
                return (object["text"] as? String)?.contains("163") == true && Self.percentage(line) == 20
            }
        }
        try await i3bar.waitFor("i3bar heart rate") { $0.contains { $0.contains("163") } }

        try await gateway.coach(["pause"])
        try await waybar.waitFor("waybar paused") { $0.contains { Self.waybarClass($0) == "paused" } }
        try await i3bar.waitFor("i3bar paused glyph") { $0.contains { $0.contains("‖") } }

        try await gateway.coach(["lock"])
        try await waybar.waitFor("waybar locked") { $0.contains { Self.waybarClass($0) == "locked" } }
        // Resume while locked: the clock ticks again, so more (locked) lines follow.
        try await gateway.coach(["resume"])
        try await gateway.coach(["sample", "heartRate", "171"])
        try await waybar.waitFor("two locked lines with a ticking clock") { lines in
            lines.filter { Self.waybarClass($0) == "locked" }.count >= 3
        }
        try await i3bar.waitFor("i3bar locked: the heart rate is gone") { lines in
            lines.count > 4 && lines.last.map { !$0.contains("163") && !$0.contains("♥") } == true
        }

        // waybar: every line one JSON object with the five keys; percentage 0–100.
        let waybarLines = waybar.lines
        #expect(!waybarLines.isEmpty)
        for line in waybarLines {
            guard let object = Self.object(line) else {
                Issue.record("waybar line is not a JSON object: \(line)")
                continue
            }
            for key in ["text", "alt", "tooltip", "class"] {
                #expect(object[key] is String, "waybar \(key) missing or not a string in \(line)")
            }
            let percentage = Self.percentage(line)
            #expect(percentage.map { (0...100).contains($0) } == true, "percentage out of 0…100 in \(line)")
            #expect(object["alt"] as? String == object["class"] as? String, "alt is the class in \(line)")
        }
        // The classes move through what was caused, in order.
        let classes = Self.deduplicated(waybarLines.compactMap(Self.waybarClass))
        #expect(Self.isSubsequence(["idle", "running", "paused", "locked"], of: classes), "classes: \(classes)")
        // Nothing after the lock shows a metric value (the 163 before, the 171 sent while locked).
        let lockIndex = try #require(waybarLines.firstIndex { Self.waybarClass($0) == "locked" })
        for line in waybarLines[lockIndex...] {
            #expect(Self.waybarClass(line) == "locked", "locked wins over running: \(line)")
            for leak in ["163", "171", "♥", "bpm", "km", "kcal", "%", "Goal"] {
                #expect(!line.contains(leak), "“\(leak)” shown while locked: \(line)")
            }
            #expect(Self.percentage(line) == 0, "no goal progress while locked: \(line)")
        }
        #expect(!waybarLines[..<lockIndex].filter { $0.contains("163") }.isEmpty, "the heart rate showed before the lock")

        // i3bar: header, `[`, then one status line each: the first bare, later ones after `,`.
        let i3Lines = i3bar.lines
        try #require(i3Lines.count >= 4, "i3bar lines: \(i3Lines)")
        let header = Self.object(i3Lines[0])
        #expect((header?["version"] as? NSNumber)?.intValue == 1, "header: \(i3Lines[0])")
        #expect(i3Lines[1] == "[")
        #expect(!i3Lines[2].hasPrefix(","), "the first status line has no comma: \(i3Lines[2])")
        var blocksSeen = 0
        for (index, line) in i3Lines.enumerated().dropFirst(2) {
            var body = Substring(line)
            if index > 2 {
                #expect(body.hasPrefix(","), "status line \(index) lacks its comma: \(line)")
                body = body.dropFirst()
            }
            guard let blocks = Self.json(String(body)) as? [Any] else {
                Issue.record("i3bar status line is not a JSON array: \(line)")
                continue
            }
            for block in blocks {
                let block = block as? [String: Any]
                #expect(block?["full_text"] is String, "block without full_text: \(line)")
                #expect(block?["name"] as? String == "coach")
                blocksSeen += 1
            }
        }
        #expect(blocksSeen >= 3, "running, paused and locked each gave a block")
        let i3LockIndex = try #require(i3Lines.firstIndex { $0.contains("‖") && !$0.contains("♥") })
        for line in i3Lines[i3LockIndex...] {
            #expect(!line.contains("163") && !line.contains("171") && !line.contains("♥"), "metric after lock: \(line)")
        }
    }

    // MARK: - polybar

    @Test func polybarFollowNeverLetsUserTextOpenATag() async throws {
        let gateway = try await FollowGateway()
        defer { gateway.stop() }
        let polybar = try await gateway.follow(["status", "--follow", "--format", "polybar", "--presentation", "expanded"])
        let compact = try await gateway.follow(["status", "--follow", "--format", "polybar"])
        defer { polybar.stop(); compact.stop() }
        try await polybar.waitFor("polybar idle line") { !$0.isEmpty }
        try await compact.waitFor("compact polybar idle line") { !$0.isEmpty }
        #expect(compact.lines.first == "", "idle is an empty line in compact (hides the module)")
        #expect(polybar.lines.first?.contains("No workout") == true, "expanded idle says so")

        try await gateway.coach(["start", "running", "--location", "outdoor", "--name", Self.hostileName])
        try await gateway.coach(["sample", "heartRate", "142"])
        try await polybar.waitFor("the name and the heart rate") { lines in
            lines.contains { $0.contains("evil") && $0.contains("142") }
        }
        try await compact.waitFor("compact heart rate") { $0.contains { $0.contains("142") } }
        try await gateway.coach(["pause"])
        try await polybar.waitFor("paused") { $0.contains { $0.contains("‖") } }

        let all = polybar.lines + compact.lines
        for line in all {
            #expect(!line.contains("\n"))
            let tags = Self.polybarTags(line)
            for tag in tags {
                #expect(tag == "%{F-}" || tag.wholeMatch(of: /%\{F#[0-9a-f]{6}\}/) != nil,
                        "a tag the renderer did not make: \(tag) in \(line)")
            }
            // Colour tags are balanced: each opened one is closed.
            #expect(tags.filter { $0 != "%{F-}" }.count == tags.filter { $0 == "%{F-}" }.count, "unbalanced: \(line)")
        }
        let named = try #require(polybar.lines.first { $0.contains("evil") })
        #expect(named.contains("%%{F#ff0000}red%%{F-}"), "the name's % doubled: \(named)")
        #expect(named.contains("<b>bold</b>"), "polybar text is not Pango: shown as typed")
    }

    // MARK: - Line helpers

    static func json(_ line: String) -> Any? {
        try? JSONSerialization.jsonObject(with: Data(line.utf8), options: [.fragmentsAllowed])
    }

    static func object(_ line: String) -> [String: Any]? { json(line) as? [String: Any] }

    static func waybarClass(_ line: String) -> String? { object(line)?["class"] as? String }

    /// `percentage` as a JSON number (read from the text: Foundation on Linux bridges booleans to
    /// NSNumber too, so the parsed object alone cannot tell `true` from `1`).
    static func percentage(_ line: String) -> Double? {
        guard object(line)?["percentage"] is NSNumber,
              let match = line.firstMatch(of: /"percentage":(-?[0-9]+(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?)[,}]/) else { return nil }
        return Double(match.1)
    }

    static func deduplicated(_ values: [String]) -> [String] {
        values.reduce(into: []) { if $0.last != $1 { $0.append($1) } }
    }

    static func isSubsequence(_ wanted: [String], of values: [String]) -> Bool {
        var rest = wanted[...]
        for value in values where value == rest.first { rest = rest.dropFirst() }
        return rest.isEmpty
    }

    /// The `%{…}` tags polybar would act on: `%%` is a literal percent and opens nothing.
    static func polybarTags(_ line: String) -> [String] {
        var tags: [String] = []
        var index = line.startIndex
        while index < line.endIndex {
            if line[index] == "%" {
                let next = line.index(after: index)
                if next < line.endIndex, line[next] == "%" {
                    index = line.index(after: next)
                    continue
                }
                if next < line.endIndex, line[next] == "{" {
                    let close = line[next...].firstIndex(of: "}") ?? line.index(before: line.endIndex)
                    tags.append(String(line[index...close]))
                    index = line.index(after: close)
                    continue
                }
            }
            index = line.index(after: index)
        }
        return tags
    }
}

// MARK: - Fixtures

/// `coach serve --countdown 0` on a scratch socket (no pipe of ours held open, signals unblocked),
/// stopped with SIGTERM to the pid in `<socket>.lock`, then reaped.
final class FollowGateway: @unchecked Sendable {
    let home: ScratchHome
    let binary: String
    let socket: String
    private let child: Child

    init() async throws {
        guard let binary = CoachBinary.path() else {
            throw TmuxError("coach is not built: run `swift build --product coach` (or set COACH_BINARY)")
        }
        self.binary = binary
        home = try ScratchHome()
        socket = home.root.appendingPathComponent("run/coach.sock").path
        child = try await ChildProcess.spawn([binary, "serve", "--countdown", "0", "--socket", socket],
                                             environment: home.environment, stdout: nil)
        let answered = try await poll(timeout: .seconds(60), every: .milliseconds(50)) {
            if let status = child.exitStatus { throw TmuxError("coach serve exited (exit status \(status))") }
            let result = try? await runProcess(binary, ["status", "--no-start", "--socket", socket], environment: home.environment)
            return result?.status == 0
        }
        if !answered { stop(); throw TmuxError("coach serve did not answer within 20 s") }
    }

    var environment: [String: String] { home.environment.merging(["COACH_SOCKET": socket]) { $1 } }

    /// Runs one `coach` command against this gateway; it must succeed.
    @discardableResult
    func coach(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) async throws -> ProcessResult {
        let result = try await runProcess(binary, arguments + ["--no-start"], environment: environment)
        #expect(result.status == 0, "coach \(arguments.joined(separator: " ")): \(result.stderr)", sourceLocation: sourceLocation)
        return result
    }

    func follow(_ arguments: [String]) async throws -> LineFollower {
        try await LineFollower(binary: binary, arguments: arguments + ["--no-start"], environment: environment)
    }

    /// SIGTERM to the gateway (SIGKILL after 5 s, from a task of its own): returns at once, so a
    /// defer can call it.
    func stop() {
        let lockPid = InstanceLock.holder(path: socket + ".lock")
        #expect(lockPid == nil || lockPid == child.pid, "the lock names the gateway we started")
        if let lockPid, lockPid != child.pid { kill(lockPid, SIGTERM) }
        ChildProcess.terminateSoon(child)
    }
}

/// A child whose stdout is read line by line on a dedicated thread (not a pool thread: the read
/// blocks until the child prints or ends).
final class LineFollower: @unchecked Sendable {
    let description: String
    private let child: Child
    private let lock = NSLock()
    private var collected: [String] = []
    private var stopped = false
    private let reader: Thread

    init(binary: String, arguments: [String], environment: [String: String]) async throws {
        description = "coach " + arguments.joined(separator: " ")
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw TmuxError("pipe: \(String(cString: strerror(errno)))") }
        let readEnd = fds[0], writeEnd = fds[1]
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        do {
            child = try await ChildProcess.spawn([binary] + arguments, environment: environment, stdout: writeEnd)
        } catch {
            close(readEnd)
            close(writeEnd)
            throw error
        }
        close(writeEnd)
        let box = Collector()
        reader = Thread {
            var pending: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, 4096) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                pending += buffer[0..<count]
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    box.append(String(decoding: pending[..<newline], as: UTF8.self))
                    pending.removeSubrange(...newline)
                }
            }
            close(readEnd)
        }
        self.box = box
        reader.start()
    }

    private let box: Collector

    /// Every complete line so far.
    var lines: [String] { box.lines }

    /// Polls the lines until `predicate` holds; on timeout records an issue with what was read.
    func waitFor(_ what: String, timeout: Duration = .seconds(60), sourceLocation: SourceLocation = #_sourceLocation,
                 _ predicate: ([String]) -> Bool) async throws {
        guard try await !poll(timeout: timeout, until: { predicate(self.lines) }) else { return }
        let read = self.lines
        Issue.record("\(description): timed out waiting for \(what); \(read.count) lines:\n\(read.joined(separator: "\n"))",
                     sourceLocation: sourceLocation)
        throw TmuxError("timed out waiting for \(what)")
    }

    /// SIGTERM now (SIGKILL after 5 s from a task of its own); returns at once.
    func stop() {
        lock.lock()
        defer { lock.unlock() }
        guard !stopped else { return }
        stopped = true
        ChildProcess.terminateSoon(child)
    }

    deinit { stop() }

    final class Collector: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [String] = []
        func append(_ line: String) { lock.lock(); values.append(line); lock.unlock() }
        var lines: [String] { lock.lock(); defer { lock.unlock() }; return values }
    }
}
