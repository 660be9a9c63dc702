// Who wrote a sample or a workout, as HealthKit's HKSourceRevision and HKDevice: the client (name
// and version) and, when known, the device that measured it (a BLE sensor, a FIT file's watch, a
// mirror's host). Optional on every record: rows written before sources existed have none.

/// The program that wrote a sample or workout, and the device it came from.
public struct SampleSource: Sendable, Hashable, Codable {
    /// The client's name: "coach" for the user's own REPL and commands, else what the client
    /// said in `hello` (or, under the `ask` policy, its executable's name).
    public var name: String
    public var version: String?
    public var device: SampleDevice?

    public init(name: String, version: String? = nil, device: SampleDevice? = nil) {
        self.name = name
        self.version = version
        self.device = device
    }

    /// The same source measured by `device`.
    public func measured(by device: SampleDevice?) -> SampleSource {
        var copy = self
        copy.device = device ?? self.device
        return copy
    }
}

/// The hardware that measured a value (HKDevice): a sensor's name and model, a watch's maker.
public struct SampleDevice: Sendable, Hashable, Codable {
    public var name: String?
    public var model: String?
    public var manufacturer: String?

    public init(name: String? = nil, model: String? = nil, manufacturer: String? = nil) {
        self.name = name
        self.model = model
        self.manufacturer = manufacturer
    }

    /// Nil when nothing is known, so an empty device is never stored.
    public var nonEmpty: SampleDevice? { name == nil && model == nil && manufacturer == nil ? nil : self }
}
