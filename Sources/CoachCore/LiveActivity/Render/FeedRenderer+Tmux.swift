// tmux status-line format: `#[fg=#rrggbb]…#[default]` styles; every `#` in text doubled, since tmux
// reads the pushed option as a format (`##` draws one `#`, a lone `#[` would start a style).

extension FeedRenderer {
    public static func tmuxEscape(_ text: String) -> String {
        text.replacing("#", with: "##")
    }

    func tmux(_ lines: [FeedLine], styleClass: String) -> String {
        Self.oneLine(lines).map { span in
            let text = Self.tmuxEscape(Self.singleLine(span.text))
            guard let colour = FeedPalette.colour(for: span.role, styleClass: styleClass) else { return text }
            return "#[fg=\(colour)]\(text)#[default]"
        }.joined()
    }

    /// Bars draw one line: a newline or tab inside user text would break the format.
    static func singleLine(_ text: String) -> String {
        String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 })
    }
}
