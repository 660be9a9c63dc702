// Permissions and sources through the real socket and the real store (issue 19): a named client
// is refused with HealthKit's codes and nothing is written, is allowed, writes with its source, is
// revoked; its denied reads see only its own samples; decisions survive a restart; locked means
// protected; an unnamed client under `ask` is named by its executable (socat).

import CoachCore
import CoachGateway
import CoachStore
import CoachWire
import Foundation
import Testing

@Suite("Permissions over the socket", .serialized)
struct PermissionSocketTests {
    /// The gateway's store, read as the user (beside it, as `coach history` reads it).
    static func store(_ directory: String) throws -> WorkoutStore {
        try WorkoutStore.open(path: directory + "/coach.sqlite", readOnly: true)
    }

    static func element(_ value: JSONValue?, _ index: Int) -> JSONValue? {
        guard case .array(let items)? = value, index < items.count else { return nil }
        return items[index]
    }

    /// The -32001 error's data.code of a call, or nil when it succeeded.
    static func refusalCode(_ body: () throws(GatewayClientError) -> JSONValue) -> String? {
        do {
            _ = try body()
            return nil
        } catch {
            guard case .rpc(let rpc) = error, rpc.code == -32001 else { return "other: \(error)" }
            return rpc.data?["code"]?.stringValue
        }
    }

    @Test func aNamedClientIsRefusedUntilAllowedThenWritesWithItsSourceUntilRevoked() async throws {
        let directory = temporaryDirectory()
        try await Self.refusedAllowedRevoked(directory: directory)
        // A restarted gateway on the same store remembers: heart rate denied, power allowed.
        try await Self.remembered(directory: directory)
    }

    static func refusedAllowedRevoked(directory: String) async throws {
        let test = try await TestGateway.start(directory: directory)
        let outcome = try await onThread { () -> (String?, String?, String?, JSONValue, JSONValue) in
            let user = try test.client()
            _ = try user.call("start", ["activity": "cycling"])
            let bridge = try test.client()
            let hello = try bridge.call("hello", ["client": "hr-bridge", "version": "1.2"])
            let notDetermined = Self.refusalCode { () throws(GatewayClientError) in
                try bridge.call("sample", ["type": "heartRate", "value": 131])
            }
            let status = try bridge.call("authorization.status", ["type": "heartRate"])
            _ = try user.call("permissions.grant", ["client": "hr-bridge", "share": ["heartRate", "power"]])
            let allowed = Self.refusalCode { () throws(GatewayClientError) in
                try bridge.call("sample", ["type": "heartRate", "value": 132])
            }
            _ = try user.call("sample", ["type": "heartRate", "value": 99])
            _ = try user.call("permissions.revoke", ["client": "hr-bridge", "share": ["heartRate"]])
            let denied = Self.refusalCode { () throws(GatewayClientError) in
                try bridge.call("sample", ["type": "heartRate", "value": 133])
            }
            return (notDetermined, allowed, denied, status, hello)
        }
        let (notDetermined, allowed, denied, status, hello) = outcome
        #expect(hello["client"]?.stringValue == "hr-bridge")
        #expect(notDetermined == AccessControl.notDeterminedCode)
        #expect(status["status"]?.stringValue == "notDetermined")
        #expect(allowed == nil)
        #expect(denied == AccessControl.deniedCode)
        // Nothing refused was written: exactly the allowed sample and the user's own.
        let changes = try Self.store(directory).changes(since: nil)
        let values = changes.added.compactMap { object -> (Double, String?)? in
            if case .sample(let sample) = object { return (sample.value, sample.source?.name) }
            return nil
        }
        #expect(values.map(\.0).sorted() == [99, 132])
        #expect(values.first { $0.0 == 132 }?.1 == "hr-bridge")
        #expect(values.first { $0.0 == 99 }?.1 == "coach")
        let stored = try Self.store(directory).changes(since: nil).added.compactMap { object -> StoredSample? in
            if case .sample(let sample) = object { return sample }
            return nil
        }
        #expect(stored.first { $0.value == 132 }?.source?.version == "1.2")
        await test.stop()
    }

    static func remembered(directory: String) async throws {
        let again = try await TestGateway.start(directory: directory)
        let (afterRestart, power) = try await onThread { () -> (String?, String?) in
            let bridge = try again.client()
            _ = try bridge.call("hello", ["client": "hr-bridge", "version": "1.2"])
            let heart = Self.refusalCode { () throws(GatewayClientError) in
                try bridge.call("sample", ["type": "heartRate", "value": 134])
            }
            let status = try bridge.call("authorization.status", ["type": "power"])
            return (heart, status["status"]?.stringValue)
        }
        #expect(afterRestart == AccessControl.deniedCode)
        #expect(power == "sharingAuthorized")
        await again.stop()
    }

