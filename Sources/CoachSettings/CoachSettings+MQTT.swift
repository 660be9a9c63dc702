// The `mqtt:` section: Home Assistant over an MQTT broker (docs/integrations/home-assistant.md).
// Off unless `url` is set (or `coach serve --mqtt URL`). `enabled: false` keeps the URL but turns
// the bridge off, which also removes the device from Home Assistant (an empty retained config).
//
//   mqtt:
//     url: mqtt://user:pass@broker.local:1883   # mqtts://… for TLS
//     prefix: homeassistant                      # Home Assistant's discovery prefix
//     node_id: coach_bike                        # default: coach_<host name>
//     name: Coach                                # the device's name in Home Assistant
//     ca_file: /etc/ssl/certs/my-ca.pem          # mqtts: the CA to trust (default: the system's)
//     language: ja                               # the entities' names in Home Assistant: en (default) or ja
//     enabled: true

import CoachWire

extension CoachSettings {
    public struct MQTT: Codable, Sendable, Equatable {
        public var url: String? = nil
        public var prefix = "homeassistant"
        public var nodeID: String? = nil
        public var name = "Coach"
        public var caFile: String? = nil
        /// The language of the entities' names in Home Assistant (`homeAssistant:` in Intents/<lang>/).
        public var language = Language.en
        public var enabled = true

        public init() {}

        enum CodingKeys: String, CodingKey {
            case url, prefix, nodeID = "node_id", name, caFile = "ca_file", language, enabled
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            let d = MQTT()
            url = try c.decodeIfPresent(String.self, forKey: .url)
            prefix = try c.decodeIfPresent(String.self, forKey: .prefix) ?? d.prefix
            nodeID = try c.decodeIfPresent(String.self, forKey: .nodeID)
            name = try c.decodeIfPresent(String.self, forKey: .name) ?? d.name
            caFile = try c.decodeIfPresent(String.self, forKey: .caFile)
            let languageName = try c.decodeIfPresent(String.self, forKey: .language) ?? d.language.rawValue
            enabled = try c.decodeIfPresent(Bool.self, forKey: .enabled) ?? d.enabled
            // Topic levels: no wildcard, no empty level (HA's own rule for the discovery prefix).
            guard !prefix.isEmpty, !prefix.contains(where: { "#+".contains($0) }), !prefix.hasPrefix("/"), !prefix.hasSuffix("/") else {
                throw DecodingError.dataCorruptedError(forKey: .prefix, in: c, debugDescription: "a topic such as homeassistant (no + or #)")
            }
            guard let language = Language(rawValue: languageName) else {
                throw DecodingError.dataCorruptedError(forKey: .language, in: c,
                                                       debugDescription: Language.allCases.map(\.rawValue).joined(separator: " or "))
            }
            self.language = language
            if let nodeID, nodeID.isEmpty || !nodeID.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }) {
                throw DecodingError.dataCorruptedError(forKey: .nodeID, in: c, debugDescription: "letters, digits, _ and - only")
            }
        }
    }
}
