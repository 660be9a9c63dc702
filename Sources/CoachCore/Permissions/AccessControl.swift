// AccessControl: the enforcement decisions, as pure functions of who asks, what the user decided,
// the policy and the lock. A write is allowed or refused with HealthKit's codes; a read is
// refused only while locked (errorDatabaseInaccessible) — otherwise it is narrowed, silently, to
// the client's own samples for the types it may not read, so a refusal looks like no data.

/// Why a write was refused, with HealthKit's `HKError` code name and what to do about it.
public struct AuthorizationRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    public var code: String
    public var client: String
    public var type: AuthorizationType
    public var message: String

    public var description: String { message }
}

/// What a client may see of the stored data.
public struct ReadScope: Sendable, Hashable {
    /// nil: every type; else only these types, plus the client's own writes of any type.
    public var readableTypes: Set<AuthorizationType>?
    /// Samples and workouts with this source name are always visible (what the client wrote).
    public var ownSource: String?

    public static let everything = ReadScope(readableTypes: nil, ownSource: nil)

    public init(readableTypes: Set<AuthorizationType>?, ownSource: String?) {
        self.readableTypes = readableTypes
        self.ownSource = ownSource
    }

    public var isEverything: Bool { readableTypes == nil }

    /// Whether an object of `type` written by `sourceName` is visible.
    public func allows(_ type: AuthorizationType, sourceName: String?) -> Bool {
        guard let readableTypes else { return true }
        if readableTypes.contains(type) { return true }
        return sourceName != nil && sourceName == ownSource
    }
}

public enum AccessControl {
    /// The codes (HKError.Code names) the gateway sends in `data.code`.
    public static let notDeterminedCode = "errorAuthorizationNotDetermined"
    public static let deniedCode = "errorAuthorizationDenied"
    public static let inaccessibleCode = "errorDatabaseInaccessible"

    /// May `client` write `type`? nil: yes; else the refusal to send (nothing is written).
    public static func checkWrite(_ type: AuthorizationType, by client: ClientIdentity, book: PermissionBook,
                                  policy: UnnamedClientPolicy) -> AuthorizationRefusal? {
        guard let name = client.governedName(policy: policy) else { return nil }
        switch book.decision(name, .share, type) {
        case .allowed:
            return nil
        case .notDetermined:
            return AuthorizationRefusal(
                code: notDeterminedCode, client: name, type: type,
                message: "\(name) has not been allowed to write \(type.name): it should call authorization.request "
                    + "{\"share\":[\"\(type.name)\"]} and the user answer in the REPL, or run "
                    + "`coach permissions grant \(name) --share \(type.name)`")
        case .denied:
            return AuthorizationRefusal(
                code: deniedCode, client: name, type: type,
                message: "\(name) may not write \(type.name) (the user denied it); "
                    + "`coach permissions grant \(name) --share \(type.name)` allows it")
        }
    }

    /// What `client` may read: everything, or the readable types plus its own writes. Throws the
    /// refusal while locked (health data is protected until the user unlocks).
    public static func readScope(for client: ClientIdentity, book: PermissionBook, policy: UnnamedClientPolicy,
                                 locked: Bool) throws(AuthorizationRefusal) -> ReadScope {
        if locked {
            throw AuthorizationRefusal(
                code: inaccessibleCode, client: client.governedName(policy: policy) ?? ClientIdentity.userName,
                type: .workouts,
                message: "health data is protected while Coach is locked; run `coach unlock` (or /unlock in the REPL) to read it")
        }
        guard let name = client.governedName(policy: policy) else { return .everything }
        let readable = AuthorizationType.allCases.filter { book.decision(name, .read, $0) == .allowed }
        return ReadScope(readableTypes: Set(readable), ownSource: name)
    }
}
