// The bridge's state machine, one expectation per transition: what a connection publishes, what a
// lost one schedules, Home Assistant's birth message, commands and their answers, the lock-free
// throttle, a clean goodbye, and the removal of a device MQTT no longer names.

import CoachCore
import CoachMQTT
import Testing

@Suite struct MQTTSessionTests {
    static let topics = MQTTTopics(prefix: "homeassistant", nodeID: "n1")
    static let device = HomeAssistantDevice(topics: topics, version: "1")
    /// What a connection publishes for discovery: the device-based message of earlier releases
    /// cleared, then one config per entity.
    static let discoveryTopics = ["homeassistant/device/n1/config"] + device.discoveryMessages.map(\.topic)
    static func at(_ seconds: Double) -> MonotonicInstant { MonotonicInstant(nanoseconds: Int64(seconds * 1e9)) }
    static let running = HomeAssistantState(phase: "running", text: #"{"state":"running"}"#)
    static let paused = HomeAssistantState(phase: "paused", text: #"{"state":"paused"}"#)

    static func session(_ purpose: MQTTSession.Purpose = .publish) -> MQTTSession {
        var configuration = MQTTSession.Configuration(device: device, purpose: purpose, brokerName: "mqtt://b:1883")
        configuration.backoff.jitter = 0
        return MQTTSession(configuration: configuration)
    }

    static func connected(_ purpose: MQTTSession.Purpose = .publish) -> MQTTSession {
        var session = session(purpose)
        _ = session.start(at: at(0))
        _ = session.connected(at: at(0))
        return session
    }

    @Test func startConnects() {
        var session = Self.session()
        #expect(session.start(at: Self.at(0)) == [.connect])
    }

    @Test func aConnectionSubscribesAndPublishesDiscoveryAvailabilityAndTheLatestState() {
        var session = Self.session()
        let actions = session.startThenConnect(holding: Self.running, stateAt: Self.at(0.1), connectAt: Self.at(0.2))
        #expect(actions.first == .subscribe(["coach/n1/command", "homeassistant/status"]))
        #expect(published(actions) == [
            MQTTMessage(topic: "homeassistant/device/n1/config", payload: "", qos: 1, retain: true),
        ] + Self.device.discoveryMessages.map { MQTTMessage(topic: $0.topic, payload: $0.payload.serialized(), qos: 1, retain: true) } + [
            MQTTMessage(topic: "coach/n1/availability", payload: "online", qos: 1, retain: true),
            MQTTMessage(topic: "coach/n1/state", payload: Self.running.text, qos: 0, retain: true),
        ])
    }

    @Test func theWillSaysOffline() {
        #expect(Self.session().will == MQTTMessage(topic: "coach/n1/availability", payload: "offline", qos: 1, retain: true))
        #expect(Self.session(.remove).will == nil)
    }

    @Test func nothingIsPublishedWhileDisconnected() {
        var session = Self.session()
        _ = session.start(at: Self.at(0))
        #expect(session.stateChanged(Self.running, at: Self.at(0.1)) == [])
    }

    @Test func aLostConnectionIsNotedOnceAndRetriedWithBackoff() {
        var session = Self.connected()
        let lost = session.lost("The connection was lost.", at: Self.at(10))
        #expect(lost == [.note("mqtt: lost the connection to mqtt://b:1883 (The connection was lost.); retrying in the background")])
        #expect(session.deadline == Self.at(10.1))
        #expect(session.tick(at: Self.at(10.05)) == [])
        #expect(session.tick(at: Self.at(10.1)) == [.connect])
        #expect(session.connectFailed("refused", at: Self.at(10.1)) == [], "one line per outage")
        #expect(session.deadline == Self.at(10.3))
    }

    @Test func reconnectingRepublishesEverythingAndSaysSo() {
        var session = Self.connected()
        _ = session.stateChanged(Self.running, at: Self.at(1))
        _ = session.lost("gone", at: Self.at(2))
        _ = session.stateChanged(Self.paused, at: Self.at(2.05))
        _ = session.tick(at: Self.at(2.1))
        let actions = session.connected(at: Self.at(2.2))
        #expect(actions.contains(.note("mqtt: connected to mqtt://b:1883 again")))
        #expect(published(actions).map(\.topic) == Self.discoveryTopics + ["coach/n1/availability", "coach/n1/state"])
        #expect(published(actions).last?.payload == Self.paused.text, "the newest state, not the one before the outage")
    }

