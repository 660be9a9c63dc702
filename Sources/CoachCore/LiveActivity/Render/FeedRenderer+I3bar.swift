// i3bar / swaybar status line: a JSON array of blocks (one status line of the endless array; the
// header and the `[` / `,` framing are `FeedStream`'s). Compact and minimal give one block; expanded
// gives one block per item so the bar can colour and shorten each.

import CoachWire

extension FeedRenderer {
    public static let i3barHeader = #"{"version":1}"#

    func i3bar(_ view: FeedView, presentation: FeedPresentation) -> String {
        let content = view.content
        let styleClass = content.styleClass
        let colour = FeedPalette.colour(forClass: styleClass)
        if content.state.phase == .idle { return "[]" }
        var blocks: [String] = []
        func block(_ instance: String, full: String, short: String, colour: String?) {
            var pairs: [(String, String)] = [
                ("full_text", JSONText.string(Self.singleLine(full))),
                ("short_text", JSONText.string(Self.singleLine(short))),
            ]
            if let colour { pairs.append(("color", JSONText.string(colour))) }
            pairs += [("name", JSONText.string("coach")), ("instance", JSONText.string(instance)),
                      ("urgent", "false"), ("markup", JSONText.string("none"))]
            blocks.append(JSONText.object(pairs))
        }
        let minimal = Self.plain([view.minimal]).joined()
        switch presentation {
        case .minimal:
            block("workout", full: minimal, short: minimal, colour: colour)
        case .compact:
            block("workout", full: Self.plain([view.compact]).joined(), short: minimal, colour: colour)
        case .expanded:
            let lines = view.expanded
            let head = Self.plain([lines[0]]).joined() + " " + view.timeText
            block("workout", full: head, short: minimal, colour: colour)
            block("state", full: Self.plain([lines[1]]).joined(), short: Self.plain([lines[1]]).joined(), colour: colour)
            let strings = view.strings
            for metric in content.state.metrics {
                let text = (metric.kind == .heartRate ? "♥ " : "") + strings.metric(metric)
                block(metric.kind.rawValue, full: text, short: text,
                      colour: metric.value == nil ? FeedPalette.grey : (metric.kind == .heartRate ? FeedPalette.heart : nil))
            }
            if let step = content.state.step, let text = view.stepText {
                block("step", full: text, short: view.wording.stepLabel(step), colour: colour)
            }
            if let goal = view.goalLine {
                let text = Self.plain([goal]).joined()
                let short = content.state.goalProgress.map { "\(FeedView.percent($0))%" } ?? text
                block("goal", full: text, short: short, colour: colour)
            }
        }
        return "[" + blocks.joined(separator: ",") + "]"
    }
}
