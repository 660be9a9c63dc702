// Server-sent events framing (WHATWG HTML §9.2): the exact bytes of one event, a comment (the
// heartbeat) and the reconnection delay. Pure text in, text out, so the rules an EventSource
// depends on — a blank line ends an event, every line of data gets its own `data:` field, no
// field may carry a line break — are tested without a socket (EventStreamFrameTests).

/// One event as an EventSource sees it: `event:` names the listener, `id:` is what the browser
/// sends back as `Last-Event-ID` when it reconnects.
public struct EventStreamFrame: Sendable, Hashable {
    public var event: String?
    public var id: String?
    public var data: String

    public init(event: String? = nil, id: String? = nil, data: String) {
        self.event = event
        self.id = id
        self.data = data
    }

    /// The event's bytes, ending in the blank line that dispatches it. Data split on any line
    /// break (CRLF, CR or LF, as the parser splits) so a multi-line payload arrives whole; names
    /// and ids lose line breaks and NULs (an id with NUL is ignored by the browser, a line break
    /// would start a new field).
    public var text: String {
        var out = ""
        if let event { out += "event: " + Self.field(event) + "\n" }
        if let id { out += "id: " + Self.field(id).filter { $0 != "\0" } + "\n" }
        for line in Self.lines(data) { out += "data: " + line + "\n" }
        return out + "\n"
    }

    /// A comment: ignored by EventSource, but it keeps proxies and NAT from closing an idle
    /// stream and lets the server notice a peer that has gone.
    public static func comment(_ text: String) -> String {
        lines(text).map { ": " + $0 + "\n" }.joined() + "\n"
    }

    /// How long the browser waits before it reconnects after the stream ends.
    public static func retry(milliseconds: Int) -> String {
        "retry: \(max(0, milliseconds))\n\n"
    }

    static func field(_ value: String) -> String {
        String(value.unicodeScalars.filter { $0 != "\n" && $0 != "\r" }.map(Character.init))
    }

    /// Splits as the event-stream parser does: CRLF, lone CR and lone LF each end a line.
    static func lines(_ text: String) -> [String] {
        var lines: [String] = []
        var current = String.UnicodeScalarView()
        var afterCR = false
        for scalar in text.unicodeScalars {
            if afterCR, scalar == "\n" { afterCR = false; continue }
            afterCR = false
            if scalar == "\n" || scalar == "\r" {
                lines.append(String(current))
                current = String.UnicodeScalarView()
                afterCR = scalar == "\r"
            } else {
                current.append(scalar)
            }
        }
        lines.append(String(current))
        return lines
    }
}
