// `coach status`: the workout now, once or following every change, as a sentence, JSON, or a
// status-bar line (tmux, waybar, i3bar, polybar) rendered from the gateway's Live Activity.

import CoachWire
import ArgumentParser
import CoachCore
import CoachGateway
import CoachLanguage
import Foundation

struct StatusCommand: ParsableCommand {
    static var configuration: CommandConfiguration { .words("status") }

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, tmux, waybar, i3bar, polybar

        var feedFormat: FeedFormat? { FeedFormat(rawValue: rawValue) }
        var isBar: Bool { self != .text && self != .json }
    }

    @OptionGroup var options: GatewayOptions
    @Option(help: .words("status", "format")) var format: Format = .text
    @Option(help: .words("status", "presentation")) var presentation: FeedPresentation?
    @Flag(help: .words("status", "follow")) var follow = false

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
