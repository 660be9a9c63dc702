// What the HTTP display decides about a request before any I/O: the path and query (percent-
// decoded), whether it carries the access token, which endpoint it names, and whether it is within
// the size limits. Pure, so every rule — 401 for a wrong token whatever the path, 414 for a long
// target, 413 for a large body — is a unit test (WebRequestTests).

/// The request target split into a path and decoded query parameters.
public struct RequestTarget: Sendable, Hashable {
    public var path: String
    public var query: [String: String]

    public init(_ uri: String) {
        let parts = uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        path = Self.decode(String(parts.first ?? ""), plusIsSpace: false) ?? ""
        var query: [String: String] = [:]
        if parts.count > 1 {
            for pair in parts[1].split(separator: "&") {
                let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard let key = Self.decode(String(kv[0]), plusIsSpace: true), !key.isEmpty else { continue }
                // A malformed value is no value; the first value wins (a second `token=` cannot
                // override the one checked).
                guard let value = kv.count > 1 ? Self.decode(String(kv[1]), plusIsSpace: true) : "" else { continue }
                if query[key] == nil { query[key] = value }
            }
        }
        self.query = query
    }

    /// Percent-decoding as URLs and forms use it; nil when a `%` escape is malformed or the
    /// bytes are not UTF-8.
    static func decode(_ text: String, plusIsSpace: Bool) -> String? {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hex), let low = iterator.next().flatMap(hex) else { return nil }
                bytes.append(high << 4 | low)
            case UInt8(ascii: "+") where plusIsSpace: bytes.append(UInt8(ascii: " "))
            default: bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}

/// The access token check: `?token=` or `Authorization: Bearer`, compared in constant time.
public struct AccessCheck: Sendable {
    public let token: String

    public init(token: String) { self.token = token }

    /// Whether the request carries the token. An empty expected token admits nobody.
    public func admits(target: RequestTarget, authorization: String?) -> Bool {
        guard !token.isEmpty else { return false }
        if let given = target.query["token"], Self.equal(given, token) { return true }
        if let header = authorization {
            let parts = header.split(separator: " ", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == "bearer",
               Self.equal(parts[1].trimmingCharacters(in: " \t"), token) { return true }
        }
        return false
    }

    /// Compares without stopping at the first difference, so the time taken does not tell an
    /// attacker how much of a guess was right.
    static func equal(_ a: some StringProtocol, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        var difference = UInt8(x.count == y.count ? 0 : 1)
        for index in 0..<max(x.count, y.count) {
            difference |= (index < x.count ? x[index] : 0) ^ (index < y.count ? y[index] : 0xff)
        }
        return difference == 0
    }
}

extension StringProtocol {
    fileprivate func trimmingCharacters(in set: String) -> String {
        String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }
}

/// The endpoints. Nothing else is served: no directory listing, no file access.
public enum WebEndpoint: Sendable, Hashable {
    /// The widget page: `full` (a screen of its own) or `overlay` (transparent, for OBS).
    case page(overlay: Bool)
    case events
    case status
    case command
}

/// Why a request gets no endpoint, and with which status.
public enum WebRefusal: Sendable, Hashable, Error {
    case unauthorized          // 401: nothing else is said, whatever the path
    case notFound              // 404
    case methodNotAllowed(allow: String) // 405
    case targetTooLong         // 414
    case headersTooLarge       // 431
    case bodyTooLarge          // 413
    case tooManyStreams        // 503
    case commandsOff           // 403

    public var status: Int {
        switch self {
        case .unauthorized: return 401
        case .notFound: return 404
        case .methodNotAllowed: return 405
        case .targetTooLong: return 414
        case .headersTooLarge: return 431
        case .bodyTooLarge: return 413
        case .tooManyStreams: return 503
        case .commandsOff: return 403
        }
    }
}

/// The request limits (defaults generous for a browser, small for an attacker).
public struct RequestLimits: Sendable, Hashable {
    public var targetBytes = 2048
    /// All header names and values together, and how many there may be.
    public var headerBytes = 8192
    public var headerCount = 64
    /// A command's body (`{"text":"pause"}`).
    public var bodyBytes = 4096

    public init() {}
}

/// Routes a request: the size limits first, then the token (so an unauthorised client learns
/// nothing about which paths exist), then the path and method.
public struct WebRouter: Sendable {
    public var access: AccessCheck
    public var limits: RequestLimits

    public init(access: AccessCheck, limits: RequestLimits = RequestLimits()) {
        self.access = access
        self.limits = limits
    }

    public func route(method: String, uri: String, headers: [(String, String)]) -> Result<(WebEndpoint, RequestTarget), WebRefusal> {
        guard uri.utf8.count <= limits.targetBytes else { return .failure(.targetTooLong) }
        let headerBytes = headers.reduce(0) { $0 + $1.0.utf8.count + $1.1.utf8.count }
        guard headers.count <= limits.headerCount, headerBytes <= limits.headerBytes else { return .failure(.headersTooLarge) }
        let target = RequestTarget(uri)
        let authorization = headers.first { $0.0.lowercased() == "authorization" }?.1
        guard access.admits(target: target, authorization: authorization) else { return .failure(.unauthorized) }
        let endpoint: WebEndpoint
        let allowed: String
        switch target.path {
        case "/", "/index.html":
            endpoint = .page(overlay: target.query["layout"] == "overlay"); allowed = "GET, HEAD"
        case "/events": endpoint = .events; allowed = "GET"
        case "/status": endpoint = .status; allowed = "GET, HEAD"
        case "/command": endpoint = .command; allowed = "POST"
        default: return .failure(.notFound)
        }
        guard allowed.split(separator: ",").contains(where: { $0.trimmingCharacters(in: " ") == method }) else {
            return .failure(.methodNotAllowed(allow: allowed))
        }
        return .success((endpoint, target))
    }
}
