// Who is on the other end of a request: the user (the REPL and coach's own commands), a client
// that named itself with `hello`, or one that did not (a `socat` pipe, an old script). The policy
// for the unnamed ones is the user's: trusted (as before permissions existed) or ask.

/// The party a request comes from.
public enum ClientIdentity: Sendable, Hashable {
    /// The user: the REPL, voice, and `coach` commands. Never asked, never refused.
    case user
    /// A client that said who it is (`hello`, `coach --as NAME`, a mirror, a sensor bridge).
    case named(String, version: String?)
    /// A client that did not; `executable` is its program's name from SO_PEERCRED's pid, if known.
    case unnamed(executable: String?)

    /// The name the user's own source carries.
    public static let userName = "coach"
}

/// What happens to clients that never say `hello`.
public enum UnnamedClientPolicy: String, Sendable, Hashable, Codable, CaseIterable {
    /// Today's behaviour and the default: they may do what the user may (`echo … | socat` works).
    case trusted
    /// They are treated as a client named by their executable, and need permission like any other.
    case ask
}

extension ClientIdentity {
    /// The client whose permissions apply, or nil when none are needed (the user, or an unnamed
    /// client under the `trusted` policy).
    public func governedName(policy: UnnamedClientPolicy) -> String? {
        switch self {
        case .user: return nil
        case .named(let name, _): return name
        case .unnamed(let executable):
            return policy == .trusted ? nil : (executable ?? Self.unknownExecutable)
        }
    }

    /// The source its writes carry.
    public func source(userVersion: String?) -> SampleSource {
        switch self {
        case .user: return SampleSource(name: Self.userName, version: userVersion)
        case .named(let name, let version): return SampleSource(name: name, version: version)
        case .unnamed(let executable): return SampleSource(name: executable ?? Self.unknownExecutable)
        }
    }

    /// The name given to an unnamed client whose executable could not be found.
    public static let unknownExecutable = "unknown"
}
