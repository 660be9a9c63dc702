// The format-neutral view of one presentation: lines of spans, each with a role that formats turn
// into colour (tmux, polybar, i3bar) or drop (text, JSON). Every presentation is decided here once.

import CoachWire

/// What a span is, so a format can colour it. User-derived text is always `.title`.
public enum FeedRole: Sendable, Hashable {
    case glyph, title, state, time, label, metric(FeedMetricKind), unavailable, progress, separator
}

public struct FeedSpan: Sendable, Hashable {
    public var text: String
    public var role: FeedRole

    public init(_ text: String, _ role: FeedRole) {
        self.text = text
        self.role = role
    }
}

public typealias FeedLine = [FeedSpan]

/// Builds the lines of a presentation for one content, in one language's wording.
public struct FeedView: Sendable {
    public var content: LiveActivityContent
    public var wording: Wording

    public init(content: LiveActivityContent, wording: Wording) {
        self.content = content
        self.wording = wording
    }

    var strings: FeedStrings { FeedStrings(wording: wording) }
    var state: LiveActivityContentState { content.state }

    /// A state glyph that keeps one terminal column in every common font (no emoji presentation).
    public static func glyph(_ phase: FeedPhase) -> String {
        switch phase {
        case .idle: return "○"
        case .countdown: return "◷"
        case .running: return "▶"
        case .paused, .autoPaused: return "‖"
        case .stopping: return "■"
        case .ended: return "✓"
        }
    }

    /// The custom workout name when there is one, else "outdoor run".
    public var title: String {
        guard let attributes = content.attributes else { return strings.noWorkout }
        return attributes.workoutName ?? attributes.title(wording)
    }

    /// The shortest activity name: the activity itself, never the custom name (compact is tiny).
    var activityName: String { content.attributes.map { wording.label($0.activity) } ?? "" }

    /// Elapsed time, or the countdown digit while counting down.
    var timeText: String {
        if state.phase == .countdown { return state.countdown.map(String.init) ?? "" }
        return FeedNumberFormat.clock(state.elapsed)
    }

    public func lines(_ presentation: FeedPresentation) -> [FeedLine] {
        if let notice = state.notice { return [[FeedSpan("✕", .glyph), FeedSpan(" ", .separator), FeedSpan(notice, .unavailable)]] }
        if state.phase == .idle {
            // Bars hide an empty module; the expanded view says so in words.
            return presentation == .expanded ? [[FeedSpan(Self.glyph(.idle), .glyph), FeedSpan(" " + strings.noWorkout, .state)]] : []
        }
        switch presentation {
        case .minimal: return [minimal]
        case .compact: return [compact]
        case .expanded: return expanded
        }
    }

    var minimal: FeedLine {
        [FeedSpan(Self.glyph(state.phase), .glyph), FeedSpan(" ", .separator), FeedSpan(timeText, .time)]
    }

    var compact: FeedLine {
        var line: FeedLine = [FeedSpan(Self.glyph(state.phase), .glyph), FeedSpan(" ", .separator),
                              FeedSpan(activityName, .title), FeedSpan(" ", .separator), FeedSpan(timeText, .time)]
        if let heart = state.metric(.heartRate) {
            let value = heart.value.map(FeedNumberFormat.integer)
            line += [FeedSpan(" ", .separator), FeedSpan("♥" + (value ?? "--"), value == nil ? .unavailable : .metric(.heartRate))]
        }
        if let stepText { line += [FeedSpan(" · ", .separator), FeedSpan(stepText, .state)] }
        return line
    }

    var expanded: [FeedLine] {
        var lines: [FeedLine] = [[FeedSpan(Self.glyph(state.phase), .glyph), FeedSpan(" ", .separator), FeedSpan(title, .title)]]
        var status: FeedLine = [FeedSpan(strings.phase(state.phase, countdown: state.countdown), .state)]
        if state.isStale { status += [FeedSpan(" · ", .separator), FeedSpan(strings.noRecentData, .unavailable)] }
        if state.isLocked { status += [FeedSpan(" · ", .separator), FeedSpan(strings.locked, .state)] }
        lines.append(status)
        lines.append([FeedSpan(strings.elapsed + " ", .label), FeedSpan(FeedNumberFormat.clock(state.elapsed), .time)])
        if !state.metrics.isEmpty {
            var metrics: FeedLine = []
            for metric in state.metrics {
                if !metrics.isEmpty { metrics.append(FeedSpan(" · ", .separator)) }
                let prefix = metric.kind == .heartRate ? "♥ " : ""
                let zone = metric.kind == .heartRate ? strings.zoneSuffix(state.heartRateZone)
                    : metric.kind == .power ? strings.powerZoneSuffix(state.powerZone) : ""
                metrics.append(FeedSpan(prefix + strings.metric(metric) + zone, metric.value == nil ? .unavailable : .metric(metric.kind)))
            }
            lines.append(metrics)
        }
        if let stepText { lines.append([FeedSpan(stepText, .state)]) }
        if let goalLine { lines.append(goalLine) }
        if let laps = state.laps, laps > 0 {
            lines.append([FeedSpan(strings.laps + " ", .label), FeedSpan(String(laps), .time)])
        }
        return lines
    }

    /// "Interval 3/5 · 400 m · 1:32 left · target 4:00–4:10/km"; locked, "Interval 3/5".
    var stepText: String? {
        state.step.map { wording.stepLine($0, locked: state.isLocked) }
    }

    var goalLine: FeedLine? {
        if state.goalReached { return [FeedSpan(strings.goalReached + " ✓", .progress)] }
        guard let goal = content.attributes?.goal, let target = strings.goalTarget(goal),
              let progress = state.goalProgress else { return nil }
        return [FeedSpan(strings.goal + " " + target + " ", .label), FeedSpan(Self.bar(progress), .progress),
                FeedSpan(" \(Self.percent(progress))%", .progress)]
    }

    /// Whole percent, floored so 100% means done.
    public static func percent(_ progress: Double) -> Int {
        Int((Swift.min(Swift.max(progress, 0), 1) * 100).rounded(.down))
    }

    public static func bar(_ progress: Double, width: Int = 10) -> String {
        let filled = Swift.min(width, Int((Swift.min(Swift.max(progress, 0), 1) * Double(width)).rounded(.down)))
        return String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
    }
}