    @Test func aHangingAttemptIsAbandoned() {
        var session = Self.session()
        _ = session.start(at: Self.at(0))
        let actions = session.tick(at: Self.at(10))
        #expect(actions.first == .closeConnection)
        #expect(session.deadline == Self.at(10.1))
    }

    @Test func statesAreThrottledWhileConnected() {
        var session = Self.connected()
        #expect(published(session.stateChanged(Self.running, at: Self.at(1))).count == 1)
        let held = HomeAssistantState(phase: "running", text: #"{"state":"running","elapsed":1}"#)
        #expect(session.stateChanged(held, at: Self.at(1.5)) == [])
        #expect(session.deadline == Self.at(2))
        #expect(published(session.tick(at: Self.at(2))).map(\.payload) == [held.text])
        #expect(published(session.stateChanged(Self.paused, at: Self.at(2.1))).map(\.payload) == [Self.paused.text])
    }

    @Test func homeAssistantsBirthMessageGetsDiscoveryAgain() {
        var session = Self.connected()
        _ = session.stateChanged(Self.running, at: Self.at(1))
        let actions = session.received(topic: "homeassistant/status", payload: Array("online".utf8), retained: false, at: Self.at(5))
        #expect(published(actions).map(\.topic) == Self.discoveryTopics + ["coach/n1/availability", "coach/n1/state"])
    }

    @Test func aRetainedBirthOrOfflineIsNotABirth() {
        var session = Self.connected()
        #expect(session.received(topic: "homeassistant/status", payload: Array("online".utf8), retained: true, at: Self.at(1)) == [])
        #expect(session.received(topic: "homeassistant/status", payload: Array("offline".utf8), retained: false, at: Self.at(1)) == [])
    }

    @Test func aCommandRunsAndItsAnswerIsPublished() {
        var session = Self.connected()
        #expect(session.received(topic: "coach/n1/command", payload: Array("pause".utf8), retained: false, at: Self.at(1))
                == [.run(MQTTCommand("pause"))])
        let result = MQTTCommandResult(command: "pause", code: "failureNoMatchingWorkout", message: "No workout.")
        #expect(session.answered(result) == [.publish(MQTTMessage(topic: "coach/n1/result", payload: result.text, qos: 1, retain: false))])
    }

    @Test func aRetainedCommandNeverRuns() {
        var session = Self.connected()
        #expect(session.received(topic: "coach/n1/command", payload: Array("end".utf8), retained: true, at: Self.at(1)) == [])
    }

    @Test func stoppingSaysOfflineAndLeavesCleanly() {
        var session = Self.connected()
        #expect(session.stop(at: Self.at(1)) == [
            .publish(MQTTMessage(topic: "coach/n1/availability", payload: "offline", qos: 1, retain: true)), .disconnect,
        ])
        #expect(session.lost("closed", at: Self.at(1.1)) == [.finished])
        #expect(session.isFinished)
    }

    @Test func aGoodbyeThatHangsIsCut() {
        var session = Self.connected()
        _ = session.stop(at: Self.at(1))
        #expect(session.tick(at: Self.at(3)) == [.closeConnection, .finished])
    }

    @Test func stoppingWhileDisconnectedEndsAtOnce() {
        var session = Self.session()
        _ = session.start(at: Self.at(0))
        _ = session.connectFailed("refused", at: Self.at(0))
        #expect(session.stop(at: Self.at(1)) == [.closeConnection, .finished])
    }

    @Test func removalEmptiesTheRetainedTopicsAndLeaves() {
        var session = Self.session(.remove)
        _ = session.start(at: Self.at(0))
        let actions = session.connected(at: Self.at(0.1))
        #expect(published(actions) == (Self.device.discoveryMessages.map(\.topic) + ["homeassistant/device/n1/config", "coach/n1/state", "coach/n1/availability"]).map {
            MQTTMessage(topic: $0, payload: "", qos: 1, retain: true)
        })
        #expect(actions.last == .disconnect)
        #expect(session.removalSent)
        #expect(session.received(topic: "coach/n1/command", payload: Array("pause".utf8), retained: false, at: Self.at(0.2)) == [])
    }
}
