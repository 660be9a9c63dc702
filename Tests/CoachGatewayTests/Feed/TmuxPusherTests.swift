// The tmux pusher against a real, private tmux server: values arrive intact (quotes, `$`, `#`, `;`),
// control mode is used when a session exists, the per-process fallback works, absence is reported.

import CoachCore
import Foundation
import Testing
@testable import CoachGateway

@Suite struct TmuxPusherTests {
    static let awkward = #"▶ run 10:05 #[fg=#ff5555]♥173#[default] it's "$HOME" ~ ; \ ##1"#

    @Test func controlModePushIsReadableInTmux() async throws {
        try await PrivateTmux.with { (socket: String) async throws in
            let pusher = TmuxPusher(target: .socketName(socket))
            let method = try await pusher.push(Self.awkward)
            #expect(method == .controlMode)
            #expect(try await PrivateTmux.value(socket: socket) == Self.awkward)
            #expect(try await pusher.currentValue() == Self.awkward)
            #expect(try await pusher.push(Self.awkward) == .skipped)
            #expect(try await pusher.push("second") == .controlMode)
            #expect(try await PrivateTmux.value(socket: socket) == "second")
            await pusher.close()
            #expect(try await PrivateTmux.value(socket: socket) == "")
        }
    }

    @Test func theControlClientDoesNotResizeOrShowUpAsAnOrdinaryClient() async throws {
        try await PrivateTmux.with { (socket: String) async throws in
            let pusher = TmuxPusher(target: .socketName(socket))
            try await pusher.push("x")
            let clients = try await PrivateTmux.tmux(["list-clients", "-F", "#{client_flags}"], socket: socket)
            #expect(clients.contains("control-mode"))
            #expect(clients.contains("no-output"))
            #expect(clients.contains("ignore-size"))
            let size = try await PrivateTmux.tmux(["display-message", "-p", "-t", "t", "#{window_width}"], socket: socket)
            #expect(size == "100\n")
            await pusher.close()
        }
    }

    @Test func perProcessModeSetsTheOption() async throws {
        try await PrivateTmux.with { (socket: String) async throws in
            let pusher = TmuxPusher(target: .socketName(socket), mode: .perProcess)
            #expect(try await pusher.push(Self.awkward) == .process)
            #expect(try await PrivateTmux.value(socket: socket) == Self.awkward)
        }
    }

    @Test func aRenderedFeedLineSurvivesTheRoundTrip() async throws {
        try await PrivateTmux.with { (socket: String) async throws in
            var live = LiveActivity()
            live.apply(WorkoutSnapshot(workoutID: "w", state: .running, activity: .running, workoutName: "#1 'race'",
                                       elapsed: 65, at: Timestamp(monotonic: .zero, date: Date(timeIntervalSince1970: 0))))
            let line = live.content(at: Timestamp(monotonic: .zero, date: Date(timeIntervalSince1970: 0)))
                .render(presentation: .expanded, format: .tmux, wording: .builtIn(.en))
            let pusher = TmuxPusher(target: .socketName(socket))
            try await pusher.push(line)
            #expect(try await PrivateTmux.value(socket: socket) == line)
            // What tmux draws: styles applied and ## shown as one #.
            let drawn = try await PrivateTmux.tmux(["display-message", "-p", "#{E:@coach}"], socket: socket)
            #expect(drawn.contains("#1 'race'"))
            await pusher.close()
        }
    }

    @Test func withoutAServerThePushSaysTmuxIsUnavailable() async throws {
        let pusher = TmuxPusher(target: .socketName(PrivateTmux.name()))
        await #expect(throws: TmuxError.self) { try await pusher.push("x") }
    }

    @Test func aPusherStartedBeforeTheServerConnectsLater() async throws {
        try await PrivateTmux.with(session: false) { (socket: String) async throws in
            let pusher = TmuxPusher(target: .socketName(socket), reconnectDelay: .zero)
            await #expect(throws: TmuxError.self) { try await pusher.push("early") }
            try await PrivateTmux.tmux(["new-session", "-d", "-s", "late"], socket: socket)
            #expect(try await pusher.push("late") == .controlMode)
            #expect(try await PrivateTmux.value(socket: socket) == "late")
            await pusher.close()
        }
    }

    @Test func aKilledControlClientIsReplaced() async throws {
        try await PrivateTmux.with { (socket: String) async throws in
            let pusher = TmuxPusher(target: .socketName(socket), reconnectDelay: .zero)
            try await pusher.push("one")
            try await PrivateTmux.tmux(["detach-client", "-a", "-s", "t"], socket: socket)
            try await PrivateTmux.tmux(["new-session", "-d", "-s", "u"], socket: socket)
            try await PrivateTmux.tmux(["kill-session", "-t", "t"], socket: socket)
            // The old client may linger for a moment; either path must deliver the value.
            let method = try await pusher.push("two")
            #expect(method != .skipped)
            #expect(try await PrivateTmux.value(socket: socket) == "two")
            await pusher.close()
        }
    }
}
