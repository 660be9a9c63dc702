// `coach status`: the workout now, once or following every change, as a sentence, JSON, or a
// status-bar line (tmux, waybar, i3bar, polybar) rendered from the gateway's Live Activity.

import CoachWire
import ArgumentParser
import CoachCore
import CoachGateway
import CoachLanguage
import Foundation

struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "Show the workout's status.",
        discussion: """
            text is a sentence and json the workout object of the protocol; tmux, waybar, i3bar and
            polybar are status-bar lines (docs/status-feed.md). --follow prints every change, one
            line (or block) each, flushed — what a bar's continuous script needs.

            Examples:
              coach status
              coach status --format json
              coach status --format waybar --follow          # waybar "return-type": "json"
              coach status --format i3bar --follow           # i3bar / swaybar status_command
              tmux set -g status-right '#(coach status --format tmux)'   # polling fallback; see coach tmux setup
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, tmux, waybar, i3bar, polybar

        var feedFormat: FeedFormat? { FeedFormat(rawValue: rawValue) }
        var isBar: Bool { self != .text && self != .json }
    }

    @OptionGroup var options: GatewayOptions
    @Option(help: "text, json, tmux, waybar, i3bar or polybar.") var format: Format = .text
    @Option(help: "For bar formats: compact, minimal or expanded.") var presentation: FeedPresentation?
    @Flag(help: "Keep printing every change.") var follow = false

    func run() throws {
        let client = try OneShot.connect(options)
        let language = options.lang ?? .en
        let display: Language = language == .ja ? .ja : .en
        do {
            if !follow {
                try QuickStatus.answer(client, QuickStatus.Query(format: format.rawValue, presentation: presentation?.rawValue,
                                                                 language: language.rawValue, json: options.json))
            } else if format.isBar, let feedFormat = format.feedFormat {
                try followBar(client, format: feedFormat, language: display)
            } else {
                try followStatus(client, language: language)
            }
        } catch {
            OneShot.printError(error.description)
            throw ExitCode(ExitStatus.unreachable.rawValue)
        }
    }

    private func followBar(_ client: GatewayClient, format: FeedFormat, language: Language) throws(GatewayClientError) {
        var stream = FeedStream(format: format, presentation: presentation, wording: .builtIn(language))
        _ = try client.call("subscribe", ["events": false, "status": false, "feed": true])
        while true {
            if let text = stream.next(try Self.decode(try client.nextNotification("feed"))) { StandardOutput.write(text) }
        }
    }

    private func followStatus(_ client: GatewayClient, language: Language) throws(GatewayClientError) {
        _ = try client.call("subscribe", ["events": false, "status": true, "lang": .string(language.rawValue)])
        var last = ""
        while true {
            let params = try client.nextNotification("status")
            let text: String
            if format == .json || options.json {
                text = params.serialized()
            } else {
                let workout = try? WireWorkout(json: params)
                let seconds = workout?.elapsed ?? 0
                let elapsed = seconds.isFinite && seconds > 0 && seconds < 1e15 ? Int(seconds.rounded(.down)) : 0
                text = "\(workout?.activity ?? "workout") \(workout?.state ?? "?") "
                    + "\(elapsed / 60):\(elapsed % 60 < 10 ? "0" : "")\(elapsed % 60)"
            }
            guard text != last else { continue }
            last = text
            StandardOutput.write(text + "\n")
        }
    }

    static func decode(_ value: JSONValue) throws(GatewayClientError) -> LiveActivityContent {
        try LiveActivityContent.decoding(value, from: "feed")
    }
}

extension FeedPresentation: ExpressibleByArgument {}
