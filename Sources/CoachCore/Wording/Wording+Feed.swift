// The status feed's own words — phases, labels, metric names — from `feed:` in
// Intents/<lang>/_responses.yaml, so the status line, the bars and the widget are worded where the
// replies are, and a new language is a file, not Swift.

extension Wording {
    /// Every key of `feed:` a presentation uses; Wording reads exactly these.
    static let feedKeys = [
        "noWorkout", "starting", "startingIn", "running", "paused", "autoPaused", "stopping", "ended",
        "elapsed", "goal", "goalReached", "laps", "locked", "noRecentData", "summary", "zone", "powerZone",
    ] + FeedMetricKind.allCases.map(\.rawValue) + ["steps", "minutes", "quit"]
        + ["connecting", "unreachable", "pauseButton", "resumeButton", "commandsOff"]
        + ["classTitle", "classRiders", "classRider", "classGone", "classWaiting", "classZone", "classPowerZone", "classStep"]
        + ["step", "notBegun", "noZonesWithoutFTP"]

    /// The feed's word for `key` with `{name}` placeholders filled; the key itself when the
    /// vocabulary has no such word, so a gap shows as `noWorkout`, never as nothing.
    public func feedWord(_ key: String, _ values: [String: String] = [:]) -> String {
        Self.fill(feed[key] ?? key, values)
    }
}
