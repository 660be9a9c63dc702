// FeedRenderer: one content × presentation × format → the exact text a consumer reads. Pure: the
// same content gives the same bytes, so tests pin formats and the pusher can skip unchanged values.

import CoachWire

public struct FeedRenderer: Sendable {
    /// The words of the language the feed is shown in (Intents/<lang>/_responses.yaml).
    public var wording: Wording

    public init(wording: Wording) { self.wording = wording }

    /// One update in `format`, without a trailing newline. Single-line formats (tmux, polybar, JSON,
    /// waybar, i3bar) join the expanded presentation's lines with two spaces; text keeps its lines.
    public func render(_ content: LiveActivityContent, presentation: FeedPresentation, format: FeedFormat) -> String {
        let view = FeedView(content: content, wording: wording)
        switch format {
        case .text: return Self.plain(view.lines(presentation)).joined(separator: "\n")
        case .json: return json(view, presentation: presentation)
        case .tmux: return tmux(view.lines(presentation), styleClass: content.styleClass)
        case .waybar: return waybar(view, presentation: presentation)
        case .i3bar: return i3bar(view, presentation: presentation)
        case .polybar: return polybar(view.lines(presentation), styleClass: content.styleClass)
        }
    }

    static let lineSeparator = "  "

    static func plain(_ lines: [FeedLine]) -> [String] {
        lines.map { $0.map(\.text).joined() }
    }

    /// The presentation on one line, for bars: lines joined by two spaces.
    static func oneLine(_ lines: [FeedLine]) -> FeedLine {
        var joined: FeedLine = []
        for line in lines {
            if !joined.isEmpty { joined.append(FeedSpan(lineSeparator, .separator)) }
            joined += line
        }
        return joined
    }

    /// The presentation on one line in a format with inline colour tags (tmux, polybar): each
    /// span's text kept to one line and escaped for the format, a coloured one wrapped by `tag`
    /// (colour, text).
    static func tagged(_ lines: [FeedLine], styleClass: String, escape: (String) -> String,
                       tag: (_ colour: String, _ text: String) -> String) -> String {
        oneLine(lines).map { span in
            let text = escape(singleLine(span.text))
            guard let colour = FeedPalette.colour(for: span.role, styleClass: styleClass) else { return text }
            return tag(colour, text)
        }.joined()
    }

    /// Bars draw one line: a newline or tab inside user text would break the format.
    static func singleLine(_ text: String) -> String {
        String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 })
    }
}

extension LiveActivityContent {
    /// Shorthand for `FeedRenderer(wording:).render(self, presentation:format:)`.
    public func render(presentation: FeedPresentation = .compact, format: FeedFormat, wording: Wording) -> String {
        FeedRenderer(wording: wording).render(self, presentation: presentation, format: format)
    }
}
