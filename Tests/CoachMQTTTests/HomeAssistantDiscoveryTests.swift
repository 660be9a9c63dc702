// The discovery message against Home Assistant's documented schema, field by field, and the
// topics and ids it names: device-based (`<prefix>/device/<node_id>/config`), every sensor and
// button of #31, metric sensors unavailable through their own value while state and elapsed stay.

import CoachMQTT
import CoachWire
import Testing

@Suite struct HomeAssistantDiscoveryTests {
    let device = HomeAssistantDevice(topics: MQTTTopics(prefix: "homeassistant", nodeID: "coach_bike"), name: "Coach", version: "1.2.3")

    @Test func thePayloadPassesHomeAssistantsSchema() throws {
        let parsed = try JSONValue(parsing: device.discoveryText)
        #expect(HomeAssistantSchema.problems(parsed) == [])
    }

    @Test func theSchemaCheckCatchesWhatHomeAssistantRefuses() throws {
        let broken: JSONValue = [
            "dev": ["name": "x"], "o": ["sw": "1"], "extra": 1,
            "cmps": ["a b": ["p": "sensor", "state_topic": "t/#/x", "device_class": "speed", "unit_of_measurement": "bpm"],
                     "btn": ["p": "button", "command_topic": "c/+"]],
        ]
        let problems = HomeAssistantSchema.problems(broken)
        #expect(problems.contains("root: unknown key extra"))
        #expect(problems.contains("device: identifiers must be a non-empty list of strings"))
        #expect(problems.contains("origin: name is required"))
        #expect(problems.contains("a b: object ids are [a-zA-Z0-9_-]"))
        #expect(problems.contains("a b: a sensor needs a state_topic"))
        #expect(problems.contains("btn: a button needs a command_topic without wildcards"))
    }

    @Test func deviceAndOriginNameCoach() throws {
        let parsed = try JSONValue(parsing: device.discoveryText)
        #expect(parsed["dev"]?["ids"] == ["coach_bike"])
        #expect(parsed["dev"]?["name"] == "Coach")
        #expect(parsed["dev"]?["sw"] == "1.2.3")
        #expect(parsed["o"]?["name"] == "coach")
        #expect(device.topics.discovery == "homeassistant/device/coach_bike/config")
    }

    @Test func everySensorAndButtonOfTheIssueIsThere() throws {
        let parsed = try JSONValue(parsing: device.discoveryText)
        guard case .object(let components)? = parsed["cmps"] else { Issue.record("no cmps"); return }
        let platforms = Dictionary(uniqueKeysWithValues: components.map { ($0.0, $0.1["p"]?.stringValue ?? "") })
        for sensor in ["state", "activity", "elapsed", "heart_rate", "distance", "energy", "pace", "speed", "cadence", "power", "goal_progress"] {
            #expect(platforms[sensor] == "sensor", "\(sensor)")
        }
        for button in ["pause", "resume", "end", "lap"] {
            #expect(platforms[button] == "button", "\(button)")
            #expect(parsed["cmps"]?[button]?["command_topic"] == "coach/coach_bike/command")
            #expect(parsed["cmps"]?[button]?["payload_press"] == .string(button))
        }
        #expect(parsed["cmps"]?["heart_rate"]?["unique_id"] == "coach_bike_heart_rate")
        #expect(parsed["cmps"]?["state"]?["options"]?.serialized().contains("auto_paused") == true)
    }

    @Test func everyEntityFollowsTheAvailabilityTopic() throws {
        let parsed = try JSONValue(parsing: device.discoveryText)
        guard case .object(let components)? = parsed["cmps"] else { Issue.record("no cmps"); return }
        for (key, component) in components {
            guard case .array(let entries)? = component["availability"] else { Issue.record("\(key): no availability"); continue }
            #expect(entries.first?["topic"] == "coach/coach_bike/availability", "\(key)")
        }
    }

    @Test func metricSensorsAreUnavailableThroughTheirOwnValueStateAndElapsedNever() throws {
        let parsed = try JSONValue(parsing: device.discoveryText)
        for metric in HomeAssistantDevice.metricKeys {
            let component = parsed["cmps"]?[metric]
            #expect(component?["availability_mode"] == "all", "\(metric)")
            #expect(component?["availability"]?.serialized().contains("value_json.\(metric) == 'unavailable'") == true, "\(metric)")
        }
        for plain in ["state", "elapsed", "activity"] {
            guard case .array(let entries)? = parsed["cmps"]?[plain]?["availability"] else { Issue.record("\(plain)"); continue }
            #expect(entries.count == 1, "\(plain) stays available while locked")
        }
    }

    @Test func numbersNeverMeetTheWordUnavailable() {
        #expect(HomeAssistantDevice.entities.first { $0.key == "heart_rate" } != nil)
        let payload = device.discoveryText
        #expect(payload.contains(#"{{ value_json.heart_rate if value_json.heart_rate is not none and value_json.heart_rate != 'unavailable' else none }}"#))
        #expect(payload.contains(#""value_template":"{{ value_json.state }}""#))
    }
}
