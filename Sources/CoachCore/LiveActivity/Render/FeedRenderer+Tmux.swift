// tmux status-line format: `#[fg=#rrggbb]…#[default]` styles; every `#` in text doubled, since tmux
// reads the pushed option as a format (`##` draws one `#`, a lone `#[` would start a style).

extension FeedRenderer {
    public static func tmuxEscape(_ text: String) -> String {
        text.replacing("#", with: "##")
    }

    func tmux(_ lines: [FeedLine], styleClass: String) -> String {
        Self.tagged(lines, styleClass: styleClass, escape: Self.tmuxEscape) { "#[fg=\($0)]\($1)#[default]" }
    }
}
