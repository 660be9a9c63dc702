// The topics one gateway uses on the broker. Home Assistant's discovery lives under its prefix
// (`homeassistant/<component>/<node_id>/<object_id>/config`, per component); Coach's own state, commands
// and results live under `coach/<node_id>/`, so one broker can carry several gateways.
// A rider in a class (docs/class.md) uses the same names one level down, `coach/class/<class>/<rider>/`
// (the rider is the node id), has no discovery, and also hears the class's `coach/class/<class>/command`.

public struct MQTTTopics: Sendable, Hashable {
    public let prefix: String
    public let nodeID: String
    /// The class this gateway rides in, if it is a class rider rather than a Home Assistant device.
    public let classID: String?

    public init(prefix: String = "homeassistant", nodeID: String) {
        self.prefix = prefix
        self.nodeID = nodeID
        classID = nil
    }

    /// A rider's topics in a class: `coach/class/<class>/<rider>/state` and so on.
    public init(rider: String, inClass classID: String) {
        prefix = "homeassistant"
        nodeID = rider
        self.classID = classID
    }

    public var isClassRider: Bool { classID != nil }
    public var base: String { classID.map { Self.classBase($0) + "/" + nodeID } ?? "coach/\(nodeID)" }
    /// What the instructor sends to every rider (`coach class pause NAME`), not retained.
    public var classCommand: String? { classID.map { Self.classBase($0) + "/command" } }
    /// Where a class lives: every rider's topics and the class's command are under it.
    public static func classBase(_ classID: String) -> String { "coach/class/" + classID }
    /// One entity's discovery message, retained; empty removes the entity.
    public func discovery(component: String, objectID: String) -> String { "\(prefix)/\(component)/\(nodeID)/\(objectID)/config" }
    /// Device-based discovery's one message, which Coach published before it published per
    /// component: only ever cleared now, so that no Home Assistant keeps a second copy.
    public var deviceDiscovery: String { "\(prefix)/device/\(nodeID)/config" }
    /// `online` / `offline` (the last will), retained.
    public var availability: String { base + "/availability" }
    /// One JSON object with every sensor's value, retained.
    public var state: String { base + "/state" }
    /// What a button press (or an automation) sends: `pause`, `resume`, `end`, `lap` or a sentence.
    public var command: String { base + "/command" }
    /// The answer to each command: `{"command","code","ok","message"}`, not retained.
    public var result: String { base + "/result" }
    /// Home Assistant's birth and last-will messages (`online` after it starts).
    public var homeAssistantStatus: String { prefix + "/status" }

    /// `coach_<host name>`, cut to what discovery allows (`[a-zA-Z0-9_-]`): two machines on one
    /// broker get two devices without any setting.
    public static func defaultNodeID(hostName: String) -> String {
        let host = hostName.split(separator: ".").first.map(String.init) ?? hostName
        let cleaned = String(host.map { isAllowed($0) ? $0 : "_" })
        return cleaned.isEmpty ? "coach" : "coach_" + cleaned
    }

    public static func isValidNodeID(_ text: String) -> Bool { !text.isEmpty && text.allSatisfy(isAllowed) }

    private static func isAllowed(_ c: Character) -> Bool {
        c.isASCII && (c.isLetter || c.isNumber || c == "_" || c == "-")
    }
}

/// One message to publish.
public struct MQTTMessage: Sendable, Hashable {
    public var topic: String
    /// Text; empty is MQTT's "delete the retained message".
    public var payload: String
    public var qos: Int32
    public var retain: Bool

    public init(topic: String, payload: String, qos: Int32 = 0, retain: Bool = false) {
        self.topic = topic
        self.payload = payload
        self.qos = qos
        self.retain = retain
    }
}

/// One message a watching connection received.
public struct MQTTDelivery: Sendable, Hashable {
    public var topic: String
    public var payload: [UInt8]
    public var retained: Bool

    public init(topic: String, payload: [UInt8], retained: Bool) {
        self.topic = topic
        self.payload = payload
        self.retained = retained
    }
}
