// ListenAddress: `127.0.0.1:8787`, `[::1]:8787`, `localhost:8787` or `0.0.0.0:8787` as the setting
// and `--http` take it, and whether it is loopback — binding anywhere else needs `--http-public`,
// because the page shows a workout to whoever can reach the port and holds the token.

import CoachGateway

public struct ListenAddress: Sendable, Hashable, CustomStringConvertible {
    public var host: String
    public var port: Int

    public static let defaultPort = 8787

    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Parses `HOST:PORT`, `[IPv6]:PORT`, `HOST` (the default port) or `:PORT` (loopback).
    public init?(_ text: String) {
        let text = text.trimmingSpaces
        guard !text.isEmpty else { return nil }
        var host: Substring
        var portText: Substring?
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            host = text[text.index(after: text.startIndex)..<close]
            let rest = text[text.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":") else { return nil }
                portText = rest.dropFirst()
            }
        } else if text.filter({ $0 == ":" }).count > 1 {
            host = Substring(text)  // a bare IPv6 address
        } else if let colon = text.firstIndex(of: ":") {
            host = text[..<colon]
            portText = text[text.index(after: colon)...]
        } else {
            host = Substring(text)
        }
        if host.isEmpty { host = "127.0.0.1" }
        var port = Self.defaultPort
        if let portText {
            guard let parsed = Int(portText), (0...65535).contains(parsed) else { return nil }
            port = parsed
        }
        guard host.allSatisfy({ $0.isLetter || $0.isNumber || ".-:_%".contains($0) }) else { return nil }
        self.host = String(host)
        self.port = port
    }

    /// Loopback only: 127.0.0.0/8, ::1 and localhost.
    public var isLoopback: Bool { LoopbackHost.contains(host) }

    /// For URLs: IPv6 in brackets.
    public var urlHost: String { host.contains(":") ? "[\(host)]" : host }

    public var description: String { "\(urlHost):\(port)" }
}

extension String {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
