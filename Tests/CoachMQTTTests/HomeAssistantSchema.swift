// Test support: Home Assistant's documented schema for device-based MQTT discovery, as checks a
// payload must pass — the device-discovery root (`dev`, `o`, `cmps` required; nothing unknown),
// the device and origin objects, and per platform (sensor, button) the keys, device classes,
// units and state classes HA's sensor integration accepts. Abbreviations are expanded first, as
// HA does. Returns every problem found, so a failure names them all.

import CoachWire

enum HomeAssistantSchema {
    static let rootAbbreviations = ["dev": "device", "o": "origin", "cmps": "components", "stat_t": "state_topic",
                                    "cmd_t": "command_topic", "avty": "availability", "avty_t": "availability_topic"]
    static let componentAbbreviations = ["p": "platform", "uniq_id": "unique_id", "stat_t": "state_topic", "val_tpl": "value_template",
                                         "dev_cla": "device_class", "unit_of_meas": "unit_of_measurement", "stat_cla": "state_class",
                                         "cmd_t": "command_topic", "pl_prs": "payload_press", "avty": "availability",
                                         "avty_mode": "availability_mode", "ic": "icon", "ops": "options"]
    static let deviceAbbreviations = ["ids": "identifiers", "mf": "manufacturer", "mdl": "model", "sw": "sw_version",
                                      "hw": "hw_version", "cu": "configuration_url", "sa": "suggested_area"]
    static let originAbbreviations = ["sw": "sw_version", "url": "support_url"]

    /// DEVICE_DISCOVERY_SCHEMA's keys (HA's mqtt/schemas.py).
    static let rootKeys: Set<String> = ["device", "origin", "components", "state_topic", "command_topic", "qos", "encoding",
                                        "availability", "availability_mode", "availability_template", "availability_topic",
                                        "payload_available", "payload_not_available", "~"]
    static let deviceKeys: Set<String> = ["identifiers", "connections", "manufacturer", "model", "name", "hw_version",
                                          "serial_number", "sw_version", "via_device", "suggested_area", "configuration_url"]
    static let originKeys: Set<String> = ["name", "sw_version", "support_url"]
    static let availabilityKeys: Set<String> = ["topic", "payload_available", "payload_not_available", "value_template"]
    static let commonKeys: Set<String> = ["platform", "unique_id", "name", "icon", "availability", "availability_mode",
                                          "availability_topic", "availability_template", "payload_available",
                                          "payload_not_available", "qos", "enabled_by_default", "entity_category",
                                          "json_attributes_topic", "json_attributes_template", "object_id", "default_entity_id",
                                          "encoding", "entity_picture"]
    static let sensorKeys: Set<String> = commonKeys.union(["state_topic", "value_template", "device_class", "unit_of_measurement",
                                                           "state_class", "options", "expire_after", "force_update",
                                                           "last_reset_value_template", "suggested_display_precision"])
    static let buttonKeys: Set<String> = commonKeys.union(["command_topic", "command_template", "payload_press", "device_class", "retain"])

    /// Units HA accepts per sensor device class (sensor/const.py, DEVICE_CLASS_UNITS), for the
    /// classes Coach uses.
    static let units: [String: Set<String>] = [
        "distance": ["km", "m", "cm", "mm", "mi", "nmi", "yd", "ft", "in"],
        "duration": ["d", "h", "min", "s", "ms"],
        "speed": ["km/h", "m/s", "mph", "kn", "ft/s", "mm/d", "in/d", "in/h", "mm/h", "Beaufort"],
        "power": ["mW", "W", "kW", "MW", "GW", "TW"],
    ]
    /// State classes HA accepts per device class (DEVICE_CLASS_STATE_CLASSES); enum takes none.
    static let stateClasses: [String: Set<String>] = [
        "distance": ["measurement", "total", "total_increasing"], "duration": ["measurement", "total", "total_increasing"],
        "speed": ["measurement"], "power": ["measurement"], "enum": [],
    ]
    static let allStateClasses: Set<String> = ["measurement", "measurement_angle", "total", "total_increasing"]
    static let buttonDeviceClasses: Set<String> = ["identify", "restart", "update"]

    static func problems(_ payload: JSONValue) -> [String] {
        var problems: [String] = []
        guard case .object(let rawRoot) = payload else { return ["the payload is not an object"] }
        let root = expand(rawRoot, rootAbbreviations)
        for key in root.keys where !rootKeys.contains(key) { problems.append("root: unknown key \(key)") }
        if case .object(let raw)? = root["device"] {
            let device = expand(raw, deviceAbbreviations)
            for key in device.keys where !deviceKeys.contains(key) { problems.append("device: unknown key \(key)") }
            if case .array(let ids)? = device["identifiers"], !ids.isEmpty, ids.allSatisfy({ $0.stringValue != nil }) {} else {
                problems.append("device: identifiers must be a non-empty list of strings")
            }
            for key in ["manufacturer", "model", "name", "sw_version"] where device[key].map({ $0.stringValue == nil }) ?? false {
                problems.append("device: \(key) must be a string")
            }
        } else {
            problems.append("device (dev) is required")
        }
        if case .object(let raw)? = root["origin"] {
            let origin = expand(raw, originAbbreviations)
            for key in origin.keys where !originKeys.contains(key) { problems.append("origin: unknown key \(key)") }
            if origin["name"]?.stringValue?.isEmpty != false { problems.append("origin: name is required") }
        } else {
            problems.append("origin (o) is required")
        }
        guard case .object(let components)? = root["components"], !components.isEmpty else {
            return problems + ["components (cmps) is required and not empty"]
        }
        var uniqueIDs = Set<String>()
        for (id, value) in components {
            if !isObjectID(id) { problems.append("\(id): object ids are [a-zA-Z0-9_-]") }
            guard case .object(let raw) = value else { problems.append("\(id): not an object"); continue }
            let component = expand(raw, componentAbbreviations)
            if let unique = component["unique_id"]?.stringValue, !uniqueIDs.insert(unique).inserted {
                problems.append("\(id): unique_id \(unique) used twice")
            }
            problems += check(component, id: id, inheritedState: root["state_topic"], inheritedCommand: root["command_topic"])
        }
        return problems
    }