    @Test func deniedReadsSeeOnlyTheClientsOwnSamples() async throws {
        let directory = temporaryDirectory()
        try await TestGateway.running(directory: directory) { test in
            let result = try await onThread { () -> (JSONValue, JSONValue, JSONValue, JSONValue, String) in
                let user = try test.client()
                _ = try user.call("permissions.grant", ["client": "hr-bridge", "share": ["heartRate"], "read": ["workouts"]])
                _ = try user.call("start", ["activity": "running"])
                let bridge = try test.client()
                _ = try bridge.call("hello", ["client": "hr-bridge"])
                _ = try bridge.call("sample", ["type": "heartRate", "value": 140])
                _ = try bridge.call("sample", ["type": "heartRate", "value": 142])
                _ = try user.call("sample", ["type": "heartRate", "value": 150])
                _ = try user.call("sample", ["type": "distance", "value": 1200])
                _ = try user.call("end", ["save": true])
                let id = Self.element(try user.call("history"), 0)?["id"]?.stringValue ?? ""
                let shown = try bridge.call("show", ["id": .string(id)])
                let changes = try bridge.call("workouts.changes")
                // Without read permission for workouts, the workout itself is not there.
                let other = try test.client()
                _ = try other.call("hello", ["client": "stranger"])
                let strangerHistory = try other.call("history")
                let userShow = try user.call("show", ["id": .string(id)])
                return (shown, changes, strangerHistory, userShow, id)
            }
            let (shown, changes, strangerHistory, userShow, _) = result
            #expect(shown["sampleCount"]?.doubleValue == 2)
            #expect(Self.element(shown["statistics"], 0)?["type"]?.stringValue == "heartRate")
            #expect(Self.element(shown["statistics"], 0)?["maximum"]?.doubleValue == 142)
            #expect(Self.element(shown["sources"], 0)?["source"]?["name"]?.stringValue == "hr-bridge")
            if case .array(let added)? = changes["added"] {
                // Items are {"kind":"sample",…the sample} (docs/protocol.md).
                let sampleValues = added.filter { $0["kind"]?.stringValue == "sample" }.compactMap { $0["value"]?.doubleValue }
                #expect(Set(sampleValues) == [140, 142])
            } else {
                Issue.record("no added array in \(changes)")
            }
            #expect(strangerHistory == .array([]))
            // The user sees every sample, grouped by source.
            #expect(userShow["sampleCount"]?.doubleValue == 4)
            let names: [String] = {
                guard case .array(let groups)? = userShow["sources"] else { return [] }
                return groups.compactMap { $0["source"]?["name"]?.stringValue }
            }()
            #expect(Set(names) == ["hr-bridge", "coach"])
        }
    }

    @Test func lockedReadsFailWithTheCodeWhileWritesAndIntentsWork() async throws {
        let directory = temporaryDirectory()
        try await TestGateway.running(directory: directory) { test in
            let result = try await onThread { () -> ([String?], String, String) in
                let user = try test.client()
                _ = try user.call("start", ["activity": "running"])
                _ = try user.call("lock")
                var codes: [String?] = []
                for method in ["history", "workouts.changes"] {
                    codes.append(Self.refusalCode { () throws(GatewayClientError) in try user.call(method) })
                }
                codes.append(Self.refusalCode { () throws(GatewayClientError) in try user.call("show", ["id": "a"]) })
                for value in 0..<5 { _ = try user.call("sample", ["type": "heartRate", "value": .number(Double(120 + value))]) }
                let paused = try user.call("pause")["code"]?.stringValue ?? "?"
                let spoken = try user.call("say", ["text": "resume"])["code"]?.stringValue ?? "?"
                _ = try user.call("unlock")
                return (codes, paused, spoken)
            }
            let (codes, paused, spoken) = result
            #expect(codes == [AccessControl.inaccessibleCode, AccessControl.inaccessibleCode, AccessControl.inaccessibleCode])
            #expect(paused == "success")
            #expect(spoken == "success")
            // Every sample sent while locked was stored.
            let added = try Self.store(directory).changes(since: nil).added
            let values = added.compactMap { object -> Double? in
                if case .sample(let sample) = object { return sample.value }
                return nil
            }
            #expect(values.sorted() == [120, 121, 122, 123, 124])
        }
    }

