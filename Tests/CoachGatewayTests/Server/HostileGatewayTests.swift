// The client's side of hostile input (issue 18): a "gateway" that answers with ids, codes and
// numbers no Int can hold must get an error or a fallback, never a trap in the client. The fake
// gateway is real socat on a real Unix socket, answering one canned line per connection.

import CoachProcess
import CoachWire
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite("Hostile gateway", .serialized)
struct HostileGatewayTests {
    @Test func intValueIsNilForWhatNoIntHolds() throws {
        for text in ["1e300", "-1e300", "1.5", "18446744073709551616", "1e16", "\"7\"", "null"] {
            #expect(try JSONValue(parsing: text).intValue == nil, "\(text)")
        }
        #expect(try JSONValue(parsing: "-32602").intValue == -32602)
        #expect(try JSONValue(parsing: "7.0").intValue == 7)
    }

    @Test func aClientSurvivesHugeNumbersInReplies() async throws {
        let socat = try #require(HalfCloseTests.tool("socat"), "socat is needed (scripts/apt-packages.txt)")
        let directory = temporaryDirectory() + "/coach"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let path = directory + "/coach.sock"
        let lines = [
            #"{"jsonrpc":"2.0","id":1,"error":{"code":1e300,"message":"boom"}}"#,
            #"{"jsonrpc":"2.0","id":1e300,"result":"pong"}"#,
            #"{"jsonrpc":"2.0","id":1,"error":{"code":-1e400,"message":"boom"}}"#,
            #"{"jsonrpc":"2.0","id":1,"error":{"code":"x","message":"boom"}}"#,
        ]
        for line in lines {
            let reply = directory + "/reply"
            try (line + "\n").write(toFile: reply, atomically: true, encoding: .utf8)
            // Through ChildProcess: no signal blocked in socat (SIGTERM ends it), its end awaited.
            // The last socat's socket is removed first, so the file appearing is this one's bind.
            unlink(path)
            let server = try await ChildProcess.start([socat, "UNIX-LISTEN:\(path),unlink-early", "SYSTEM:cat \(reply); sleep 1"])
            _ = try await poll(timeout: .seconds(60), every: .milliseconds(10)) { FileManager.default.fileExists(atPath: path) }
            let outcome: String = try await onThread {
                // Bound is not yet listening: a refused connect (which socat never sees, so it
                // still takes the next) is tried again for a while.
                var attempt = 0
                var connected: GatewayClient?
                while connected == nil {
                    do {
                        connected = try GatewayClient(location: SocketLocation(path: path))
                    } catch {
                        attempt += 1
                        if attempt >= 200 { throw error }
                        usleep(10_000)
                    }
                }
                guard let client = connected else { return "error no connection" }
                do {
                    let result = try client.call("ping")
                    return "result \(result.serialized())"
                } catch {
                    return "error \(error)"
                }
            }
            await server.terminate()
            // An error each time (a code it cannot hold becomes 0; an id it never sent is no answer),
            // and the client is still here to say so: no trap.
            #expect(outcome.hasPrefix("error"), "\(line) → \(outcome)")
            print("hostile reply \(line) → \(outcome.prefix(120))")
        }
    }
}
