// The discovery messages against Home Assistant's documented schema, field by field, and the
// topics and ids they name: per component (`<prefix>/<component>/<node_id>/<object_id>/config`,
// what every release reads), every sensor and button of #31 sharing one device block, metric
// sensors unavailable through their own value while state and elapsed stay; the entities' names
// from Intents/<lang>/_responses.yaml (`homeAssistant:`), English, Japanese when the device is made with language .ja.

import CoachMQTT
import CoachWire
import Testing

@Suite struct HomeAssistantDiscoveryTests {
    let device = HomeAssistantDevice(topics: MQTTTopics(prefix: "homeassistant", nodeID: "coach_bike"), name: "Coach", version: "1.2.3")

    /// Each entity's payload by its object id.
    var payloads: [String: JSONValue] {
        Dictionary(uniqueKeysWithValues: device.discoveryMessages.map { (String($0.topic.split(separator: "/")[3]), $0.payload) })
    }

    @Test func theMessagesPassHomeAssistantsSchema() {
        #expect(HomeAssistantSchema.problems(device.discoveryMessages) == [])
    }

    @Test func theSchemaCheckCatchesWhatHomeAssistantRefuses() {
        let broken: [(topic: String, payload: JSONValue)] = [
            ("homeassistant/sensor/coach/a b/config", ["state_topic": "t/#/x", "device_class": "speed", "unit_of_measurement": "bpm",
                                                       "device": ["name": "x"], "origin": ["sw": "1"], "unique_id": "u"]),
            ("homeassistant/button/coach/btn/config", ["command_topic": "c/+", "device": ["identifiers": ["coach"]], "unique_id": "u",
                                                       "availability_topic": "a", "p": "button"]),
            ("homeassistant/device/coach/config", ["cmps": [:]]),
        ]
        let problems = HomeAssistantSchema.problems(broken)
        #expect(problems.contains("homeassistant/sensor/coach/a b/config: node and object ids are [a-zA-Z0-9_-]"))
        #expect(problems.contains("a b: device: identifiers must be a non-empty list of strings"))
        #expect(problems.contains("a b: origin: name is required"))
        #expect(problems.contains("a b: no availability"))
        #expect(problems.contains("a b: a sensor needs a state_topic"))
        #expect(problems.contains("btn: unique_id u used twice"))
        #expect(problems.contains("btn: platform belongs to device-based discovery"))
        #expect(problems.contains("btn: a button needs a command_topic without wildcards"))
        #expect(problems.contains("homeassistant/device/coach/config: not <prefix>/<sensor|button>/<node_id>/<object_id>/config"))
        #expect(problems.contains("the entities name 2 different device blocks"))
    }

    @Test func everyEntityNamesTheOneDeviceAndTheOrigin() {
        for (topic, payload) in device.discoveryMessages {
            #expect(payload["device"]?["identifiers"] == ["coach_bike"], "\(topic)")
            #expect(payload["device"]?["name"] == "Coach")
            #expect(payload["device"]?["sw_version"] == "1.2.3")
            #expect(payload["origin"]?["name"] == "coach")
        }
        #expect(device.discoveryTopic(HomeAssistantDevice.entities[3]) == "homeassistant/sensor/coach_bike/heart_rate/config")
        #expect(device.discoveryTopics.last == "homeassistant/device/coach_bike/config", "removal clears the device-based topic too")
    }

    @Test func everySensorAndButtonOfTheIssueIsThere() {
        let topics = Set(device.discoveryMessages.map(\.topic))
        for sensor in ["state", "activity", "elapsed", "heart_rate", "distance", "energy", "pace", "speed", "cadence", "power", "goal_progress"] {
            #expect(topics.contains("homeassistant/sensor/coach_bike/\(sensor)/config"), "\(sensor)")
        }
        for button in ["pause", "resume", "end", "lap"] {
            #expect(topics.contains("homeassistant/button/coach_bike/\(button)/config"), "\(button)")
            #expect(payloads[button]?["command_topic"] == "coach/coach_bike/command")
            #expect(payloads[button]?["payload_press"] == .string(button))
        }
        #expect(payloads["heart_rate"]?["unique_id"] == "coach_bike_heart_rate")
        // No object_id: Home Assistant names the entity from the device and entity names
        // (sensor.coach_heart_rate), as the documented dashboard card lists them.
        #expect(payloads["heart_rate"]?["object_id"] == nil)
        #expect(payloads["state"]?["options"]?.serialized().contains("auto_paused") == true)
    }

    @Test func everyEntityFollowsTheAvailabilityTopic() {
        for (key, payload) in payloads {
            guard case .array(let entries)? = payload["availability"] else { Issue.record("\(key): no availability"); continue }
            #expect(entries.first?["topic"] == "coach/coach_bike/availability", "\(key)")
        }
    }

    @Test func metricSensorsAreUnavailableThroughTheirOwnValueStateAndElapsedNever() {
        for metric in HomeAssistantDevice.metricKeys {
            let payload = payloads[metric]
            #expect(payload?["availability_mode"] == "all", "\(metric)")
            #expect(payload?["availability"]?.serialized().contains("value_json.\(metric) == 'unavailable'") == true, "\(metric)")
        }
        for plain in ["state", "elapsed", "activity"] {
            guard case .array(let entries)? = payloads[plain]?["availability"] else { Issue.record("\(plain)"); continue }
            #expect(entries.count == 1, "\(plain) stays available while locked")
        }
    }

    @Test func numbersNeverMeetTheWordUnavailable() {
        let heartRate = payloads["heart_rate"]?.serialized() ?? ""
        #expect(heartRate.contains(#"{{ value_json.heart_rate if value_json.heart_rate is not none and value_json.heart_rate != 'unavailable' else none }}"#))
        #expect(payloads["state"]?.serialized().contains(#""value_template":"{{ value_json.state }}""#) == true)
    }

    /// The names Home Assistant showed before they moved into Intents/en: unchanged.
    @Test func theEntitiesAreNamedFromTheVocabulary() {
        let names = Dictionary(uniqueKeysWithValues: payloads.map { ($0.key, $0.value["name"]?.stringValue ?? "") })
        #expect(names["state"] == "State" && names["heart_rate"] == "Heart rate" && names["energy"] == "Active energy")
        #expect(names["goal_progress"] == "Goal progress" && names["lap"] == "Lap")
        #expect(payloads["state"]?["device"]?["model"] == "Workout gateway")
        let japanese = HomeAssistantDevice(topics: MQTTTopics(prefix: "homeassistant", nodeID: "coach_bike"), language: .ja)
        let named = Dictionary(uniqueKeysWithValues: japanese.discoveryMessages.map {
            (String($0.topic.split(separator: "/")[3]), $0.payload["name"]?.stringValue ?? "")
        })
        #expect(named["heart_rate"] == "心拍数" && named["pause"] == "一時停止")
        for entity in HomeAssistantDevice.entities {
            #expect(named[entity.key] != entity.key && named[entity.key] != names[entity.key], "\(entity.key) has no Japanese name")
        }
        #expect(HomeAssistantSchema.problems(japanese.discoveryMessages) == [])
    }
}
