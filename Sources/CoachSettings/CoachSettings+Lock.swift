// The `lock:` section: what the privacy lock follows besides `coach lock` (docs/status-feed.md,
// "Privacy: locked"). Off by default; `coach serve --lock-follow logind` asks for it too.
//
//   lock:
//     follow: logind     # hide metrics while the login session's screen is locked

extension CoachSettings {
    public struct Lock: Codable, Sendable, Equatable {
        public enum Follow: String, Codable, Sendable, CaseIterable {
            /// Only `coach lock` / `coach unlock`.
            case off
            /// systemd-logind's LockedHint of the user's session, over the system bus.
            case logind
        }

        public var follow: Follow = .off

        public init() {}

        enum CodingKeys: String, CodingKey { case follow }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            follow = try c.decodeIfPresent(Follow.self, forKey: .follow) ?? .off
        }
    }
}
