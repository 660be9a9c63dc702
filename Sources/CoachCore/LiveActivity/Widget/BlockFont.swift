// A 5-row block font for the widget's big clock: each glyph is a 3×5 bitmap drawn two cells per
// pixel, because terminal cells are about twice as tall as wide and square pixels read better.

public enum BlockFont {
    public static let rows = 5

    private static let bitmaps: [Character: [String]] = [
        "0": ["###", "# #", "# #", "# #", "###"],
        "1": [" # ", "## ", " # ", " # ", "###"],
        "2": ["###", "  #", "###", "#  ", "###"],
        "3": ["###", "  #", "###", "  #", "###"],
        "4": ["# #", "# #", "###", "  #", "  #"],
        "5": ["###", "#  ", "###", "  #", "###"],
        "6": ["###", "#  ", "###", "# #", "###"],
        "7": ["###", "  #", "  #", "  #", "  #"],
        "8": ["###", "# #", "###", "# #", "###"],
        "9": ["###", "# #", "###", "  #", "###"],
        ":": [" ", "#", " ", "#", " "],
        "-": ["   ", "   ", "###", "   ", "   "],
        " ": ["   ", "   ", "   ", "   ", "   "],
    ]

    /// The five rows of `text` in big glyphs, one column of space between glyphs. Characters the
    /// font lacks are drawn as blanks.
    public static func render(_ text: String) -> [String] {
        var rows = Array(repeating: "", count: Self.rows)
        for (index, character) in text.enumerated() {
            let bitmap = bitmaps[character] ?? bitmaps[" "]!
            for row in 0..<Self.rows {
                if index > 0 { rows[row] += "  " }
                rows[row] += bitmap[row].map { $0 == "#" ? "██" : "  " }.joined()
            }
        }
        return rows
    }

    /// Columns `render(text)` takes.
    public static func width(_ text: String) -> Int {
        TextWidth.columns(render(text).first ?? "")
    }
}
