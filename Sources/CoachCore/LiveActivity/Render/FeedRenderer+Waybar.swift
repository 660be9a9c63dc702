// Waybar `custom` module with `"return-type": "json"`: one object per line, text = the presentation
// on one line, tooltip = the expanded view, class and alt = the state class, percentage = goal.
// Waybar reads text and tooltip as Pango markup, so both are escaped.

import CoachWire

extension FeedRenderer {
    /// Pango markup, as waybar reads `text` and `tooltip`.
    public static func pangoEscape(_ text: String) -> String { MarkupText.escape(text, apostrophe: "&#39;") }

    func waybar(_ view: FeedView, presentation: FeedPresentation) -> String {
        let text = Self.plain([Self.oneLine(view.lines(presentation))]).joined()
        let tooltip = Self.plain(view.lines(.expanded)).joined(separator: "\n")
        let styleClass = view.content.styleClass
        let percentage = view.content.state.goalProgress.map(FeedView.percent) ?? 0
        return JSONText.object([
            ("text", JSONText.string(Self.pangoEscape(Self.singleLine(text)))),
            ("alt", JSONText.string(styleClass)),
            ("tooltip", JSONText.string(Self.pangoEscape(tooltip))),
            ("class", JSONText.string(styleClass)),
            ("percentage", String(percentage)),
        ])
    }
}
