// The `wyoming:` section: the Wyoming intent and handle service for Home Assistant's Assist
// (docs/integrations/wyoming.md). Off unless `listen` is set (or `coach serve --wyoming`).
//
//   wyoming:
//     listen: tcp://127.0.0.1:10700

extension CoachSettings {
    public struct Wyoming: Codable, Sendable, Equatable {
        public var listen: String? = nil

        public init() {}
    }
}
