// Test support: Home Assistant's documented schema for per-component MQTT discovery, as checks the
// messages must pass — each topic `<prefix>/<component>/<node_id>/<object_id>/config` with ids of
// [a-zA-Z0-9_-], each payload the component's keys plus the `device` and `origin` objects, and per
// platform (sensor, button) the keys, device classes, units and state classes HA's sensor
// integration accepts; unique ids unique and one device block for all. Abbreviations are expanded
// first, as HA does. Returns every problem found, so a failure names them all.

import CoachWire

enum HomeAssistantSchema {
    static let componentAbbreviations = ["p": "platform", "uniq_id": "unique_id", "stat_t": "state_topic", "val_tpl": "value_template",
                                         "dev_cla": "device_class", "unit_of_meas": "unit_of_measurement", "stat_cla": "state_class",
                                         "cmd_t": "command_topic", "pl_prs": "payload_press", "avty": "availability",
                                         "avty_mode": "availability_mode", "ic": "icon", "ops": "options", "dev": "device", "o": "origin",
                                         "obj_id": "object_id"]
    static let deviceAbbreviations = ["ids": "identifiers", "mf": "manufacturer", "mdl": "model", "sw": "sw_version",
                                      "hw": "hw_version", "cu": "configuration_url", "sa": "suggested_area"]
    static let originAbbreviations = ["sw": "sw_version", "url": "support_url"]

    static let deviceKeys: Set<String> = ["identifiers", "connections", "manufacturer", "model", "name", "hw_version",
                                          "serial_number", "sw_version", "via_device", "suggested_area", "configuration_url"]
    static let originKeys: Set<String> = ["name", "sw_version", "support_url"]
    static let availabilityKeys: Set<String> = ["topic", "payload_available", "payload_not_available", "value_template"]
    static let commonKeys: Set<String> = ["unique_id", "name", "icon", "availability", "availability_mode",
                                          "availability_topic", "availability_template", "payload_available",
                                          "payload_not_available", "qos", "enabled_by_default", "entity_category",
                                          "json_attributes_topic", "json_attributes_template", "object_id",
                                          "encoding", "entity_picture", "device", "origin"]
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

    /// Every problem of a device's discovery messages (topic, payload).
    static func problems(_ messages: [(topic: String, payload: JSONValue)]) -> [String] {
        guard !messages.isEmpty else { return ["no discovery messages"] }
        var problems: [String] = []
        var uniqueIDs = Set<String>()
        var devices = Set<String>()
        for (topic, payload) in messages {
            let levels = topic.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            guard levels.count == 5, levels.last == "config", ["sensor", "button"].contains(levels[1]) else {
                problems.append("\(topic): not <prefix>/<sensor|button>/<node_id>/<object_id>/config"); continue
            }
            let id = levels[3]
            if !isObjectID(levels[2]) || !isObjectID(id) { problems.append("\(topic): node and object ids are [a-zA-Z0-9_-]") }
            guard case .object(let raw) = payload else { problems.append("\(id): not an object"); continue }
            var component = expand(raw, componentAbbreviations)
            if case .object(let rawDevice)? = component["device"] {
                let device = expand(rawDevice, deviceAbbreviations)
                for key in device.keys where !deviceKeys.contains(key) { problems.append("\(id): device: unknown key \(key)") }
                if case .array(let ids)? = device["identifiers"], !ids.isEmpty, ids.allSatisfy({ $0.stringValue != nil }) {} else {
                    problems.append("\(id): device: identifiers must be a non-empty list of strings")
                }
                for key in ["manufacturer", "model", "name", "sw_version"] where device[key].map({ $0.stringValue == nil }) ?? false {
                    problems.append("\(id): device: \(key) must be a string")
                }
                devices.insert(JSONValue.object(rawDevice).serialized())
            } else {
                problems.append("\(id): device is required (it groups the entities as one device)")
            }
            if case .object(let rawOrigin)? = component["origin"] {
                let origin = expand(rawOrigin, originAbbreviations)
                for key in origin.keys where !originKeys.contains(key) { problems.append("\(id): origin: unknown key \(key)") }
                if origin["name"]?.stringValue?.isEmpty != false { problems.append("\(id): origin: name is required") }
            }
            if let unique = component["unique_id"]?.stringValue {
                if !uniqueIDs.insert(unique).inserted { problems.append("\(id): unique_id \(unique) used twice") }
            } else {
                problems.append("\(id): unique_id is required (a device needs it)")
            }
            if component["availability"] == nil, component["availability_topic"] == nil { problems.append("\(id): no availability") }
            // The platform is the topic's; a payload does not name it.
            if component["platform"] != nil { problems.append("\(id): platform belongs to device-based discovery") }
            component["platform"] = .string(levels[1])
            problems += check(component, id: id, inheritedState: nil, inheritedCommand: nil)
        }
        if devices.count > 1 { problems.append("the entities name \(devices.count) different device blocks") }
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
        for key in c.keys where key != "platform" && !allowed.contains(key) { problems.append("\(id): \(key) is not a \(platform!) option") }
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
