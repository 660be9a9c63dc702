// Which tmux server to talk to, as tmux's own -L / -S flags say it.

/// A tmux server: the default one (`$TMUX` or the default socket), a named socket (`-L name`) or a
/// socket path (`-S path`).
public enum TmuxTarget: Sendable, Hashable {
    case `default`
    case socketName(String)
    case socketPath(String)

    /// The arguments that select this server, placed before the command.
    public var arguments: [String] {
        switch self {
        case .default: return []
        case .socketName(let name): return ["-L", name]
        case .socketPath(let path): return ["-S", path]
        }
    }
}

public enum TmuxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// tmux answered `%error` or exited non-zero; the message is tmux's own.
    case commandFailed(String)
    /// No server or no session to attach to: there is no status line to update.
    case unavailable(String)
    case spawnFailed(String)

    public var description: String {
        switch self {
        case .commandFailed(let message): return "tmux: \(message)"
        case .unavailable(let message): return "tmux unavailable: \(message)"
        case .spawnFailed(let message): return "cannot run tmux: \(message)"
        }
    }
}

/// Quoting for tmux's command parser: single quotes keep everything literal (`$`, `~`, `#`, `;`),
/// and a single quote itself is closed, escaped and reopened, as in sh: `'it'\''s'`.
public enum TmuxQuote {
    public static func single(_ value: String) -> String {
        let flat = String(value.map { $0.isNewline ? " " : $0 })
        return "'" + flat.replacing("'", with: #"'\''"#) + "'"
    }
}
