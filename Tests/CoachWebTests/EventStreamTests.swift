// The event stream end to end with a plain HTTP client: a real gateway, its browser display on a
// loopback port, and sockets read byte by byte. Each test checks something a browser relies on:
// the order and ids of events, resuming with Last-Event-ID, heartbeats, the token, the limits.

import CoachCore
import CoachGateway
import CoachWeb
import Foundation
import Testing

@Suite("HTTP event stream", .serialized, .timeLimit(.minutes(2)))
struct EventStreamTests {
    @Test func statusEventsInOrderWithIncreasingIDs() async throws {
        try await WebRig.running { rig in
            let client = try await rig.stream()
            defer { client.stop() }
            #expect(client.status == 200)
            #expect(client.headers["content-type"] == "text/event-stream; charset=utf-8")
            #expect(client.headers["cache-control"] == "no-store")
            #expect(await client.wait { $0.contains { $0.object?["phase"] as? String == "idle" } }, "the idle status first")
            #expect(client.retry == 1000, "retry: tells the browser when to reconnect")

            await rig.start()
            try await rig.heartRate(150)
            #expect(await client.wait { $0.contains { $0.heartRate == 150 } })
            _ = await rig.gateway.perform(.pause(activity: nil))
            #expect(await client.wait { $0.contains { $0.object?["phase"] as? String == "paused" } })

            let events = client.events
            let statuses = events.filter { $0.event == "status" }
            let phases = statuses.compactMap { $0.object?["phase"] as? String }
            // idle, then running (with and without the heart rate, each second), then paused: never back.
            let firstRunning = try #require(phases.firstIndex(of: "running"))
            let firstPaused = try #require(phases.firstIndex(of: "paused"))
            #expect(phases[0] == "idle" && firstRunning < firstPaused, "phases: \(phases)")
            #expect(!phases[firstPaused...].contains("running") && !phases[firstRunning...].contains("idle"), "phases: \(phases)")
            // Every event has an id; the sequence strictly increases, one run prefix throughout.
            let sequences = events.compactMap(\.sequence)
            #expect(sequences.count == events.count)
            #expect(zip(sequences, sequences.dropFirst()).allSatisfy { $0 < $1 }, "ids: \(events.compactMap(\.id))")
            #expect(Set(events.compactMap { $0.id?.split(separator: "-").dropLast().joined(separator: "-") }).count == 1)
            // Announcements come as their own event type.
            #expect(events.contains { $0.event == "announcement" && ($0.object?["message"] as? String)?.isEmpty == false })
        }
    }

    @Test func lastEventIDResumesWithoutDuplicatesOrGaps() async throws {
        try await WebRig.running { rig in
            let witness = try await rig.stream()  // stays connected: what everyone saw
            defer { witness.stop() }
            await rig.start()
            try await rig.heartRate(120)
            let first = try await rig.stream()
            #expect(await first.wait { $0.contains { $0.heartRate == 120 } })
            let last = try #require(first.events.last)
            first.stop()

            // Changes while the client is away.
            for value in [131.0, 132, 133] { try await rig.heartRate(value) }
            _ = await rig.gateway.perform(.pause(activity: nil))
            #expect(await witness.wait { $0.contains { $0.object?["phase"] as? String == "paused" } })

            let resumed = try await rig.stream(lastEventID: last.id)
            defer { resumed.stop() }
            #expect(await resumed.wait { $0.contains { $0.object?["phase"] as? String == "paused" } })
            let lastSequence = try #require(last.sequence)
            let got = resumed.events.compactMap(\.sequence)
            #expect(got.allSatisfy { $0 > lastSequence }, "nothing the client had again: \(got) after \(lastSequence)")
            #expect(got.first == lastSequence + 1, "starts right after its id: \(got)")
            #expect(zip(got, got.dropFirst()).allSatisfy { $1 == $0 + 1 }, "no gap: \(got)")
            // Exactly what the witness saw after that id, byte for byte.
            let seen = witness.events.filter { ($0.sequence ?? 0) > lastSequence }.prefix(got.count)
            #expect(seen.map(\.data) == resumed.events.map(\.data))

            // An id from another run (a restarted gateway) or nonsense: the current status only.
            let stranger = try await rig.stream(lastEventID: "abc-3")
            defer { stranger.stop() }
            #expect(await stranger.wait { !$0.isEmpty })
            try await Task.sleep(for: .milliseconds(200))
            #expect(stranger.events.count == 1 && stranger.events[0].object?["phase"] as? String == "paused")
        }
    }

    @Test func heartbeatsKeepAnIdleStreamAlive() async throws {
        try await WebRig.running(heartbeat: .milliseconds(150)) { rig in
            let client = try await rig.stream()
            defer { client.stop() }
            #expect(await client.wait { !$0.isEmpty })
            let started = ContinuousClock.now
            let deadline = started + .seconds(5)
            while client.comments.filter({ $0 == "heartbeat" }).count < 3, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(10))
            }
            #expect(client.comments.filter { $0 == "heartbeat" }.count >= 3, "comments: \(client.comments)")
            // Idle: the heartbeats are comments, not events a page would have to ignore.
            #expect(client.events.count == 1)
        }
    }

    @Test func wrongOrMissingTokenIsRefusedRevealingNothing() async throws {
        try await WebRig.running { rig in
            let port = rig.port
            var refusals: [HTTPTestResponse] = []
            for (target, headers) in [("/events", [:]), ("/status", [:]), ("/", [:]), ("/no/such/thing", [:]),
                                      ("/status?token=wrong", [:]), ("/status", ["Authorization": "Bearer wrong"]),
                                      ("/status?token=\(WebRig.token)x", [:]), ("/status", ["Authorization": "Basic \(WebRig.token)"])]
                as [(String, [String: String])] {
                let response = try await onThread { try fetch(port: port, "GET", target, headers: headers) }
                #expect(response.status == 401, "\(target) \(headers)")
                refusals.append(response)
            }
            // The same answer whatever was asked: no body, no hint which paths exist.
            #expect(refusals.allSatisfy { $0.body.isEmpty })
            #expect(Set(refusals.map { $0.headers.filter { $0.key != "connection" }.sorted { $0.key < $1.key }.description }).count == 1)
            let token = WebRig.token
            let byQuery = try await onThread { try fetch(port: port, "GET", "/status?token=\(token)") }
            #expect(byQuery.status == 200 && byQuery.body.contains("\"phase\":\"idle\""))
            let missing = try await onThread { try fetch(port: port, "GET", "/no/such/thing?token=\(token)") }
            #expect(missing.status == 404)
        }
    }

    @Test func sixtyFourStreamsThenOneMoreIsRefused() async throws {
        try await WebRig.running { rig in
            var clients: [SSEClient] = []
            defer { clients.forEach { $0.stop() } }
            for _ in 0..<64 { clients.append(try await rig.stream(reading: false)) }
            #expect(clients.allSatisfy { $0.status == 200 })
            let extra = try await rig.stream(reading: false)
            #expect(extra.status == 503)
            extra.stop()
            // One leaves: a place is free again.
            clients.removeLast().stop()
            let deadline = ContinuousClock.now + .seconds(5)
            while rig.web.streamCount > 63, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
            let again = try await rig.stream(reading: false)
            #expect(again.status == 200)
            clients.append(again)
        }
    }
}
