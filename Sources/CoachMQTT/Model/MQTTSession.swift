// MQTTSession: the bridge's state machine, pure. Events in (started, connected, lost, a message, a
// new state from the feed, a command answered, the clock) and actions out (connect, subscribe,
// publish, run a command, note a line) that the connection thread performs (Client/). Everything
// the broker must hold is republished on every connection, so a broker that restarts empty is
// whole again as soon as it answers; meanwhile nothing queues up but the latest state.
// Its purpose is either to show the gateway (`publish`) or to take the device away (`remove`:
// empty retained config and topics, then done), when the user turned MQTT off; or to watch a
// class (`watch`: subscribe to the riders' topics and hand every message over, retained ones too).
// A class rider (MQTTTopics.classID) publishes like a device without discovery, hears the class's
// command topic too, and repeats an unchanged state every `heartbeat` so a board can tell a quiet
// rider from one whose gateway is gone.

import CoachWire
import CoachCore

public struct MQTTSession: Sendable {
    public enum Purpose: Sendable, Hashable {
        case publish, remove
        /// Subscribe to these filters and deliver what arrives (a class board); on the first
        /// connection only, publish `then` after subscribing (the instructor's command, whose
        /// answers the subscription is there to hear: the broker handles a client's packets in order).
        case watch([String], then: [MQTTMessage] = [])
    }

    public struct Configuration: Sendable {
        public var device: HomeAssistantDevice
        public var purpose: Purpose
        /// Where the broker is, for the log's lines only (no password).
        public var brokerName: String
        public var throttleInterval: Duration = .seconds(1)
        /// A connection attempt without a CONNACK by then is abandoned and retried.
        public var connectTimeout: Duration = .seconds(10)
        /// How long a clean goodbye may take before the connection is simply closed.
        public var goodbyeTimeout: Duration = .seconds(2)
        public var backoff = MQTTBackoff.Policy()
        public var seed: UInt64 = 0x5EED
        /// An unchanged state is published again after this long (class riders: a board greys a
        /// rider it has not heard from for 10 s); nil sends a state only when it changes.
        public var heartbeat: Duration? = nil

        public init(device: HomeAssistantDevice, purpose: Purpose = .publish, brokerName: String) {
            self.device = device
            self.purpose = purpose
            self.brokerName = brokerName
        }

        var topics: MQTTTopics { device.topics }
    }

    public enum Action: Sendable, Hashable {
        /// Open a connection (a previous one, if any, is closed first).
        case connect
        /// Drop the connection without a goodbye (an attempt that hangs, a goodbye that does).
        case closeConnection
        case subscribe([String])
        case publish(MQTTMessage)
        /// DISCONNECT after what is queued: a clean end, so the broker sends no last will.
        case disconnect
        /// Hand a command to the gateway; its answer comes back through `answered`.
        case run(MQTTCommand)
        /// A message on a watched topic (purpose `watch`).
        case deliver(topic: String, payload: [UInt8], retained: Bool)
        /// A line for the gateway's log.
        case note(String)
        /// Nothing more to do: the removal is done, or the bridge stopped.
        case finished
    }

    enum Link: Sendable, Hashable {
        case waiting(until: MonotonicInstant)
        case connecting(since: MonotonicInstant)
        case connected
        case leaving(since: MonotonicInstant)
        case done
    }

    public let configuration: Configuration
    private(set) var link: Link
    private var backoff: MQTTBackoff
    private var throttle: StateThrottle
    /// The latest state from the feed, whether or not it went out.
    private var latest: HomeAssistantState?
    /// The outage has been noted (one line per outage, not one per attempt).
    private var outageNoted = false
    private var stopping = false
    /// When a state last went out (for the heartbeat).
    private var stateSentAt: MonotonicInstant?

    public init(configuration: Configuration) {
        self.configuration = configuration
        link = .waiting(until: MonotonicInstant(nanoseconds: .min))
        backoff = MQTTBackoff(policy: configuration.backoff, seed: configuration.seed)
        throttle = StateThrottle(interval: configuration.throttleInterval)
    }

    public var isConnected: Bool { link == .connected }
    /// The removal's empty messages went out (the device may be forgotten); for `watch`, the first
    /// connection's `then` messages did.
    public private(set) var removalSent = false
    public var isFinished: Bool { link == .done }

