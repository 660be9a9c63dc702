// What a gateway remembers of the device it last put on a broker, so that turning MQTT off
// (deleting `mqtt.url`, or `enabled: false`) can take the device off Home Assistant even though
// the settings no longer say where it was. One small file in the state directory, 0600: the URL
// may carry a password, as the settings file does. MQTTPlan decides what a start does with it.

import Foundation

public struct MQTTRememberedDevice: Codable, Sendable, Hashable {
    public var url: String
    public var caFile: String?
    public var prefix: String
    public var nodeID: String

    public init(url: String, caFile: String?, prefix: String, nodeID: String) {
        self.url = url
        self.caFile = caFile
        self.prefix = prefix
        self.nodeID = nodeID
    }

    enum CodingKeys: String, CodingKey { case url, caFile = "ca_file", prefix, nodeID = "node_id" }

    public static func path(stateDirectory: String) -> String { stateDirectory + "/mqtt-device.json" }

    public static func read(stateDirectory: String) -> MQTTRememberedDevice? {
        guard let data = FileManager.default.contents(atPath: path(stateDirectory: stateDirectory)) else { return nil }
        return try? JSONDecoder().decode(MQTTRememberedDevice.self, from: data)
    }

    public func write(stateDirectory: String) {
        guard let data = try? JSONEncoder().encode(self) else { return }
        try? FileManager.default.createDirectory(atPath: stateDirectory, withIntermediateDirectories: true)
        let path = Self.path(stateDirectory: stateDirectory)
        _ = FileManager.default.createFile(atPath: path, contents: data, attributes: [.posixPermissions: 0o600])
    }

    public static func forget(stateDirectory: String) {
        try? FileManager.default.removeItem(atPath: path(stateDirectory: stateDirectory))
    }

    /// The same device on the same broker (a changed password is still the same device).
    func isSameDevice(as other: MQTTRememberedDevice) -> Bool {
        guard prefix == other.prefix, nodeID == other.nodeID,
              let mine = try? MQTTEndpoint(url: url), let theirs = try? MQTTEndpoint(url: other.url) else { return false }
        return mine.host == theirs.host && mine.port == theirs.port
    }
}

/// What a gateway's start does about MQTT, from what the settings want and what it remembers.
public struct MQTTPlan: Sendable, Hashable {
    /// Put this device on its broker.
    public var publish: MQTTRememberedDevice?
    /// Take this one off first (MQTT turned off, or the device moved to another broker or id).
    public var remove: MQTTRememberedDevice?
    /// What to remember from now on (nil: forget, once the removal got through).
    public var remember: MQTTRememberedDevice?

    public init(wanted: MQTTRememberedDevice?, remembered: MQTTRememberedDevice?) {
        publish = wanted
        remember = wanted
        if let remembered, wanted.map({ !remembered.isSameDevice(as: $0) }) ?? true {
            remove = remembered
        }
    }
}