    static func check(_ c: [String: JSONValue], id: String, inheritedState: JSONValue?, inheritedCommand: JSONValue?) -> [String] {
        var problems: [String] = []
        let platform = c["platform"]?.stringValue
        let allowed: Set<String>
        switch platform {
        case "sensor": allowed = sensorKeys
        case "button": allowed = buttonKeys
        default: return ["\(id): platform (p) must be sensor or button here, not \(platform ?? "missing")"]
        }
        for key in c.keys where !allowed.contains(key) { problems.append("\(id): \(key) is not a \(platform!) option") }
        if c["availability"] != nil, c["availability_topic"] != nil { problems.append("\(id): availability and availability_topic exclude each other") }
        if let mode = c["availability_mode"]?.stringValue, !["all", "any", "latest"].contains(mode) { problems.append("\(id): availability_mode \(mode)") }
        if let list = c["availability"] {
            guard case .array(let entries) = list, !entries.isEmpty else { return problems + ["\(id): availability must be a list"] }
            for entry in entries {
                guard case .object(let members) = entry, let topic = entry["topic"]?.stringValue, isTopic(topic, publish: false) else {
                    problems.append("\(id): each availability entry needs a topic"); continue
                }
                for (key, _) in members where !availabilityKeys.contains(key) { problems.append("\(id): availability key \(key)") }
                if let template = entry["value_template"], !isTemplate(template) { problems.append("\(id): availability template") }
            }
        }
        if platform == "sensor" {
            guard let topic = (c["state_topic"] ?? inheritedState)?.stringValue, isTopic(topic, publish: false) else {
                return problems + ["\(id): a sensor needs a state_topic"]
            }
            if let template = c["value_template"], !isTemplate(template) { problems.append("\(id): value_template is not a template") }
            let deviceClass = c["device_class"]?.stringValue
            let unit = c["unit_of_measurement"]?.stringValue
            let stateClass = c["state_class"]?.stringValue
            if let stateClass, !allStateClasses.contains(stateClass) { problems.append("\(id): state_class \(stateClass)") }
            if deviceClass == "enum" {
                if unit != nil || stateClass != nil { problems.append("\(id): an enum sensor has no unit or state class") }
                guard case .array(let options)? = c["options"], !options.isEmpty, options.allSatisfy({ $0.stringValue != nil }) else {
                    return problems + ["\(id): an enum sensor needs options"]
                }
            } else if c["options"] != nil {
                problems.append("\(id): options only with device_class enum")
            }
            if let deviceClass, deviceClass != "enum" {
                guard let valid = units[deviceClass] else { return problems + ["\(id): device class \(deviceClass) not checked here"] }
                if let unit, !valid.contains(unit) { problems.append("\(id): \(unit) is not a unit of \(deviceClass)") }
                if unit == nil { problems.append("\(id): device class \(deviceClass) needs a unit") }
                if let stateClass, stateClasses[deviceClass]?.contains(stateClass) != true {
                    problems.append("\(id): state class \(stateClass) is not allowed for \(deviceClass)")
                }
            }
        } else {
            guard let topic = (c["command_topic"] ?? inheritedCommand)?.stringValue, isTopic(topic, publish: true) else {
                return problems + ["\(id): a button needs a command_topic without wildcards"]
            }
            if let deviceClass = c["device_class"]?.stringValue, !buttonDeviceClasses.contains(deviceClass) {
                problems.append("\(id): button device class \(deviceClass)")
            }
            if let press = c["payload_press"], press.stringValue == nil { problems.append("\(id): payload_press must be a string") }
        }
        return problems
    }

    static func expand(_ members: [(String, JSONValue)], _ abbreviations: [String: String]) -> [String: JSONValue] {
        var result: [String: JSONValue] = [:]
        for (key, value) in members { result[abbreviations[key] ?? key] = value }
        return result
    }

    static func isObjectID(_ text: String) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
    }

    /// HA's valid_publish_topic / valid_subscribe_topic: non-empty UTF-8 under 64 KiB, no NUL; a
    /// publish topic has no wildcard, a subscribe topic uses them only as whole levels.
    static func isTopic(_ topic: String, publish: Bool) -> Bool {
        guard !topic.isEmpty, topic.utf8.count <= 65_535, !topic.contains("\0") else { return false }
        if publish { return !topic.contains("+") && !topic.contains("#") }
        let levels = topic.split(separator: "/", omittingEmptySubsequences: false)
        for (index, level) in levels.enumerated() {
            if level.contains("#"), level != "#" || index != levels.count - 1 { return false }
            if level.contains("+"), level != "+" { return false }
        }
        return true
    }

    static func isTemplate(_ value: JSONValue) -> Bool {
        guard let text = value.stringValue else { return false }
        return text.contains("{{") && text.contains("}}")
    }
}
