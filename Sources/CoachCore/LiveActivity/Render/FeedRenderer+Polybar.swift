// polybar `tail = true` lines: `%{F#rrggbb}…%{F-}` colour tags, every `%` in text doubled so user
// text cannot open a tag. An idle feed is an empty line, which hides the module.

extension FeedRenderer {
    public static func polybarEscape(_ text: String) -> String {
        text.replacing("%", with: "%%")
    }

    func polybar(_ lines: [FeedLine], styleClass: String) -> String {
        Self.tagged(lines, styleClass: styleClass, escape: Self.polybarEscape) { "%{F\($0)}\($1)%{F-}" }
    }
}
