// The `http:` section: the browser display (docs/web.md). Off unless `listen` is set (or
// `coach serve --http`); commands from the page off unless `commands: true`.
//
//   http:
//     listen: 127.0.0.1:8787
//     commands: true       # the page's pause/resume button (POST /command)
//     public: false        # a non-loopback listen address needs this (or --http-public)
//     max_clients: 64      # event streams at once; one more is answered 503
//     heartbeat: 15        # seconds between SSE heartbeats

extension CoachSettings {
    public struct Http: Codable, Sendable, Equatable {
        public var listen: String? = nil
        public var commands = false
        public var isPublic = false
        public var maxClients = 64
        public var heartbeat: Double = 15

        public init() {}

        enum CodingKeys: String, CodingKey {
            case listen, commands, isPublic = "public", maxClients = "max_clients", heartbeat
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            let d = Http()
            listen = try c.decodeIfPresent(String.self, forKey: .listen)
            commands = try c.decodeIfPresent(Bool.self, forKey: .commands) ?? d.commands
            isPublic = try c.decodeIfPresent(Bool.self, forKey: .isPublic) ?? d.isPublic
            maxClients = try c.decodeIfPresent(Int.self, forKey: .maxClients) ?? d.maxClients
            heartbeat = try c.decodeIfPresent(Double.self, forKey: .heartbeat) ?? d.heartbeat
            guard (1...10_000).contains(maxClients) else {
                throw DecodingError.dataCorruptedError(forKey: .maxClients, in: c, debugDescription: "must be 1 to 10000")
            }
            guard heartbeat >= 0.05, heartbeat <= 3600 else {
                throw DecodingError.dataCorruptedError(forKey: .heartbeat, in: c, debugDescription: "must be 0.05 to 3600 seconds")
            }
        }
    }
}
