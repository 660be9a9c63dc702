// The settings file's `sensors` and `heart_rate` sections (docs/sensors.md), and rewriting just the
// `sensors` section when `coach sensor add`/`remove` change it, keeping every other key as it was.

import CoachWire
import Foundation
import Yams

extension CoachSettings {
    /// One remembered Bluetooth sensor.
    public struct Sensor: Codable, Sendable, Equatable {
        /// "C0:FF:EE:00:00:01".
        public var address: String
        public var name: String?
        /// heartRate, power, speed or cadence; nil: every metric it reports.
        public var role: String?
        /// Metres per wheel revolution (speed from CSC sensors and power meters).
        public var wheelCircumference: Double?

        public init(address: String, name: String? = nil, role: String? = nil, wheelCircumference: Double? = nil) {
            self.address = address
            self.name = name
            self.role = role
            self.wheelCircumference = wheelCircumference
        }

        enum CodingKeys: String, CodingKey { case address, name, role = "as", wheelCircumference = "wheel_circumference" }
    }

    /// Heart-rate zones come from `max` when set, else from `age` (Tanaka: 208 − 0.7 × age).
    public struct HeartRate: Codable, Sendable, Equatable {
        public var max: Int?
        public var age: Int?

        public init(max: Int? = nil, age: Int? = nil) {
            self.max = max
            self.age = age
        }
    }

    /// Writes `sensors` into the settings file at `path`, leaving every other key untouched (the
    /// file's comments are not kept: the YAML library does not carry them).
    public static func saveSensors(_ sensors: [Sensor], path: String = defaultPath()) throws(SettingsError) {
        do {
            let existing = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } ?? ""
            _ = try parse(existing, path: path)  // refuse to rewrite a file that does not load
            var root: Node = try Yams.compose(yaml: existing) ?? Node.mapping(Node.Mapping([]))
            guard case .mapping(var mapping) = root else {
                throw SettingsError(path: path, reason: "the file is not a mapping of keys")
            }
            let encoded = try Yams.compose(yaml: try YAMLEncoder().encode(sensors)) ?? Node.sequence(Node.Sequence([]))
            mapping[Node("sensors")] = sensors.isEmpty ? nil : encoded
            root = .mapping(mapping)
            let text = try Yams.serialize(node: root)
            try DurableFile.createDirectory((path as NSString).deletingLastPathComponent)
            do { try DurableFile.write(text, to: path) } catch {
                throw SettingsError(path: path, reason: "cannot replace the file: \(error)")
            }
        } catch let error as SettingsError {
            throw error
        } catch {
            throw SettingsError(path: path, reason: "\(error)")
        }
    }
}
