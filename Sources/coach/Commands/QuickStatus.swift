// The non-following `coach status`: one request, one printed reply, through CoachWire only. It is
// answered before the argument parser when the command line is a plain status query (Coach.swift),
// because a status bar that polls pays the start-up every time; StatusCommand calls the same code,
// so the two paths cannot drift apart.

import CoachWire
#if canImport(Glibc)
import Glibc
#endif

enum QuickStatus {
    struct Query: Sendable, Hashable {
        var format = "text"
        var presentation: String?
        var language = "en"
        var socket: String?
        var noStart = false
        var json = false

        /// Bars get the gateway's rendering of the feed; text and JSON the status reply.
        var isBar: Bool { !["text", "json"].contains(format) }
    }

    static let formats = ["text", "json", "tmux", "waybar", "i3bar", "polybar"]

    /// A plain `status` query, or nil for anything the full parser must see (--follow, --help,
    /// `--format=x`, a mistake): those take the ordinary path, with its messages.
    static func parse(_ arguments: [String]) -> Query? {
        guard arguments.first == "status" else { return nil }
        var query = Query()
        var rest = arguments.dropFirst()
        while let argument = rest.popFirst() {
            switch argument {
            case "--format":
                guard let value = rest.popFirst(), formats.contains(value) else { return nil }
                query.format = value
            case "--presentation":
                guard let value = rest.popFirst(), ["compact", "minimal", "expanded"].contains(value) else { return nil }
                query.presentation = value
            case "--lang":
                guard let value = rest.popFirst(), ["en", "ja"].contains(value) else { return nil }
                query.language = value
            case "--socket":
                guard let value = rest.popFirst() else { return nil }
                query.socket = value
            case "--no-start": query.noStart = true
            case "--json": query.json = true
            default: return nil
            }
        }
        return query
    }

    /// Answers a query if a gateway is there: the exit status, or nil when none answers (the
    /// ordinary path then starts one, or says why it cannot).
    static func run(_ query: Query) -> Int32? {
        guard let client = try? GatewayClient(location: SocketLocation.resolve(explicit: query.socket)) else { return nil }
        do {
            try answer(client, query)
            return ExitStatus.success.rawValue
        } catch {
            let line = "coach: \(error.description)\n"
            _ = line.withCString { write(2, $0, strlen($0)) }
            return ExitStatus.unreachable.rawValue
        }
    }

    /// Asks the gateway and prints its reply.
    static func answer(_ client: GatewayClient, _ query: Query) throws(GatewayClientError) {
        if query.isBar {
            var params: [(String, JSONValue)] = [("format", .string(query.format)), ("lang", .string(query.language))]
            if let presentation = query.presentation { params.append(("presentation", .string(presentation))) }
            print(try client.call("feed.render", .object(params), as: FeedRenderResult.self).text)
        } else {
            let result = try client.call("status", ["lang": .string(query.language)])
            let status: IntentResult
            do { status = try IntentResult(json: result) } catch { throw .protocolError("status: \(error)") }
            print(query.format == "json" || query.json ? (status.workout?.json ?? result).serialized() : status.message)
        }
    }
}