    // MARK: - Events

    public mutating func start(at now: MonotonicInstant) -> [Action] {
        link = .connecting(since: now)
        return [.connect]
    }

    /// The attempt failed before the broker accepted it (refused, unreachable, bad credentials).
    public mutating func connectFailed(_ reason: String, at now: MonotonicInstant) -> [Action] {
        guard case .connecting = link else { return [] }
        return retry(after: reason, at: now, verb: "cannot connect to")
    }

    /// CONNACK with success.
    public mutating func connected(at now: MonotonicInstant) -> [Action] {
        guard case .connecting = link else { return [] }
        link = .connected
        backoff.reset()
        var actions: [Action] = []
        if outageNoted {
            actions.append(.note("mqtt: connected to \(configuration.brokerName) again"))
            outageNoted = false
        }
        let topics = configuration.topics
        switch configuration.purpose {
        case .publish:
            actions.append(.subscribe([topics.command, topics.classCommand ?? topics.homeAssistantStatus]))
            throttle.reset()
            actions += everything(at: now)
        case .watch(let filters, let then):
            actions.append(.subscribe(filters))
            // Never twice: a reconnect must not make a second lap.
            if !removalSent { actions += then.map { .publish($0) } }
            removalSent = true
        case .remove:
            // An empty retained message deletes the broker's copy; on a config topic it also
            // removes that entity (the last one, the device) from Home Assistant.
            for topic in (topics.isClassRider ? [] : configuration.device.discoveryTopics) + [topics.state, topics.availability] {
                actions.append(.publish(MQTTMessage(topic: topic, payload: "", qos: 1, retain: true)))
            }
            removalSent = true
            actions.append(.note("mqtt: removed the device \(topics.nodeID) from \(configuration.brokerName)"))
            actions += leave(at: now)
        }
        return actions
    }

    /// The connection ended (the broker went away, or our goodbye completed).
    public mutating func lost(_ reason: String, at now: MonotonicInstant) -> [Action] {
        switch link {
        case .leaving:
            link = .done
            return [.finished]
        case .connected:
            return retry(after: reason, at: now, verb: "lost the connection to")
        case .connecting:
            return retry(after: reason, at: now, verb: "cannot connect to")
        case .waiting, .done:
            return []
        }
    }

    /// A message on a subscribed topic. Retained ones are old news: a retained birth message
    /// arrives on every subscribe, and a retained command would run again on every reconnect.
    public mutating func received(topic: String, payload: [UInt8], retained: Bool, at now: MonotonicInstant) -> [Action] {
        guard link == .connected else { return [] }
        // A board wants the retained states most of all: they are the riders already there.
        if case .watch = configuration.purpose { return [.deliver(topic: topic, payload: payload, retained: retained)] }
        guard configuration.purpose == .publish, !retained else { return [] }
        let topics = configuration.topics
        if topic == topics.command || topic == topics.classCommand { return [.run(MQTTCommand(payload: payload))] }
        if topic == topics.homeAssistantStatus, !topics.isClassRider {
            // Home Assistant restarted: it asks for discovery again.
            guard String(decoding: payload, as: UTF8.self) == "online" else { return [] }
            throttle.reset()
            return everything(at: now)
        }
        return []
    }

    /// A new state from the feed.
    public mutating func stateChanged(_ state: HomeAssistantState, at now: MonotonicInstant) -> [Action] {
        latest = state
        guard link == .connected, configuration.purpose == .publish else { return [] }
        if case .send(let state) = throttle.offer(state, at: now) { return [publishState(state, at: now)] }
        return []
    }

    /// The gateway's answer to a command: published while connected (a press made just before a
    /// connection dropped has nobody to tell).
    public mutating func answered(_ result: MQTTCommandResult) -> [Action] {
        guard link == .connected else { return [] }
        return [.publish(MQTTMessage(topic: configuration.topics.result, payload: result.text, qos: 1, retain: false))]
    }

