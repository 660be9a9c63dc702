// Where the gateway's socket lives, one rule for every client and the server: --socket, then
// $COACH_SOCKET, then $XDG_RUNTIME_DIR/coach/coach.sock, then /tmp/coach-$UID/coach.sock.
// (Making that directory safe to listen in is the server's part: CoachGateway's prepareDirectory.)

#if canImport(Glibc)
import Glibc
#endif

public struct SocketLocation: Sendable, Hashable, CustomStringConvertible {
    public var path: String

    public init(path: String) { self.path = path }

    /// The directory holding the socket ("" for a bare file name, "/" for a file at the root).
    public var directory: String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }

    public var lockPath: String { path + ".lock" }
    public var description: String { path }

    /// The socket to use: `--socket`, then `$COACH_SOCKET`, then the XDG runtime directory (an
    /// absolute one), then `/tmp/coach-$UID`.
    public static func resolve(explicit: String? = nil,
                               environment: [String: String] = Environment.only(["COACH_SOCKET", "XDG_RUNTIME_DIR"])) -> SocketLocation {
        if let explicit, !explicit.isEmpty { return SocketLocation(path: explicit) }
        if let fromEnvironment = environment["COACH_SOCKET"], !fromEnvironment.isEmpty { return SocketLocation(path: fromEnvironment) }
        if let runtime = XDGDirectories.runtimeDirectory(environment: environment) {
            return SocketLocation(path: runtime + "/coach/coach.sock")
        }
        return SocketLocation(path: "/tmp/coach-\(getuid())/coach.sock")
    }
}
