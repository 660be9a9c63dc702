// FeedStream: the framing of `coach status --follow`. Each update becomes the bytes to write and
// flush, newline-terminated; unchanged output is skipped (a bar gains nothing from a repeat), and
// i3bar gets its header, the opening `[`, and `,` before every status line after the first.

import CoachWire

public struct FeedStream: Sendable {
    public let format: FeedFormat
    public let presentation: FeedPresentation
    public let renderer: FeedRenderer
    private var last: String?

    public init(format: FeedFormat, presentation: FeedPresentation? = nil, wording: Wording) {
        self.format = format
        self.presentation = presentation ?? Self.defaultPresentation(for: format)
        self.renderer = FeedRenderer(wording: wording)
    }

    /// Bars get the compact line (waybar's tooltip carries the expanded view); text and JSON get all.
    public static func defaultPresentation(for format: FeedFormat) -> FeedPresentation {
        switch format {
        case .text, .json: return .expanded
        case .tmux, .waybar, .i3bar, .polybar: return .compact
        }
    }

    /// The text to write for this update, or nil when it would repeat the previous one.
    public mutating func next(_ content: LiveActivityContent) -> String? {
        let rendered = renderer.render(content, presentation: presentation, format: format)
        guard rendered != last else { return nil }
        defer { last = rendered }
        switch format {
        case .i3bar:
            return last == nil ? FeedRenderer.i3barHeader + "\n[\n" + rendered + "\n" : "," + rendered + "\n"
        case .text where presentation == .expanded:
            // A blank line between multi-line updates, so a reader can split them.
            return rendered + "\n\n"
        default:
            return rendered + "\n"
        }
    }
}
