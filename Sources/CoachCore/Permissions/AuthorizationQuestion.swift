// The question a client's `authorization.request` puts to the user (HealthKit's sheet, here a line
// above the REPL's prompt) and the answers it takes: y allows everything asked, n or Enter denies
// it, "choose" goes type by type.

/// One pending request, for the user to answer.
public struct AuthorizationQuestion: Sendable, Hashable, Codable {
    public var id: Int
    public var client: String
    public var version: String?
    /// Only the types still undecided: a type already answered is never asked again.
    public var share: [AuthorizationType]
    public var read: [AuthorizationType]

    public init(id: Int, client: String, version: String? = nil, share: [AuthorizationType], read: [AuthorizationType]) {
        self.id = id
        self.client = client
        self.version = version
        self.share = share
        self.read = read
    }

    /// "hr-bridge would like to write heart rate and read workouts. Allow? [y/N/choose]"
    public var text: String {
        var wants: [String] = []
        if !share.isEmpty { wants.append("write " + Self.list(share.map(\.spokenName))) }
        if !read.isEmpty { wants.append("read " + Self.list(read.map(\.spokenName))) }
        return "\(client) would like to \(Self.list(wants)). Allow? [y/N/choose]"
    }

    /// The questions of "choose", one per type: "write heart rate?".
    public var choices: [(access: PermissionAccess, type: AuthorizationType, text: String)] {
        share.map { (PermissionAccess.share, $0, "write \($0.spokenName)?") }
            + read.map { (PermissionAccess.read, $0, "read \($0.spokenName)?") }
    }

    static func list(_ items: [String]) -> String {
        switch items.count {
        case 0: return ""
        case 1: return items[0]
        default: return items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
        }
    }
}

/// The user's answer to a question.
public enum AuthorizationAnswer: Sendable, Hashable {
    case allowAll
    case denyAll
    /// Type by type; a type left out is denied.
    case chosen(allowed: Set<ChosenType>)

    public struct ChosenType: Sendable, Hashable {
        public var access: PermissionAccess
        public var type: AuthorizationType
        public init(_ access: PermissionAccess, _ type: AuthorizationType) {
            self.access = access
            self.type = type
        }
    }
}

extension PermissionBook {
    /// Records the answer to `question`; returns the entries to store.
    public mutating func record(_ answer: AuthorizationAnswer, to question: AuthorizationQuestion) -> [PermissionEntry] {
        var changed: [PermissionEntry] = []
        for (access, types) in [(PermissionAccess.share, question.share), (.read, question.read)] {
            for type in types {
                let allowed: Bool
                switch answer {
                case .allowAll: allowed = true
                case .denyAll: allowed = false
                case .chosen(let set): allowed = set.contains(.init(access, type))
                }
                changed += set(question.client, access, [type], to: allowed ? .allowed : .denied)
            }
        }
        return changed
    }
}
