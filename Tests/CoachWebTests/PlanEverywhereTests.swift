// Issue 44: a library plan on the virtual clock, and its step shown at the same moment wherever
// the workout shows — the status answer and "what's next", the tmux line and the widget (rendered
// from the feed's content as their pushers do), the page's /status over HTTP, Home Assistant's
// state payload and the class board that reads it. The numbers are the clock's: 18 minutes into
// the Norwegian 4 × 4 is one minute into interval 2 of 4.

import CoachCore
import CoachGateway
import CoachMQTT
import CoachWeb
import CoachWire
import Foundation
import Testing

@Suite struct PlanEverywhereTests {
    @Test func aLibraryPlansStepShowsEverywhereAtTheSameMoment() async throws {
        var configuration = GatewayConfiguration()
        configuration.countdown = .zero
        configuration.guest = true
        configuration.virtualClock = true
        let state = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: state) }
        configuration.stateDirectory = state
        configuration.plansDirectory = state + "/workouts"
        configuration.heartRateZones = HeartRateZones(maximum: 190)
        let gateway = try await GatewayAssembly.start(configuration).gateway
        await gateway.displays.feed.setHeartRateZones(HeartRateZones(maximum: 190))
        await gateway.displays.feed.setPowerZones(PowerZones(ftp: 250))
        var webConfiguration = WebConfiguration(address: ListenAddress(host: "127.0.0.1", port: 0))
        webConfiguration.token = WebRig.token
        let web = try await WebDisplay.start(gateway: gateway, configuration: webConfiguration)
        let client = InProcessConnection(gateway: gateway)
        defer { client.close() }

        let started = try await client.call("say", ["text": "start the norwegian 4x4"], timeout: nil)
        #expect(started["code"] == "success", "\(started.serialized())")
        // Warm-up 10 min, interval 1 (4 min), recovery 1 (3 min), one minute into interval 2.
        await gateway.manager.advance(by: .seconds(18 * 60))
        _ = try await client.call("sample", ["type": "heartRate", "value": 180], timeout: nil)
        _ = try await client.call("sample", ["type": "power", "value": 280], timeout: nil)

        // The status answer and the step questions.
        let answer = try await client.call("say", ["text": "how am I doing"], timeout: nil)
        #expect(answer["message"]?.stringValue?.hasSuffix("Interval 2 of 4, 3:00 left, on target.") == true, "\(answer)")
        let next = try await client.call("say", ["text": "what's next"], timeout: nil)
        #expect(next["message"] == "Interval 2 of 4, 3:00 left, on target. Next: Recovery 2 of 4, 3:00.", "\(next)")
        let japanese = try await client.call("say", ["text": "あと何本？", "lang": "ja"], timeout: nil)
        #expect(japanese["message"]?.stringValue?.hasPrefix("インターバル 4本中2本目、残り3:00、目標の範囲内") == true, "\(japanese)")

        // The feed's content now, as the tmux pusher and the widget render it. The feed follows the
        // manager's snapshots on a task of its own: wait (for the content, not for a time) until it
        // has caught up with the samples.
        var content = await gateway.displays.feed.currentContent()
        for _ in 0..<1000 where content.state.step?.iteration != 2 || content.state.powerZone == nil {
            try await Task.sleep(for: .milliseconds(5))
            content = await gateway.displays.feed.currentContent()
        }
        let wording = gateway.displays.wording(.en)
        let line = "Interval 2/4 · 4:00 · 3:00 left · target 171–190 bpm"
        let tmux = content.render(format: .tmux, wording: wording)
        #expect(tmux.contains(line), "\(tmux)")
        let widget = WidgetScreen.render(content, size: WidgetSize(columns: 80, rows: 24), wording: wording)
        #expect(widget.lines.contains { $0.contains("Interval 2/4") && $0.contains("3:00 left") }, "\(widget.lines)")
        #expect(widget.lines.contains { $0.contains("Zone 5") }, "\(widget.lines)")

        // The page's /status, over HTTP.
        let port = web.address.port
        let status = try await onThread { try fetch(port: port, "GET", "/status", headers: ["Authorization": "Bearer \(WebRig.token)"]) }
        let page = try JSONValue(parsing: status.body)
        #expect(page["step"]?["text"]?.stringValue == line, "\(status.body)")
        #expect(page["heartRateZone"] == 5 && page["powerZone"] == 5, "\(status.body)")

        // Home Assistant's state payload, and the class board that reads riders' payloads.
        let home = HomeAssistantState(content: content, readable: { _ in true }, wording: wording)
        let published = try JSONValue(parsing: home.text)
        #expect(published["step"]?.stringValue == line, "\(home.text)")
        #expect(published["heart_rate_zone"] == 5 && published["power_zone"] == 5, "\(home.text)")
        var board = ClassBoard(classID: "spin")
        _ = board.received(topic: "coach/class/spin/anna/state", payload: Array(home.text.utf8), at: .zero, wallClock: 0)
        let frame = ClassBoardScreen.render(board.rows(), classID: "spin", order: .name,
                                            size: WidgetSize(columns: 200, rows: 6), wording: wording)
        let anna = try #require(frame.lines.first { $0.hasPrefix("anna") })
        #expect(anna.contains("Interval 2/4 · 4:00 · 3:00 left"), "\(anna)")
        #expect(anna.contains("      5          5"), "both zones in their columns: \(anna)")

        await web.close()
        await gateway.manager.shutdown()
    }
}
