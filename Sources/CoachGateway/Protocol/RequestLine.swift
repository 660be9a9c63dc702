// RequestLine: one line from a client, read once. The connection parses a line as it arrives and
// hands the result on: the event loop's fast path (ping, status, help), the check whether a gone
// client's request only asks, and the router's reply all read the same parse, never the text again.

import CoachWire

public enum RequestLine: Sendable {
    /// Only whitespace: nothing to answer.
    case empty
    /// An utterance, trimmed ("pause my workout"): answered in plain text.
    case text(String)
    /// A JSON-RPC request or batch.
    case rpc(RPCLine)
    /// A line starting with `{` or `[` that is not JSON: the parser's explanation.
    case unparsable(String)

    public init(_ line: String) {
        let trimmed = Self.trimmed(line)
        guard let first = trimmed.utf8.first else { self = .empty; return }
        guard first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else { self = .text(trimmed); return }
        do {
            self = .rpc(try RPCLine(parsing: trimmed))
        } catch {
            self = .unparsable(error.description)
        }
    }

    /// `line` without leading and trailing whitespace. Most lines have none, and return at once:
    /// Foundation's `trimmingCharacters(in:)` cost ~4 % of the gateway's CPU per durable sample.
    static func trimmed(_ line: String) -> String {
        guard let first = line.utf8.first, let last = line.utf8.last else { return line }
        if first > 0x20, first < 0x80, last > 0x20, last < 0x80 { return line }
        let scalars = line.unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let end = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[start...end])
    }
}
