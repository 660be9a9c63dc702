// The HTTP display's decisions without a socket: limits before the token, the token before the
// path (an unauthorised client learns nothing about which paths exist), then path and method.

import CoachWeb
import Testing

@Suite struct WebRequestTests {
    static let token = "0123456789abcdef0123"
    static let router = WebRouter(access: AccessCheck(token: token))

    static func route(_ uri: String, _ headers: [(String, String)] = [], method: String = "GET") -> Result<WebEndpoint, WebRefusal> {
        router.route(method: method, uri: uri, headers: headers).map(\.0)
    }

    @Test func theTokenByQueryOrBearer() {
        #expect(Self.route("/status?token=\(Self.token)") == .success(.status))
        #expect(Self.route("/status", [("Authorization", "Bearer \(Self.token)")]) == .success(.status))
        #expect(Self.route("/status", [("authorization", "bearer  \(Self.token) ")]) == .success(.status))
        #expect(Self.route("/events?lang=ja&token=\(Self.token)") == .success(.events))
    }

    @Test func aWrongOrMissingTokenIs401WhateverThePath() {
        for uri in ["/", "/status", "/events", "/command", "/etc/passwd", "/../x", "/status?token=", "/status?token=\(Self.token)0",
                    "/status?token=\(Self.token.dropLast())", "/status?tok=\(Self.token)"] {
            #expect(Self.route(uri) == .failure(.unauthorized), "\(uri)")
        }
        #expect(Self.route("/status", [("Authorization", "Basic \(Self.token)")]) == .failure(.unauthorized))
        #expect(Self.route("/nope", method: "POST") == .failure(.unauthorized))
        // The first token= counts: a second one cannot replace a wrong first.
        #expect(Self.route("/status?token=wrong&token=\(Self.token)") == .failure(.unauthorized))
        // No token configured: nobody gets in.
        #expect(WebRouter(access: AccessCheck(token: "")).route(method: "GET", uri: "/?token=", headers: []).map(\.0)
                == .failure(.unauthorized))
    }

    @Test func pathsAndMethods() {
        let t = "token=\(Self.token)"
        #expect(Self.route("/?\(t)") == .success(.page(overlay: false)))
        #expect(Self.route("/?\(t)&layout=overlay") == .success(.page(overlay: true)))
        #expect(Self.route("/?\(t)", method: "HEAD") == .success(.page(overlay: false)))
        #expect(Self.route("/command?\(t)", method: "POST") == .success(.command))
        #expect(Self.route("/command?\(t)", method: "GET") == .failure(.methodNotAllowed(allow: "POST")))
        #expect(Self.route("/events?\(t)", method: "POST") == .failure(.methodNotAllowed(allow: "GET")))
        #expect(Self.route("/index.htm?\(t)") == .failure(.notFound))
        #expect(Self.route("/events/?\(t)") == .failure(.notFound))
    }

    @Test func limitsComeFirst() {
        let long = "/?" + String(repeating: "a", count: 2100)
        #expect(Self.route(long) == .failure(.targetTooLong))
        let many = (0..<65).map { ("X-\($0)", "1") }
        #expect(Self.route("/?token=\(Self.token)", many) == .failure(.headersTooLarge))
        #expect(Self.route("/", [("Cookie", String(repeating: "c", count: 9000))]) == .failure(.headersTooLarge))
        #expect(WebRefusal.targetTooLong.status == 414 && WebRefusal.headersTooLarge.status == 431 && WebRefusal.bodyTooLarge.status == 413)
        #expect(WebRefusal.tooManyStreams.status == 503 && WebRefusal.unauthorized.status == 401)
    }

    @Test func queryDecoding() {
        let target = RequestTarget("/a%20b?x=1%2B1&y=a+b&empty&z=%E3%81%82&bad=%zz")
        #expect(target.path == "/a b")
        #expect(target.query["x"] == "1+1")
        #expect(target.query["y"] == "a b")
        #expect(target.query["empty"] == "")
        #expect(target.query["z"] == "あ")
        #expect(target.query["bad"] == nil)
    }
}
