// Where the broker is, from `mqtt.url` or `--mqtt`: `mqtt://user:pass@host:1883` (plain TCP,
// port 1883 by default) or `mqtts://host:8883` (TLS, port 8883 by default; the CA comes from
// `mqtt.ca_file`, else the system's). User and password may be percent-encoded (`p%40ss`).

import Foundation

public struct MQTTEndpoint: Sendable, Hashable {
    public var host: String
    public var port: Int
    public var username: String?
    public var password: String?
    public var tls: Bool
    /// The CA certificate file to trust over TLS; nil: the system's CA directory.
    public var caFile: String?

    public init(host: String, port: Int, username: String? = nil, password: String? = nil, tls: Bool = false, caFile: String? = nil) {
        self.host = host
        self.port = port
        self.username = username
        self.password = password
        self.tls = tls
        self.caFile = caFile
    }

    /// Parses a broker URL; the error says what is wrong, for the settings' or the option's message.
    public init(url text: String, caFile: String? = nil) throws(MQTTEndpointError) {
        let scheme: String
        let rest: Substring
        if let range = text.range(of: "://") {
            scheme = text[..<range.lowerBound].lowercased()
            rest = text[range.upperBound...]
        } else {
            throw MQTTEndpointError(url: text, reason: "it should start with mqtt:// or mqtts://")
        }
        switch scheme {
        case "mqtt", "tcp": tls = false
        case "mqtts", "ssl": tls = true
        default: throw MQTTEndpointError(url: text, reason: "the scheme is mqtt:// or mqtts://, not \(scheme)://")
        }
        var authority = rest
        if let slash = authority.firstIndex(of: "/") {
            guard authority[slash...] == "/" else {
                throw MQTTEndpointError(url: text, reason: "a broker URL has no path")
            }
            authority = authority[..<slash]
        }
        username = nil
        password = nil
        if let at = authority.lastIndex(of: "@") {
            let credentials = authority[..<at]
            authority = authority[authority.index(after: at)...]
            let parts = credentials.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            username = String(parts[0]).removingPercentEncoding ?? String(parts[0])
            if parts.count == 2 { password = String(parts[1]).removingPercentEncoding ?? String(parts[1]) }
            if username?.isEmpty == true { username = nil }
        }
        var portText: Substring?
        if authority.hasPrefix("[") {
            // [::1]:1883
            guard let close = authority.firstIndex(of: "]") else {
                throw MQTTEndpointError(url: text, reason: "an IPv6 address needs its closing ]")
            }
            host = String(authority[authority.index(after: authority.startIndex)..<close])
            let after = authority[authority.index(after: close)...]
            if after.hasPrefix(":") { portText = after.dropFirst() } else if !after.isEmpty {
                throw MQTTEndpointError(url: text, reason: "unexpected text after the address")
            }
        } else if let colon = authority.lastIndex(of: ":") {
            host = String(authority[..<colon])
            portText = authority[authority.index(after: colon)...]
        } else {
            host = String(authority)
        }
        guard !host.isEmpty else { throw MQTTEndpointError(url: text, reason: "it names no host") }
        if let portText {
            guard let number = Int(portText), (1...65_535).contains(number) else {
                throw MQTTEndpointError(url: text, reason: "the port must be a number from 1 to 65535")
            }
            port = number
        } else {
            port = tls ? 8883 : 1883
        }
        self.caFile = caFile
    }

    /// The URL without the password, for messages and logs.
    public var display: String {
        let user = username.map { $0 + (password == nil ? "" : ":***") + "@" } ?? ""
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return (tls ? "mqtts://" : "mqtt://") + user + shownHost + ":\(port)"
    }
}

public struct MQTTEndpointError: Error, Sendable, Hashable, CustomStringConvertible {
    public var url: String
    public var reason: String

    public var description: String {
        // The password is never repeated back.
        let shown = (try? MQTTEndpoint(url: url))?.display ?? "the MQTT URL"
        return "\(shown): \(reason) (e.g. mqtt://user:pass@broker.local:1883)"
    }
}
