// MarkupText: the one escaper for XML-style markup — the TCX, GPX and SVG files Coach writes, and the
// Pango markup waybar shows — as JSONText is the one JSON escaper.

public enum MarkupText {
    /// `text` with &, <, >, " and ' written as entities, safe in element content and in attribute
    /// values. `apostrophe` is how ' is written: XML's `&apos;`, or `&#39;` where a reader may not
    /// know that entity (Pango markup has always been written so here).
    public static func escape(_ text: String, apostrophe: String = "&apos;") -> String {
        guard text.contains(where: { "&<>\"'".contains($0) }) else { return text }
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += apostrophe
            default: out.append(character)
            }
        }
        return out
    }
}
