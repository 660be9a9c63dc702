// PermissionBook: every client's decisions, per type, for sharing (writing) and reading — the
// Settings ▸ Health ▸ Data Access pane as a value. Changing it returns the rows to store, so the
// gateway persists exactly what changed; asking returns only what is still undecided.

/// One decision about one type: not asked yet, refused, or allowed.
public enum PermissionDecision: String, Sendable, Hashable, Codable, CaseIterable {
    case notDetermined, denied, allowed
}

/// HealthKit's `HKAuthorizationStatus`, what `authorization.status` reports for sharing.
public enum AuthorizationStatus: String, Sendable, Hashable, Codable {
    case notDetermined, sharingDenied, sharingAuthorized

    public init(_ decision: PermissionDecision) {
        switch decision {
        case .notDetermined: self = .notDetermined
        case .denied: self = .sharingDenied
        case .allowed: self = .sharingAuthorized
        }
    }
}

/// Share or read.
public enum PermissionAccess: String, Sendable, Hashable, Codable, CaseIterable {
    case share, read
}

/// One stored decision: what the store keeps, one row per client, type and access.
public struct PermissionEntry: Sendable, Hashable, Codable {
    public var client: String
    public var type: AuthorizationType
    public var access: PermissionAccess
    public var decision: PermissionDecision

    public init(client: String, type: AuthorizationType, access: PermissionAccess, decision: PermissionDecision) {
        self.client = client
        self.type = type
        self.access = access
        self.decision = decision
    }
}

/// The user's decisions for all clients.
public struct PermissionBook: Sendable, Hashable {
    private var decisions: [Key: PermissionDecision] = [:]

    private struct Key: Hashable, Sendable {
        var client: String
        var type: AuthorizationType
        var access: PermissionAccess
    }

    public init(_ entries: [PermissionEntry] = []) {
        for entry in entries where entry.decision != .notDetermined {
            decisions[Key(client: entry.client, type: entry.type, access: entry.access)] = entry.decision
        }
    }

    public func decision(_ client: String, _ access: PermissionAccess, _ type: AuthorizationType) -> PermissionDecision {
        decisions[Key(client: client, type: type, access: access)] ?? .notDetermined
    }

    /// The client's share status for `type`, as `authorizationStatus(for:)`.
    public func shareStatus(_ client: String, _ type: AuthorizationType) -> AuthorizationStatus {
        AuthorizationStatus(decision(client, .share, type))
    }

    /// The types of `share` and `read` nobody has decided yet for `client`: what a request asks.
    public func undecided(_ client: String, share: [AuthorizationType], read: [AuthorizationType])
        -> (share: [AuthorizationType], read: [AuthorizationType]) {
        (share.filter { decision(client, .share, $0) == .notDetermined },
         read.filter { decision(client, .read, $0) == .notDetermined })
    }

    /// Sets the decisions and returns the entries that changed (to store; `.notDetermined` means
    /// the row goes).
    public mutating func set(_ client: String, _ access: PermissionAccess, _ types: [AuthorizationType],
                             to decision: PermissionDecision) -> [PermissionEntry] {
        var changed: [PermissionEntry] = []
        for type in types {
            let key = Key(client: client, type: type, access: access)
            let old = decisions[key] ?? .notDetermined
            guard old != decision else { continue }
            decisions[key] = decision == .notDetermined ? nil : decision
            changed.append(PermissionEntry(client: client, type: type, access: access, decision: decision))
        }
        return changed
    }

    /// Forgets every decision about `client` (it will be asked again).
    public mutating func reset(_ client: String) -> [PermissionEntry] {
        let keys = decisions.keys.filter { $0.client == client }
        return keys.compactMap { key in
            decisions.removeValue(forKey: key)
            return PermissionEntry(client: client, type: key.type, access: key.access, decision: .notDetermined)
        }
    }

    /// Every client with at least one decision, by name.
    public var clients: [String] { Set(decisions.keys.map(\.client)).sorted() }

    /// Every decision of `client`, types in their usual order.
    public func entries(of client: String) -> [PermissionEntry] {
        decisions.compactMap { key, decision in
            key.client == client ? PermissionEntry(client: client, type: key.type, access: key.access, decision: decision) : nil
        }.sorted { ($0.access.rawValue, $0.type) < ($1.access.rawValue, $1.type) }
    }
}
