// The `class:` section: this gateway rides in a class on a shared broker (docs/class.md). Off
// unless `name` is set (or `coach serve --class NAME`). The broker is `url`, else the `mqtt:`
// section's (one broker for Home Assistant and the class is the common case at home; a gym's is
// set here).
//
//   class:
//     name: spin-0700                 # the class: topics coach/class/spin-0700/<rider>/…
//     rider: anna                     # this rider's name on the board (default: the host name)
//     url: mqtt://gym.local:1883      # default: mqtt.url

extension CoachSettings {
    public struct Class: Codable, Sendable, Equatable {
        public var name: String? = nil
        public var rider: String? = nil
        public var url: String? = nil

        public init() {}

        enum CodingKeys: String, CodingKey { case name, rider, url }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            name = try c.decodeIfPresent(String.self, forKey: .name)
            rider = try c.decodeIfPresent(String.self, forKey: .rider)
            url = try c.decodeIfPresent(String.self, forKey: .url)
            for (key, value) in [(CodingKeys.name, name), (.rider, rider)] {
                if let value, !Self.isTopicName(value) {
                    throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "letters, digits, _ and - only")
                }
            }
        }

        /// One topic level a person can type: no wildcard, no slash, nothing a shell would mangle.
        public static func isTopicName(_ text: String) -> Bool {
            !text.isEmpty && text.count <= 64 && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
        }
    }
}
