// The `coach widget` screen as a pure function: content + terminal size → exactly `rows` lines of
// exactly `columns` columns. Lock-screen style: the activity on top, the elapsed time (or the 3-2-1
// countdown) in big digits, then state, metrics, goal bar and laps, centred. The terminal loop in
// the executable only writes these lines; everything worth testing is here.

import CoachWire

public struct WidgetSize: Sendable, Hashable {
    public var columns: Int
    public var rows: Int

    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }
}

/// One frame: the lines, and which of them carry the state colour (the big clock and the state).
public struct WidgetFrame: Sendable, Hashable {
    public var lines: [String]
    public var accentRows: Set<Int>
    /// The state class whose colour the accent rows take (`LiveActivityContent.styleClass`).
    public var styleClass: String
    /// That colour as `#rrggbb`, the same as the bars use.
    public var accentColour: String { FeedPalette.colour(forClass: styleClass) }
}

public enum WidgetScreen {
    public static func render(_ content: LiveActivityContent, size: WidgetSize,
                              wording: Wording) -> WidgetFrame {
        let columns = Swift.max(size.columns, 1), rows = Swift.max(size.rows, 1)
        let view = FeedView(content: content, wording: wording)
        let strings = FeedStrings(wording: wording)
        let state = content.state
        var body: [(String, Bool)] = []  // (line, accent)

        if state.phase == .idle {
            body.append((FeedView.glyph(.idle) + " " + strings.noWorkout, true))
        } else {
            body.append((FeedView.glyph(state.phase) + " " + view.title, false))
            body.append(("", false))
            let clock = state.phase == .countdown ? (state.countdown.map(String.init) ?? "") : FeedNumberFormat.clock(state.elapsed)
            let big = BlockFont.render(clock)
            // Big digits only where they fit with room for the rest; else the plain clock.
            if BlockFont.width(clock) <= columns && rows >= 14 {
                body += big.map { ($0, true) }
            } else {
                body.append((clock, true))
            }
            body.append(("", false))
            var status = strings.phase(state.phase, countdown: state.countdown)
            if state.isStale { status += " · " + strings.noRecentData }
            if state.isLocked { status += " · " + strings.locked }
            if state.phase == .ended { status += " · " + strings.summary }
            body.append((status, true))
            if !state.metrics.isEmpty {
                body.append(("", false))
                body += wrap(state.metrics.map { strings.metricWithZone($0, state: state) }, width: columns).map { ($0, false) }
            }
            // A plan's step, as the status line words it (locked: only which step it is).
            if let step = view.stepText {
                body.append(("", false))
                body.append((step, true))
            }
            if state.goalReached {
                body.append((strings.goalReached + " ✓", false))
            } else if let goal = content.attributes?.goal, let target = strings.goalTarget(goal),
                      let progress = state.goalProgress {
                let label = strings.goal + " " + target + " "
                let percent = " \(FeedView.percent(progress))%"
                let barWidth = Swift.max(4, Swift.min(40, columns - TextWidth.columns(label + percent) - 2))
                body.append((label + FeedView.bar(progress, width: barWidth) + percent, false))
            }
            if let laps = state.laps, laps > 0 { body.append((strings.laps + " \(laps)", false)) }
        }

        let hint = strings.quitHint
        let visible = Array(body.prefix(Swift.max(rows - 1, 1)))
        let top = Swift.max(0, (rows - 1 - visible.count) / 2)
        var lines = Array(repeating: String(repeating: " ", count: columns), count: rows)
        var accent = Set<Int>()
        for (offset, (text, isAccent)) in visible.enumerated() where top + offset < rows {
            lines[top + offset] = TextWidth.center(text, in: columns)
            if isAccent { accent.insert(top + offset) }
        }
        if rows > visible.count { lines[rows - 1] = TextWidth.center(hint, in: columns) }
        return WidgetFrame(lines: lines, accentRows: accent, styleClass: content.styleClass)
    }

    /// Metrics joined by three spaces, wrapped onto as many lines as the width needs.
    static func wrap(_ items: [String], width: Int) -> [String] {
        var lines: [String] = [], current = ""
        for item in items {
            let candidate = current.isEmpty ? item : current + "   " + item
            if TextWidth.columns(candidate) > width, !current.isEmpty {
                lines.append(current)
                current = item
            } else {
                current = candidate
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}
