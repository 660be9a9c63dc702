// MQTTSession for a class: a rider publishes availability and state under coach/class/<class>/<rider>/
// without Home Assistant's discovery, hears the class's command, repeats an unchanged state every
// heartbeat; a watching session subscribes, delivers retained messages too, and publishes its
// `then` once, never again on a reconnect.

import CoachCore
import CoachMQTT
import Testing

@Suite struct ClassSessionTests {
    static let topics = MQTTTopics(rider: "anna", inClass: "spin")
    static func at(_ seconds: Double) -> MonotonicInstant { MonotonicInstant(nanoseconds: Int64(seconds * 1e9)) }
    static let paused = HomeAssistantState(phase: "paused", text: #"{"state":"paused"}"#)

    static func session(_ purpose: MQTTSession.Purpose = .publish, heartbeat: Duration? = .seconds(4)) -> MQTTSession {
        var configuration = MQTTSession.Configuration(device: HomeAssistantDevice(topics: topics, version: "1"), purpose: purpose,
                                                      brokerName: "mqtt://b:1883")
        configuration.backoff.jitter = 0
        configuration.heartbeat = heartbeat
        return MQTTSession(configuration: configuration)
    }

    @Test func topicsLiveUnderTheClass() {
        #expect(Self.topics.state == "coach/class/spin/anna/state")
        #expect(Self.topics.availability == "coach/class/spin/anna/availability")
        #expect(Self.topics.result == "coach/class/spin/anna/result")
        #expect(Self.topics.classCommand == "coach/class/spin/command")
        #expect(MQTTTopics(nodeID: "n1").classCommand == nil)
    }

    @Test func aRiderPublishesNoDiscoveryAndHearsTheClass() {
        var session = Self.session()
        let actions = session.startThenConnect(holding: Self.paused, stateAt: Self.at(0), connectAt: Self.at(0.1))
        #expect(actions.first == .subscribe(["coach/class/spin/anna/command", "coach/class/spin/command"]))
        #expect(published(actions).map(\.topic) == ["coach/class/spin/anna/availability", "coach/class/spin/anna/state"])
        #expect(session.will == MQTTMessage(topic: "coach/class/spin/anna/availability", payload: "offline", qos: 1, retain: true))
        #expect(session.received(topic: "coach/class/spin/command", payload: Array("pause".utf8), retained: false, at: Self.at(1))
                == [.run(MQTTCommand("pause"))])
        #expect(session.received(topic: "homeassistant/status", payload: Array("online".utf8), retained: false, at: Self.at(1)) == [])
    }

    @Test func anUnchangedStateIsRepeatedEveryHeartbeat() {
        var session = Self.session()
        _ = session.startThenConnect(holding: Self.paused, stateAt: Self.at(0), connectAt: Self.at(0))
        #expect(session.deadline == Self.at(4))
        #expect(session.tick(at: Self.at(3.9)) == [])
        #expect(published(session.tick(at: Self.at(4))).map(\.payload) == [Self.paused.text])
        #expect(session.deadline == Self.at(8))
        // Home Assistant's bridge has none: an unchanged state is never sent again.
        var plain = Self.session(heartbeat: nil)
        _ = plain.startThenConnect(holding: Self.paused, stateAt: Self.at(0), connectAt: Self.at(0))
        #expect(plain.deadline == nil)
    }

    @Test func aWatcherDeliversRetainedMessagesAndPublishesItsCommandOnce() {
        let command = MQTTMessage(topic: "coach/class/spin/command", payload: "pause", qos: 1)
        var session = Self.session(.watch(["coach/class/spin/+/result"], then: [command]))
        #expect(session.will == nil)
        _ = session.start(at: Self.at(0))
        #expect(session.connected(at: Self.at(0)) == [.subscribe(["coach/class/spin/+/result"]), .publish(command)])
        #expect(session.received(topic: "coach/class/spin/anna/result", payload: [1], retained: true, at: Self.at(1))
                == [.deliver(topic: "coach/class/spin/anna/result", payload: [1], retained: true)])
        _ = session.lost("gone", at: Self.at(2))
        _ = session.tick(at: Self.at(10))
        #expect(session.connected(at: Self.at(10)) == [.note("mqtt: connected to mqtt://b:1883 again"), .subscribe(["coach/class/spin/+/result"])])
        // A board leaves without an `offline` of its own.
        #expect(published(session.stop(at: Self.at(11))) == [])
    }
}
