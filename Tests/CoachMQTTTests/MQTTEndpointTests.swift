// Broker URLs as users write them, and messages that never repeat a password.

import CoachMQTT
import Testing

@Suite struct MQTTEndpointTests {
    @Test func plainWithCredentials() throws {
        let endpoint = try MQTTEndpoint(url: "mqtt://user:p%40ss@broker.local:1884")
        #expect(endpoint == MQTTEndpoint(host: "broker.local", port: 1884, username: "user", password: "p@ss"))
        #expect(endpoint.display == "mqtt://user:***@broker.local:1884")
    }

    @Test func defaultPorts() throws {
        #expect(try MQTTEndpoint(url: "mqtt://127.0.0.1").port == 1883)
        #expect(try MQTTEndpoint(url: "mqtts://broker/").port == 8883)
        #expect(try MQTTEndpoint(url: "mqtts://broker").tls)
    }

    @Test func ipv6() throws {
        let endpoint = try MQTTEndpoint(url: "mqtt://[::1]:1883")
        #expect(endpoint.host == "::1")
        #expect(endpoint.display == "mqtt://[::1]:1883")
    }

    @Test func caFileFromTheSettings() throws {
        #expect(try MQTTEndpoint(url: "mqtts://b", caFile: "/etc/ca.pem").caFile == "/etc/ca.pem")
    }

    @Test func refusals() {
        for bad in ["broker:1883", "http://broker", "mqtt://", "mqtt://broker:0", "mqtt://broker:99999", "mqtt://b/topic", "mqtt://[::1"] {
            #expect(throws: MQTTEndpointError.self, "\(bad)") { try MQTTEndpoint(url: bad) }
        }
    }

    @Test func anErrorNeverSaysThePassword() {
        do {
            _ = try MQTTEndpoint(url: "mqtt://user:secret@broker:0")
            Issue.record("accepted")
        } catch {
            #expect(!error.description.contains("secret"))
        }
    }
}
