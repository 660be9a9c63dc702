// What `sensors` and `sensors.reload` answer (docs/sensors.md): whether the gateway's sensor link
// runs and each remembered sensor's state. `coach sensor list` reads it, and the start's countdown
// (SensorReadiness) tells from it which sensors are connected.

public struct SensorsResult: WireMessage {
    public var running: Bool
    /// nil only in `sensors.reload`'s answer from a gateway without a sensor link.
    public var sensors: [WireSensor]?

    public init(running: Bool, sensors: [WireSensor]? = []) {
        self.running = running
        self.sensors = sensors
    }

    public init(json: JSONValue) throws(WireDecodingError) {
        let fields = try WireFields(json)
        self.init(running: try fields.bool("running"), sensors: try fields.optionalMessages("sensors"))
    }

    public var json: JSONValue {
        var out = WireMembers()
        out.add("running", running)
        out.add("sensors", sensors.map { JSONValue.array($0.map(\.json)) })
        return out.json
    }
}

/// One remembered sensor: its address, the name it reports, the role it was remembered for, and
/// how it is doing.
public struct WireSensor: WireMessage {
    public var address: String
    public var name: String?
    /// heartRate, power, cadence, speed…; nil when remembered without one.
    public var role: String?
    /// "searching", "connecting", "connected", "waiting to reconnect", "failed: …"
    public var state: String
    public var connected: Bool
    /// Per cent.
    public var batteryLevel: Int?
    /// The GATT services it offers (heartRate, cyclingPower…); nil in `coach sensor list --json`
    /// for a sensor the gateway does not know.
    public var services: [String]?
    /// To a tenth.
    public var secondsSinceLastReading: Double?

    public init(address: String, name: String? = nil, role: String? = nil, state: String, connected: Bool = false,
                batteryLevel: Int? = nil, services: [String]? = [], secondsSinceLastReading: Double? = nil) {
        self.address = address
        self.name = name
        self.role = role
        self.state = state
        self.connected = connected
        self.batteryLevel = batteryLevel
        self.services = services
        self.secondsSinceLastReading = secondsSinceLastReading
    }

    public init(json: JSONValue) throws(WireDecodingError) {
        let fields = try WireFields(json)
        self.init(address: try fields.string("address"), name: try fields.optionalString("name"), role: try fields.optionalString("role"),
                  state: try fields.string("state"), connected: try fields.optionalBool("connected") ?? false,
                  batteryLevel: try fields.optionalInteger("batteryLevel"), services: try fields.optionalStrings("services"),
                  secondsSinceLastReading: try fields.optionalNumber("secondsSinceLastReading"))
    }

    public var json: JSONValue {
        var out = WireMembers()
        out.add("address", address)
        out.add("name", JSONValue.optional(name))
        out.add("role", JSONValue.optional(role))
        out.add("state", state)
        out.add("connected", connected)
        out.add("batteryLevel", batteryLevel.map { JSONValue.number(Double($0)) } ?? .null)
        out.add("services", services)
        out.add("secondsSinceLastReading", secondsSinceLastReading)
        return out.json
    }
}
