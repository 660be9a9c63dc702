// mqtts:// against a real mosquitto with a TLS listener whose certificate a CA made for the test
// signed: with `mqtt.ca_file` naming that CA the device is published; without it the certificate
// is not trusted, the gateway says so once and runs on.

import CoachMQTT
import CoachWire
import Foundation
import Testing

@Suite("MQTT over TLS", .serialized, .timeLimit(.minutes(2)))
struct MQTTTLSTests {
    static let topics = HomeAssistantMQTTTests.topics

    @Test(.enabled(if: LoopbackMosquitto.runs, "mosquitto is not installed (./test installs it; CI never skips)"))
    func mqttsWithTheBrokersCAPublishesWithoutItRunsOn() async throws {
        guard LoopbackMosquitto.installed else { Issue.record(Comment(rawValue: LoopbackMosquitto.missing)); return }
        let broker = try await LoopbackMosquitto(tls: true)
        #expect(broker.url.hasPrefix("mqtts://127.0.0.1:"))

        let trusting = try ScratchHome()
        try trusting.writeSettings("mqtt:\n  node_id: \(Self.topics.nodeID)\n  ca_file: \(broker.caFile)\n")
        let gateway = try await BackgroundGateway(home: trusting, extraArguments: ["--countdown", "0", "--mqtt", broker.url])
        defer { gateway.killSoon() }
        // Up to 15 s: a TLS handshake on a loaded 2-core machine is slow; -C 1 returns at the first message.
        let config = try await broker.retained(Self.topics.heartRateDiscovery, wait: 15)
        #expect(config == HomeAssistantDevice(topics: Self.topics, version: CoachVersion.current).discoveryText("heart_rate"), "\(broker.log)")
        #expect(try await broker.retained(Self.topics.availability) == "online")

        let other = MQTTTopics(nodeID: "coach_untrusting")
        let untrusting = try ScratchHome()
        try untrusting.writeSettings("mqtt:\n  node_id: \(other.nodeID)\n")
        let log = untrusting.root.appendingPathComponent("gateway.log").path
        let refused = try await BackgroundGateway(home: untrusting, extraArguments: ["--countdown", "0", "--mqtt", broker.url], log: log)
        defer { refused.killSoon() }
        let deadline = ContinuousClock.now + .seconds(10)
        while !HomeAssistantMQTTTests.log(untrusting).contains("cannot connect"), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(HomeAssistantMQTTTests.log(untrusting).contains("TLS"), "\(HomeAssistantMQTTTests.log(untrusting))")
        #expect(try await broker.retained(other.heartRateDiscovery, wait: 1) == nil)
        let status = try await HomeAssistantMQTTTests.coach(untrusting, ["status"])
        #expect(status.status == 0, "the gateway runs on: \(status.stderr)")
    }
}
