// What a start does: publish what is wanted, take off what MQTT no longer names, and remember.

import CoachMQTT
import Testing

@Suite struct MQTTPlanTests {
    static func device(_ url: String = "mqtt://b:1883", node: String = "n1") -> MQTTRememberedDevice {
        MQTTRememberedDevice(url: url, caFile: nil, prefix: "homeassistant", nodeID: node)
    }

    @Test func nothingWantedNothingRemembered() {
        #expect(MQTTPlan(wanted: nil, remembered: nil) == MQTTPlan(wanted: nil, remembered: nil))
        #expect(MQTTPlan(wanted: nil, remembered: nil).publish == nil)
        #expect(MQTTPlan(wanted: nil, remembered: nil).remove == nil)
    }

    @Test func turnedOffRemovesTheRememberedDeviceAndForgetsIt() {
        let plan = MQTTPlan(wanted: nil, remembered: Self.device())
        #expect(plan.remove == Self.device())
        #expect(plan.publish == nil)
        #expect(plan.remember == nil)
    }

    @Test func theSameDeviceIsKeptEvenWithANewPassword() {
        let plan = MQTTPlan(wanted: Self.device("mqtt://u:new@b:1883"), remembered: Self.device("mqtt://u:old@b:1883"))
        #expect(plan.remove == nil)
        #expect(plan.remember == Self.device("mqtt://u:new@b:1883"))
    }

    @Test func aMovedDeviceIsRemovedFromWhereItWas() {
        let plan = MQTTPlan(wanted: Self.device(node: "n2"), remembered: Self.device(node: "n1"))
        #expect(plan.remove == Self.device(node: "n1"))
        #expect(plan.publish == Self.device(node: "n2"))
        let broker = MQTTPlan(wanted: Self.device("mqtt://other:1883"), remembered: Self.device())
        #expect(broker.remove == Self.device())
    }
}
