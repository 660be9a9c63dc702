// The display's other faces: where it may listen, the page and status as a browser gets them, and
// commands through the gateway's entry point as the client `http` — off unless asked for.

import CoachCore
import CoachGateway
import CoachWeb
import Foundation
import Testing

@Suite("HTTP display", .serialized, .timeLimit(.minutes(1)))
struct WebDisplayTests {
    @Test func aNonLoopbackAddressNeedsToBeMeant() async throws {
        var configuration = GatewayConfiguration()
        configuration.guest = true
        configuration.stateDirectory = scratchDirectory()
        let gateway = try await GatewayAssembly.start(configuration).gateway
        var web = WebConfiguration(address: ListenAddress(host: "0.0.0.0", port: 0))
        web.token = WebRig.token
        await #expect(throws: WebDisplayError.self) { _ = try await WebDisplay.start(gateway: gateway, configuration: web) }
        #expect(gateway.displays.endpoints["http"] == nil)
        web.allowPublic = true
        let display = try await WebDisplay.start(gateway: gateway, configuration: web)
        #expect(!display.address.isLoopback && display.address.port > 0)
        #expect(gateway.displays.endpoints["http"] == display.url, "socket clients learn where it listens (endpoints)")
        await display.close()
        #expect(gateway.displays.endpoints["http"] == nil)
        await gateway.manager.shutdown()
    }

    @Test func pageAndStatusAsABrowserGetsThem() async throws {
        try await WebRig.running { rig in
            let port = rig.port, auth = rig.auth
            let page = try await onThread { try fetch(port: port, "GET", "/", headers: auth) }
            #expect(page.status == 200 && page.headers["content-type"] == "text/html; charset=utf-8")
            #expect(page.headers["content-security-policy"]?.contains("default-src 'none'") == true)
            #expect(page.headers["referrer-policy"] == "no-referrer" && page.headers["cache-control"] == "no-store")
            #expect(page.body.contains("new EventSource") && page.body.contains(#"class="full disconnected""#))
            #expect(!page.body.contains("http://") && !page.body.contains("https://"), "nothing loaded from elsewhere")
            let overlay = try await onThread { try fetch(port: port, "GET", "/?layout=overlay", headers: auth) }
            #expect(overlay.body.contains(#"class="overlay disconnected""#))
            let head = try await onThread { try fetch(port: port, "HEAD", "/status", headers: auth) }
            #expect(head.status == 200 && head.body.isEmpty && Int(head.headers["content-length"] ?? "") ?? 0 > 0)
            await rig.start()
            try await rig.heartRate(141)
            // /status is the feed's latest status, which follows the workout on the feed's own task:
            // on a loaded machine the sample can be a moment behind the reply to it.
            var status = try await onThread { try fetch(port: port, "GET", "/status?lang=ja", headers: auth) }
            let deadline = ContinuousClock.now + .seconds(10)
            while !status.body.contains(#""heartRate":141"#), ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(50))
                status = try await onThread { try fetch(port: port, "GET", "/status?lang=ja", headers: auth) }
            }
            #expect(status.body.contains(#""heartRate":141"#) && status.body.contains("ランニング"), "\(status.body)")
        }
    }

    @Test func commandsAreOffUnlessAskedFor() async throws {
        try await WebRig.running { rig in
            await rig.start()
            let port = rig.port, auth = rig.auth
            let refused = try await onThread { try fetch(port: port, "POST", "/command", headers: auth, body: #"{"text":"pause"}"#) }
            #expect(refused.status == 403)
            #expect(await rig.gateway.manager.status().state == .running, "nothing was done")
        }
    }

    @Test func aCommandGoesThroughTheGatewayAsTheClientHTTP() async throws {
        try await WebRig.running(commands: true) { rig in
            await rig.start()
            let port = rig.port, auth = rig.auth
            let paused = try await onThread { try fetch(port: port, "POST", "/command", headers: auth, body: #"{"text":"pause"}"#) }
            #expect(paused.status == 200 && paused.body.contains(#""code":"success""#), "\(paused.body)")
            #expect(await rig.gateway.manager.status().state == .paused)
            // The same codes as the socket: a second pause finds nothing running.
            let again = try await onThread { try fetch(port: port, "POST", "/command", headers: auth, body: #"{"text":"pause"}"#) }
            #expect(again.status == 200 && again.body.contains(#""code":"failureNoMatchingWorkout""#), "\(again.body)")
            let resumed = try await onThread { try fetch(port: port, "POST", "/command?lang=ja", headers: auth, body: #"{"text":"再開"}"#) }
            #expect(resumed.status == 200)
            #expect(await rig.gateway.manager.status().state == .running)
            // Bad bodies: not JSON, no text, too large (answered and closed before it is all read).
            for body in ["pause", #"{"say":"pause"}"#, #"{"text":""}"#] {
                let bad = try await onThread { try fetch(port: port, "POST", "/command", headers: auth, body: body) }
                #expect(bad.status == 400, "\(body)")
            }
            let large = #"{"text":""# + String(repeating: "a", count: 5000) + #""}"#
            let tooLarge = try await onThread { try fetch(port: port, "POST", "/command", headers: auth, body: large) }
            #expect(tooLarge.status == 413)
            // No token: refused before anything is read or done.
            let anonymous = try await onThread { try fetch(port: port, "POST", "/command", body: #"{"text":"end"}"#) }
            #expect(anonymous.status == 401)
            #expect(await rig.gateway.manager.status().state == .running)
        }
    }
}
