// Terminal column widths: CJK and fullwidth characters take two columns, so Japanese text must be
// measured, not counted, to centre and cut lines on the widget.

public enum TextWidth {
    /// Columns `text` occupies in a terminal (East Asian Wide/Fullwidth = 2, combining marks = 0).
    public static func columns(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + columns($1) }
    }

    static func columns(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if value < 0x1100 { return 1 }
        let wide: [ClosedRange<UInt32>] = [
            0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
            0x1F900...0x1F9FF, 0x20000...0x3FFFD,
        ]
        return wide.contains { $0.contains(value) } ? 2 : 1
    }

    /// `text` cut to at most `width` columns, ending in "…" when cut.
    public static func truncate(_ text: String, to width: Int) -> String {
        guard columns(text) > width else { return text }
        guard width > 0 else { return "" }
        var out = "", used = 0
        for character in text {
            let w = columns(String(character))
            if used + w > width - 1 { break }
            out.append(character)
            used += w
        }
        return out + "…"
    }

    /// `text` centred in exactly `width` columns (cut first if needed).
    public static func center(_ text: String, in width: Int) -> String {
        let cut = truncate(text, to: width)
        let free = width - columns(cut)
        let left = free / 2
        return String(repeating: " ", count: left) + cut + String(repeating: " ", count: free - left)
    }
}
