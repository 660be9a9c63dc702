// Where a mirror's primary is: `unix:PATH` (a gateway on this machine) or `ssh://[user@]host[:port]`
// (a gateway on another machine, reached by running `coach bridge` there through the user's own
// ssh, as `docker -H ssh://` runs `docker system dial-stdio`), or a primary that offered itself
// (`coach mirror offer` there: nothing to dial, the primary opens the link). Pure: parsing and the
// ssh command line.

public enum MirrorTarget: Sendable, Hashable, CustomStringConvertible {
    case unix(path: String)
    case ssh(user: String?, host: String, port: Int?)
    /// The primary `primary` opened this link itself (mirror.accept); `id` tells its offers apart
    /// from another primary's. Never parsed from what a user types.
    case offered(primary: String, id: String)

    public enum ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        case unknownScheme(String)
        case invalid(String)

        public var description: String {
            switch self {
            case .unknownScheme(let text):
                return "'\(text)' is not a mirror target: use unix:PATH or ssh://[user@]host[:port]"
            case .invalid(let why): return why
            }
        }
    }

    public init(parsing text: String) throws(ParseError) {
        if text.hasPrefix("unix:") {
            var path = String(text.dropFirst("unix:".count))
            if path.hasPrefix("//") { path.removeFirst(2) }
            guard path.hasPrefix("/") else { throw .invalid("unix:PATH needs an absolute path (got '\(path)')") }
            self = .unix(path: path)
            return
        }
        guard text.hasPrefix("ssh://") else { throw .unknownScheme(text) }
        var rest = Substring(text.dropFirst("ssh://".count))
        if rest.hasSuffix("/") { rest = rest.dropLast() }
        // As docker: no password, path, query or fragment in the URL (ssh's config says the rest).
        guard !rest.contains("/"), !rest.contains("?"), !rest.contains("#") else {
            throw .invalid("ssh://[user@]host[:port] takes no path, query or fragment; the remote socket is the remote user's default")
        }
        var user: String?
        if let at = rest.lastIndex(of: "@") {
            let name = rest[..<at]
            guard !name.isEmpty, !name.contains(":") else {
                throw .invalid("no password in the URL: ssh authenticates (keys or ~/.ssh/config)")
            }
            user = String(name)
            rest = rest[rest.index(after: at)...]
        }
        var port: Int?
        if let colon = rest.lastIndex(of: ":"), !rest.hasPrefix("[") || rest[..<colon].hasSuffix("]") {
            let digits = rest[rest.index(after: colon)...]
            guard let number = Int(digits), (1...65535).contains(number) else {
                throw .invalid("port '\(digits)' must be a number from 1 to 65535")
            }
            port = number
            rest = rest[..<colon]
        }
        if rest.hasPrefix("["), rest.hasSuffix("]") { rest = rest.dropFirst().dropLast() }
        guard !rest.isEmpty, !rest.hasPrefix("-"), rest.allSatisfy({ !$0.isWhitespace }) else {
            throw .invalid("'\(text)' has no usable host name")
        }
        self = .ssh(user: user, host: String(rest), port: port)
    }

    public var description: String {
        switch self {
        case .unix(let path): return "unix:" + path
        case .ssh(let user, let host, let port):
            let shownHost = host.contains(":") ? "[\(host)]" : host
            return "ssh://" + (user.map { $0 + "@" } ?? "") + shownHost + (port.map { ":\($0)" } ?? "")
        case .offered(let primary, _): return "offered:" + primary
        }
    }

    /// What the user sees as the primary's name ("pi.local", "this machine").
    public var hostName: String {
        switch self {
        case .unix: return "this machine"
        case .ssh(_, let host, _): return host
        case .offered(let primary, _): return primary
        }
    }

    /// Whether the primary opens this link (so a lost one waits for it to offer again).
    public var isOffered: Bool {
        if case .offered = self { return true }
        return false
    }

    /// The ssh command line that joins our pipes to the primary's gateway: `ssh -T [-p port]
    /// [-l user] -o ConnectTimeout=… -o BatchMode=yes … -- host coach bridge`. `extraOptions` come
    /// before ours (ssh takes the first value of each option), so a caller (a test) can pin its own.
    public func sshArguments(ssh: String = "ssh", remoteCoach: String = "coach", connectTimeout: Int = 10,
                             extraOptions: [String] = []) -> [String]? {
        guard case .ssh(let user, let host, let port) = self else { return nil }
        var arguments = [ssh, "-T"]
        if let port { arguments += ["-p", String(port)] }
        if let user { arguments += ["-l", user] }
        arguments += extraOptions
        arguments += ["-o", "ConnectTimeout=\(connectTimeout)", "-o", "BatchMode=yes",
                      "-o", "ServerAliveInterval=2", "-o", "ServerAliveCountMax=3",
                      "--", host, remoteCoach, "bridge"]
        return arguments
    }
}