    /// The clock: a retry that is due, an attempt or a goodbye that takes too long, a held state.
    public mutating func tick(at now: MonotonicInstant) -> [Action] {
        switch link {
        case .waiting(let until) where now >= until:
            link = .connecting(since: now)
            return [.connect]
        case .connecting(let since) where now - since >= configuration.connectTimeout:
            return [.closeConnection] + retry(after: "no answer within \(configuration.connectTimeout)", at: now, verb: "cannot connect to")
        case .leaving(let since) where now - since >= configuration.goodbyeTimeout:
            link = .done
            return [.closeConnection, .finished]
        case .connected:
            if let state = throttle.due(at: now) { return [publishState(state, at: now)] }
            if let heartbeatDue, now >= heartbeatDue, let latest {
                _ = throttle.sent(latest, at: now)
                return [publishState(latest, at: now)]
            }
            return []
        default:
            return []
        }
    }

    /// When `tick` next has something to do, if anything.
    public var deadline: MonotonicInstant? {
        switch link {
        case .waiting(let until): return until
        case .connecting(let since): return since + configuration.connectTimeout
        case .leaving(let since): return since + configuration.goodbyeTimeout
        case .connected: return [throttle.deadline, heartbeatDue].compactMap { $0 }.min()
        case .done: return nil
        }
    }

    /// The gateway is stopping: say `offline` (Home Assistant greys the device) and leave cleanly.
    public mutating func stop(at now: MonotonicInstant) -> [Action] {
        stopping = true
        switch link {
        case .connected:
            var actions: [Action] = []
            if configuration.purpose == .publish {
                actions.append(.publish(MQTTMessage(topic: configuration.topics.availability, payload: "offline", qos: 1, retain: true)))
            }
            return actions + leave(at: now)
        case .leaving:
            return []
        case .waiting, .connecting:
            link = .done
            return [.closeConnection, .finished]
        case .done:
            return []
        }
    }

    // MARK: - Helpers

    /// The last will: `offline` on the availability topic when the connection dies uncleanly.
    public var will: MQTTMessage? {
        configuration.purpose == .publish
            ? MQTTMessage(topic: configuration.topics.availability, payload: "offline", qos: 1, retain: true) : nil
    }

    /// Discovery, availability and the latest state: all the broker should hold for Home Assistant
    /// (a class rider has no discovery: the board reads the state itself).
    private mutating func everything(at now: MonotonicInstant) -> [Action] {
        let topics = configuration.topics
        var actions: [Action] = []
        if !topics.isClassRider {
            // The device-based message of earlier Coach releases goes first, so that a Home
            // Assistant that read it does not keep its entities beside these (same unique ids).
            actions.append(.publish(MQTTMessage(topic: topics.deviceDiscovery, payload: "", qos: 1, retain: true)))
            for (topic, payload) in configuration.device.discoveryMessages {
                actions.append(.publish(MQTTMessage(topic: topic, payload: payload.serialized(), qos: 1, retain: true)))
            }
        }
        actions.append(.publish(MQTTMessage(topic: topics.availability, payload: "online", qos: 1, retain: true)))
        if let latest {
            _ = throttle.sent(latest, at: now)
            actions.append(publishState(latest, at: now))
        }
        return actions
    }

    private mutating func publishState(_ state: HomeAssistantState, at now: MonotonicInstant) -> Action {
        stateSentAt = now
        return .publish(MQTTMessage(topic: configuration.topics.state, payload: state.text, qos: 0, retain: true))
    }

    /// When the latest state is to be repeated, if there is a heartbeat and a state.
    private var heartbeatDue: MonotonicInstant? {
        guard let heartbeat = configuration.heartbeat, latest != nil, let stateSentAt else { return nil }
        return stateSentAt + heartbeat
    }

    private mutating func leave(at now: MonotonicInstant) -> [Action] {
        link = .leaving(since: now)
        return [.disconnect]
    }

    private mutating func retry(after reason: String, at now: MonotonicInstant, verb: String) -> [Action] {
        if stopping {
            link = .done
            return [.finished]
        }
        let wait = backoff.delay(afterFailureAt: now)
        link = .waiting(until: now + wait)
        guard !outageNoted else { return [] }
        outageNoted = true
        return [.note("mqtt: \(verb) \(configuration.brokerName) (\(reason)); retrying in the background")]
    }
}
