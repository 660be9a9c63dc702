// Half-close (issue 18, item 3): a client that sends its lines and then EOF — `echo … | socat`,
// `nc -NU` — gets every reply before the connection closes. Run with the real socat and nc, as
// docs/protocol.md shows them (both are in scripts/apt-packages.txt). socat is given `-t 30`: by
// default it waits only 0.5 s after its input ends, a latency the gateway (in this process, on a
// pool shared with the tests running beside it) is not promised on a loaded machine. What is
// tested is that every reply comes and then the gateway closes — socat exits on that close, long
// before its 30 s (checked), not on its own timer.

import CoachWire
import CoachGateway
import Foundation
import Testing

@Suite("Half-close", .serialized)
struct HalfCloseTests {
    /// Runs `command` through /bin/sh with `input` on its stdin; returns its stdout.
    static func shell(_ command: String, input: String) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let data = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    static func tool(_ name: String) -> String? {
        ["/usr/bin/", "/bin/"].map { $0 + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    @Test func socatOneLinerFromTheDocsPrintsItsReply() async throws {
        let socat = try #require(Self.tool("socat"), "socat is needed (scripts/apt-packages.txt)")
        try await TestGateway.running { test in
            let path = test.location.path
            // The docs' line, then a second: a text utterance and a status that must see it.
            let started = ContinuousClock.now
            let (_, paused) = try await onThread { try Self.shell("\(socat) -t 120 - UNIX-CONNECT:\(path)", input: "start a run\n") }
            #expect(paused.contains("run"), "no reply printed: '\(paused)'")
            let (status, output) = try await onThread { try Self.shell("echo \"pause my workout\" | \(socat) -t 120 - UNIX-CONNECT:\(path)", input: "") }
            #expect(ContinuousClock.now - started < .seconds(110), "socat ended on the gateway's close, not its 120 s timeout")
            #expect(status == 0)
            #expect(output.lowercased().contains("paused"), "socat printed '\(output)'")
            let state = try await onThread { try test.client().call("status") }
            #expect(state["state"] == "paused")
        }
    }

    @Test func everyPipelinedLineBeforeEOFIsAnsweredInOrder() async throws {
        let socat = try #require(Self.tool("socat"), "socat is needed (scripts/apt-packages.txt)")
        try await TestGateway.running { test in
            var input = ""
            for n in 1...200 {
                // Mixed: fast-path pings, slow-path parses, text lines and a notification (no reply).
                switch n % 4 {
                case 0: input += #"{"jsonrpc":"2.0","id":\#(n),"method":"ping"}"# + "\n"
                case 1: input += #"{"jsonrpc":"2.0","id":\#(n),"method":"parse","params":{"text":"start a run"}}"# + "\n"
                case 2: input += #"{"jsonrpc":"2.0","method":"ping"}"# + "\n"
                default: input += #"{"jsonrpc":"2.0","id":\#(n),"method":"history","params":{"limit":1}}"# + "\n"
                }
            }
            // The last line has no newline: it is still a request.
            input += #"{"jsonrpc":"2.0","id":"last","method":"ping"}"#
            let sent = input
            let path = test.location.path
            let started = ContinuousClock.now
            let (_, output) = try await onThread { try Self.shell("\(socat) -t 120 - UNIX-CONNECT:\(path)", input: sent) }
            #expect(ContinuousClock.now - started < .seconds(110), "socat ended on the gateway's close, not its 120 s timeout")
            let ids = output.split(separator: "\n").compactMap { try? JSONValue(parsing: String($0)) }.map { $0["id"] ?? .null }
            var expected: [JSONValue] = (1...200).filter { $0 % 4 != 2 }.map { .number(Double($0)) }
            expected.append("last")
            #expect(ids == expected, "\(ids.count) replies of \(expected.count)")
        }
    }

    @Test func ncWithShutdownOnEOFGetsItsReply() async throws {
        let nc = try #require(Self.tool("nc"), "nc (netcat-openbsd) is needed (scripts/apt-packages.txt)")
        try await TestGateway.running { test in
            let path = test.location.path
            let (_, output) = try await onThread {
                try Self.shell("printf '%s\\n' '{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}' 'status' | \(nc) -NU \(path)", input: "")
            }
            let lines = output.split(separator: "\n").map(String.init)
            #expect(lines.count == 2, "nc printed '\(output)'")
            #expect(lines.first == #"{"jsonrpc":"2.0","id":1,"result":"pong"}"#)
        }
    }
}
