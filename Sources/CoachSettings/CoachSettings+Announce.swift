// The `announce:` section: what a workout announces on its own and which figures each announcement
// says (docs/settings.md). Each whole kilometre or mile is on by default; every N minutes is off.
//
//   announce:
//     distance: true              # each km (or mile, with units: mi)
//     minutes: 5                  # every 5 minutes of active time
//     say: [pace, heartRate]      # what each of those adds

extension CoachSettings {
    public struct Announce: Codable, Sendable, Equatable {
        /// The figures `say` may name, in the order they are said when listed so.
        public static let statistics = ["elapsed", "distance", "pace", "speed", "heartRate", "power", "cadence", "energy"]

        public var distance = true
        public var minutes: Int?
        public var say: [String] = []

        public init() {}

        enum CodingKeys: String, CodingKey { case distance, minutes, say }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            distance = try c.decodeIfPresent(Bool.self, forKey: .distance) ?? true
            minutes = try c.decodeIfPresent(Int.self, forKey: .minutes)
            say = try c.decodeIfPresent([String].self, forKey: .say) ?? []
            if let minutes, !(1...240).contains(minutes) {
                throw DecodingError.dataCorruptedError(forKey: .minutes, in: c, debugDescription: "minutes from 1 to 240")
            }
            if let unknown = say.first(where: { !Self.statistics.contains($0) }) {
                throw DecodingError.dataCorruptedError(forKey: .say, in: c,
                    debugDescription: "'\(unknown)' is not a figure; use \(Self.statistics.joined(separator: ", "))")
            }
        }
    }
}
