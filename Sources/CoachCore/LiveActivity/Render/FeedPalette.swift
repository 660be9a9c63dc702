// Colours of the feed, shared by every format that has colour, so tmux, polybar and i3bar agree.

enum FeedPalette {
    static let grey = "#6272a4"
    static let heart = "#ff5555"

    /// The colour of a state class (`LiveActivityContent.styleClass`).
    static func colour(forClass styleClass: String) -> String {
        switch styleClass {
        case "running": return "#50fa7b"
        case "countdown": return "#8be9fd"
        case "paused", "autoPaused", "stopping": return "#f1fa8c"
        case "ended": return "#bd93f9"
        case "stale": return "#ffb86c"
        default: return grey  // idle, locked
        }
    }

    /// A span's colour, or nil to keep the bar's default foreground.
    static func colour(for role: FeedRole, styleClass: String) -> String? {
        switch role {
        case .glyph, .state, .progress: return colour(forClass: styleClass)
        case .metric(.heartRate): return heart
        case .unavailable, .label: return grey
        case .title, .time, .metric, .separator: return nil
        }
    }
}
