// Home Assistant's MQTT discovery for one gateway, per component: one retained message per entity
// on `<prefix>/<component>/<node_id>/<object_id>/config`, each carrying the shared `device` block
// (so Home Assistant groups them as one device), the `origin`, its `unique_id` and `availability`
// — the form every Home Assistant release reads (device-based discovery, one `cmps` message, only
// 2024.11 and later do; the machine's own tested release is 2024.3). Sensors read the shared state
// topic, buttons publish on the command topic. Metric sensors carry a second availability entry
// that reads their own value: while locked (or not allowed, docs/permissions.md) the state says
// `unavailable` and so does Home Assistant, while state, activity and elapsed stay. Keys and units
// follow HA's sensor schema (device classes only where HA accepts the unit and state class).

import CoachLanguage
import CoachWire

/// One entity of the device as data; `discoveryConfig` writes it.
public struct HomeAssistantEntity: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// A sensor reading `key` from the state JSON.
        case sensor(deviceClass: String?, unit: String?, stateClass: String?, options: [String]?)
        /// A button publishing `payload` on the command topic.
        case button(payload: String)
    }

    /// The object id in the discovery topic and the key in the state JSON; its name in Home
    /// Assistant is `homeAssistant: <key>` of Intents/<lang>/_responses.yaml (HomeAssistantDevice.names).
    public var key: String
    public var kind: Kind
    public var icon: String?
    /// A metric: hidden while locked, governed by the `mqtt` client's read permissions.
    public var isMetric: Bool

    /// Home Assistant's platform: the `<component>` of the discovery topic.
    public var component: String {
        switch kind {
        case .sensor: return "sensor"
        case .button: return "button"
        }
    }

    public init(key: String, kind: Kind, icon: String? = nil, isMetric: Bool = false) {
        self.key = key
        self.kind = kind
        self.icon = icon
        self.isMetric = isMetric
    }
}

public struct HomeAssistantDevice: Sendable, Hashable {
    public var topics: MQTTTopics
    public var name: String
    public var version: String
    /// Entity key → its name in Home Assistant, and `model` → the device's model: the
    /// `homeAssistant:` table of Intents/<lang>/_responses.yaml. A key missing names the entity by the key.
    public var names: [String: String]

    public init(topics: MQTTTopics, name: String = "Coach", version: String = CoachVersion.current, language: Language = .en,
                catalog: ResponseCatalog = .builtIn) {
        self.topics = topics
        self.name = name
        self.version = version
        var names: [String: String] = [:]
        for key in Self.entities.map(\.key) + ["model"] {
            names[key] = catalog.phrase("homeAssistant", key, language: language) ?? catalog.phrase("homeAssistant", key, language: .en)
        }
        self.names = names
    }

    /// An entity's name in Home Assistant.
    public func name(of entity: HomeAssistantEntity) -> String { names[entity.key] ?? entity.key }

    /// The `state` sensor's options: the feed's phases, in Home Assistant's snake_case.
    public static let phases = ["idle", "countdown", "running", "paused", "auto_paused", "stopping", "ended"]

    /// Every entity, in the order Home Assistant lists them.
    public static let entities: [HomeAssistantEntity] = [
        .init(key: "state", kind: .sensor(deviceClass: "enum", unit: nil, stateClass: nil, options: phases), icon: "mdi:run"),
        .init(key: "activity", kind: .sensor(deviceClass: nil, unit: nil, stateClass: nil, options: nil), icon: "mdi:dumbbell"),
        .init(key: "elapsed", kind: .sensor(deviceClass: "duration", unit: "s", stateClass: "measurement", options: nil),
              icon: "mdi:timer-outline"),
        .init(key: "heart_rate", kind: .sensor(deviceClass: nil, unit: "bpm", stateClass: "measurement", options: nil),
              icon: "mdi:heart-pulse", isMetric: true),
        .init(key: "distance", kind: .sensor(deviceClass: "distance", unit: "m", stateClass: "total_increasing", options: nil),
              isMetric: true),
        // No `energy` device class: HA's takes kcal only in recent releases; the unit says it.
        .init(key: "energy", kind: .sensor(deviceClass: nil, unit: "kcal", stateClass: "total_increasing", options: nil),
              icon: "mdi:fire", isMetric: true),
        // Pace is shown as a runner reads it ("5:12 /km"): text, so no unit or state class.
        .init(key: "pace", kind: .sensor(deviceClass: nil, unit: nil, stateClass: nil, options: nil), icon: "mdi:speedometer-slow",
              isMetric: true),
        .init(key: "speed", kind: .sensor(deviceClass: "speed", unit: "km/h", stateClass: "measurement", options: nil),
              isMetric: true),
        // Coach's cadence is per minute whatever the limb (steps or pedal turns): HA's "rpm" would
        // misname a runner's; "spm" is the feed's own unit.
        .init(key: "cadence", kind: .sensor(deviceClass: nil, unit: "spm", stateClass: "measurement", options: nil),
              icon: "mdi:rotate-right", isMetric: true),
        .init(key: "power", kind: .sensor(deviceClass: "power", unit: "W", stateClass: "measurement", options: nil),
              isMetric: true),
        .init(key: "goal_progress", kind: .sensor(deviceClass: nil, unit: "%", stateClass: "measurement", options: nil),
              icon: "mdi:flag-checkered", isMetric: true),
        // Zones as numbers (heart rate 1–5, power 1–7, Coggan): an automation can act on "zone 5".
        .init(key: "heart_rate_zone", kind: .sensor(deviceClass: nil, unit: nil, stateClass: "measurement", options: nil),
              icon: "mdi:heart-flash", isMetric: true),
        .init(key: "power_zone", kind: .sensor(deviceClass: nil, unit: nil, stateClass: "measurement", options: nil),
              icon: "mdi:lightning-bolt", isMetric: true),
        // A plan's step as the status line words it; which step it is shows even while locked.
        .init(key: "step", kind: .sensor(deviceClass: nil, unit: nil, stateClass: nil, options: nil), icon: "mdi:format-list-numbered"),
        .init(key: "pause", kind: .button(payload: "pause"), icon: "mdi:pause"),
        .init(key: "resume", kind: .button(payload: "resume"), icon: "mdi:play"),
        .init(key: "end", kind: .button(payload: "end"), icon: "mdi:stop"),
        .init(key: "lap", kind: .button(payload: "lap"), icon: "mdi:flag"),
    ]

