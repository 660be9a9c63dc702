// The presentations (ActivityKit's compact / minimal / expanded) and the output formats of the feed.

/// How much the feed shows: a Dynamic-Island-sized line, a glyph and a time, or the lock-screen view.
public enum FeedPresentation: String, Sendable, Hashable, Codable, CaseIterable {
    /// One short line: glyph, activity, elapsed, heart rate.
    case compact
    /// A glyph and the time (or the countdown digit).
    case minimal
    /// Several lines: activity and location, state, elapsed, metrics, goal progress, laps.
    case expanded
}

/// The wire formats of `coach status --format F`. Each renders one update; see `FeedStream` for the
/// per-line streaming of `--follow`.
public enum FeedFormat: String, Sendable, Hashable, Codable, CaseIterable {
    case text, json, tmux, waybar, i3bar, polybar
}