    @Test func underAskAnUnnamedClientIsNamedByItsExecutable() async throws {
        let directory = temporaryDirectory()
        try await TestGateway.running(directory: directory) { test in
            let (policy, reply, list) = try await onThread { () -> (JSONValue, String, JSONValue) in
                let user = try test.client()
                let policy = try user.call("permissions.policy", ["unnamedClients": "ask"])
                // socat is not this executable and says no hello: it is "socat".
                let reply = try Self.socat(#"{"jsonrpc":"2.0","id":1,"method":"sample","params":{"type":"heartRate","value":120}}"#,
                                           socket: test.location.path)
                // Saying "coach" does not make it the user: only Coach's own executable is.
                let spoofed = try Self.socat(#"{"jsonrpc":"2.0","id":1,"method":"hello","params":{"client":"coach"}}"#
                                             + "\n" + #"{"jsonrpc":"2.0","id":2,"method":"permissions.grant","params":{"client":"socat","share":"all"}}"#,
                                             socket: test.location.path, replies: 2)
                #expect(spoofed.contains("\"client\":null"), "\(spoofed)")
                #expect(spoofed.contains(AccessControl.deniedCode), "\(spoofed)")
                _ = try user.call("permissions.grant", ["client": "socat", "share": ["heartRate"]])
                _ = try Self.socat(#"{"jsonrpc":"2.0","id":2,"method":"sample","params":{"type":"heartRate","value":121}}"#,
                                   socket: test.location.path)
                return (policy, reply, try user.call("permissions.list"))
            }
            #expect(policy["unnamedClients"]?.stringValue == "ask")
            let error = try JSONValue(parsing: reply)["error"]
            #expect(error?["data"]?["code"]?.stringValue == AccessControl.notDeterminedCode)
            #expect(error?["message"]?.stringValue?.contains("socat") == true)
            guard case .array(let clients)? = list["clients"] else { Issue.record("no clients in \(list)"); return }
            let socat = clients.first { $0["name"]?.stringValue == "socat" }
            #expect(socat?["share"]?["heartRate"]?.stringValue == "allowed")
        }
    }

    /// Lines through `socat - UNIX-CONNECT:…`, the first `replies` reply lines back.
    static func socat(_ line: String, socket: String, replies: Int = 1) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/socat")
        process.arguments = ["-t", "5", "-", "UNIX-CONNECT:\(socket)"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data((line + "\n").utf8))
        // Stdin stays open until the reply is in: a client that half-closes first may get none.
        var data = Data()
        while data.count(where: { $0 == UInt8(ascii: "\n") }) < replies {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            data.append(chunk)
        }
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func withNoReplToAskARequestReturnsAtOnceUndecidedSayingHowToAllow() async throws {
        let directory = temporaryDirectory()
        try await TestGateway.running(directory: directory) { test in
            let (answer, status, own) = try await onThread { () -> (JSONValue, JSONValue, JSONValue) in
                let bridge = try test.client()
                _ = try bridge.call("hello", ["client": "hr-bridge"])
                let answer = try bridge.call("authorization.request", ["share": "heartRate", "read": ["workouts"], "wait": 30])
                let status = try bridge.call("authorization.status", ["type": "heartRate"])
                // The user's own connection is never asked and may do everything.
                let own = try test.client().call("authorization.request", ["share": ["heartRate"]])
                return (answer, status, own)
            }
            #expect(answer["asked"]?.boolValue == false)
            #expect(answer["share"]?["heartRate"]?.stringValue == "notDetermined")
            #expect(answer["message"]?.stringValue?.contains("coach permissions grant hr-bridge --share heartRate") == true)
            #expect(status["status"]?.stringValue == "notDetermined")
            #expect(own["share"]?["heartRate"]?.stringValue == "sharingAuthorized")
        }
    }

    @Test func badRequestsAreRefusedWithTheParamNamed() async throws {
        let directory = temporaryDirectory()
        try await TestGateway.running(directory: directory) { test in
            let messages = try await onThread { () -> [String] in
                let client = try test.client()
                var messages: [String] = []
                for (method, params) in [("hello", ["client": "has space"]), ("hello", [:]),
                                         ("authorization.request", ["share": ["bloodGlucose"]]),
                                         ("authorization.request", [:] as JSONValue),
                                         ("authorization.status", ["type": 3])] as [(String, JSONValue)] {
                    do { _ = try client.call(method, params) } catch {
                        guard case .rpc(let rpc)? = error as? GatewayClientError, rpc.code == -32602 else { messages.append("other: \(error)"); continue }
                        messages.append(rpc.message)
                    }
                }
                return messages
            }
            #expect(messages.count == 5)
            #expect(messages[0].contains("\"client\""))
            #expect(messages[2].contains("bloodGlucose"))
            #expect(messages[3].contains("share"))
            // Checked by the route table's description (docs/protocol.md): "type must be a string of …".
            #expect(messages[4].hasPrefix("Invalid params: type must be"), "\(messages[4])")
        }
    }
}
