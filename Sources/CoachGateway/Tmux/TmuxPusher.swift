// TmuxPusher: puts the rendered feed into a tmux user option (`@coach`) that the status line shows
// with `#{@coach}`: pushed on change, never polled with `#()`. One persistent control-mode client
// carries every `set -g` (tens of µs each); without a client (no session yet, tmux restarted) each
// change runs `tmux set -g` as a process (about 2 ms) and a new client is tried again later.

#if canImport(FoundationEssentials)
import FoundationEssentials
#endif
import CoachCore
import Foundation

public actor TmuxPusher {
    public enum Mode: Sendable, Hashable {
        /// A persistent `tmux -C` client, falling back to one process per change while it is down.
        case controlMode
        /// `tmux set -g` per change (for comparison, or where control mode is unwanted).
        case perProcess
    }

    /// How the last push reached tmux.
    public enum Method: Sendable, Hashable { case controlMode, process, skipped }

    public let target: TmuxTarget
    public let option: String
    public let mode: Mode
    private let executable: String
    private var client: TmuxControlClient?
    private var lastValue: String?
    private var nextConnectAttempt: ContinuousClock.Instant?
    /// How long to wait before trying a control client again after one failed to start.
    private let reconnectDelay: Duration

    public init(target: TmuxTarget = .default, option: String = "@coach", mode: Mode = .controlMode,
                executable: String = "tmux", reconnectDelay: Duration = .seconds(5)) {
        precondition(option.hasPrefix("@"), "tmux user options start with @")
        self.target = target
        self.option = option
        self.mode = mode
        self.executable = executable
        self.reconnectDelay = reconnectDelay
    }

    /// Sets the option to `value` (a rendered tmux string), unless it already holds it. Throws
    /// `TmuxError.unavailable` when no tmux server or session is there to show it.
    @discardableResult
    public func push(_ value: String) async throws -> Method {
        if value == lastValue { return .skipped }
        let command = "set-option -g \(option) \(TmuxQuote.single(value))"
        if mode == .controlMode, let client = await connectedClient() {
            do {
                _ = try await client.send(command)
                lastValue = value
                return .controlMode
            } catch TmuxError.commandFailed(let message) {
                throw TmuxError.commandFailed(message)
            } catch {
                // The client died under us (tmux restarted, session killed): fall through once.
                self.client = nil
            }
        }
        try await TmuxProcess.check(["set-option", "-g", option, value], target: target, executable: executable)
        lastValue = value
        return .process
    }

    /// The option's current raw value, as `tmux display -p '#{@coach}'` prints it.
    public func currentValue() async throws -> String {
        if mode == .controlMode, let client = await connectedClient(),
           let lines = try? await client.send("display-message -p \(TmuxQuote.single("#{\(option)}"))") {
            return lines.joined(separator: "\n")
        }
        let output = try await TmuxProcess.check(["display-message", "-p", "#{\(option)}"], target: target, executable: executable)
        return output.hasSuffix("\n") ? String(output.dropLast()) : output
    }

    /// Empties the option (so a stopped gateway leaves no frozen workout on the status line) and
    /// detaches the control client.
    public func close(clearing: Bool = true) async {
        if clearing, lastValue != nil, lastValue != "" { _ = try? await push("") }
        client?.close()
        client = nil
    }

    private func connectedClient() async -> TmuxControlClient? {
        if let client, client.isAlive { return client }
        client = nil
        let now = ContinuousClock.now
        if let next = nextConnectAttempt, now < next { return nil }
        do {
            let connected = try await TmuxControlClient.connect(target: target, executable: executable)
            client = connected
            nextConnectAttempt = nil
            return connected
        } catch {
            nextConnectAttempt = now + reconnectDelay
            return nil
        }
    }
}

extension TmuxPusher {
    /// Pushes every content as the compact tmux line until the stream ends, then clears the option.
    /// A tmux that is not running is not an error: the next change tries again.
    public func follow(_ contents: AsyncStream<LiveActivityContent>, wording: Wording,
                       presentation: FeedPresentation = .compact) async {
        let renderer = FeedRenderer(wording: wording)
        for await content in contents {
            _ = try? await push(renderer.render(content, presentation: presentation, format: .tmux))
        }
        await close()
    }
}