    /// The keys of the metric sensors (what the lock and the permissions hide).
    public static var metricKeys: [String] { entities.filter(\.isMetric).map(\.key) }

    /// The shared device block: every entity names it, so Home Assistant makes one device of them.
    public var deviceBlock: JSONValue {
        .object([
            ("identifiers", .array([.string(topics.nodeID)])),
            ("name", .string(name)),
            ("manufacturer", "Coach"),
            ("model", .string(names["model"] ?? "coach")),
            ("sw_version", .string(version)),
        ])
    }

    /// Every entity's discovery message (retained): topic and payload, in the entities' order.
    public var discoveryMessages: [(topic: String, payload: JSONValue)] {
        let origin: JSONValue = .object([("name", "coach"), ("sw_version", .string(version))])
        return Self.entities.map { entity in
            guard case .object(var members) = component(entity) else { return (discoveryTopic(entity), .null) }
            members.append(("device", deviceBlock))
            members.append(("origin", origin))
            return (discoveryTopic(entity), .object(members))
        }
    }

    /// `<prefix>/<component>/<node_id>/<object_id>/config`.
    public func discoveryTopic(_ entity: HomeAssistantEntity) -> String {
        topics.discovery(component: entity.component, objectID: entity.key)
    }

    /// Every topic a discovery message of this device may be retained on, for removing the
    /// device: the per-component ones and the device-based one earlier releases of Coach used.
    public var discoveryTopics: [String] { Self.entities.map(discoveryTopic) + [topics.deviceDiscovery] }

    func component(_ entity: HomeAssistantEntity) -> JSONValue {
        var members: [(String, JSONValue)] = []
        var availability: [JSONValue] = [.object([("topic", .string(topics.availability))])]
        switch entity.kind {
        case .sensor(let deviceClass, let unit, let stateClass, let options):
            members.append(("unique_id", .string(uniqueID(entity.key))))
            members.append(("name", .string(name(of: entity))))
            members.append(("state_topic", .string(topics.state)))
            members.append(("value_template", .string(Self.valueTemplate(entity.key, plain: entity.key == "state"))))
            if let deviceClass { members.append(("device_class", .string(deviceClass))) }
            if let unit { members.append(("unit_of_measurement", .string(unit))) }
            if let stateClass { members.append(("state_class", .string(stateClass))) }
            if let options { members.append(("options", .array(options.map(JSONValue.string)))) }
            if entity.isMetric {
                availability.append(.object([("topic", .string(topics.state)),
                                             ("value_template", .string(Self.availabilityTemplate(entity.key)))]))
            }
        case .button(let payload):
            members.append(("unique_id", .string(uniqueID(entity.key))))
            members.append(("name", .string(name(of: entity))))
            members.append(("command_topic", .string(topics.command)))
            members.append(("payload_press", .string(payload)))
        }
        if let icon = entity.icon { members.append(("icon", .string(icon))) }
        members.append(("availability", .array(availability)))
        if availability.count > 1 { members.append(("availability_mode", "all")) }
        return .object(members)
    }

    func uniqueID(_ key: String) -> String { "\(topics.nodeID)_\(key)" }

    /// A value, or `None` (HA's unknown) for null and for `unavailable` (which the availability
    /// entry already shows), so HA never tries to read "unavailable" as a number.
    static func valueTemplate(_ key: String, plain: Bool) -> String {
        if plain { return "{{ value_json.\(key) }}" }
        return "{{ value_json.\(key) if value_json.\(key) is not none and value_json.\(key) != 'unavailable' else none }}"
    }

    static func availabilityTemplate(_ key: String) -> String {
        "{{ 'offline' if value_json.\(key) == 'unavailable' else 'online' }}"
    }
}
