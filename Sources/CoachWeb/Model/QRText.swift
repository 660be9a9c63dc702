// QRText: a QR code's modules as terminal text, two module rows per line with half blocks, inside
// the 4-module quiet zone a scanner needs. Like `qrencode -t UTF8`, light modules are drawn in the
// terminal's foreground and dark ones left as its background, which suits the usual light-on-dark
// terminal; `inverted` is for dark text on a light background. Pure: the modules come from
// libqrencode (loaded at run time by `coach http url --qr`), the text is tested here.

public enum QRText {
    /// `modules[y][x]` true = dark. Each line is `width + 2·quiet` characters.
    public static func render(_ modules: [[Bool]], quiet: Int = 4, inverted: Bool = false) -> String {
        let size = modules.count
        let total = size + 2 * quiet
        func dark(_ x: Int, _ y: Int) -> Bool {
            let mx = x - quiet, my = y - quiet
            guard mx >= 0, my >= 0, mx < size, my < size, mx < modules[my].count else { return false }
            return modules[my][mx]
        }
        var lines: [String] = []
        var y = 0
        while y < total {
            var line = ""
            for x in 0..<total {
                // Drawn = light (or dark when inverted): upper half, lower half, both, neither.
                let top = dark(x, y) == inverted
                let bottom = y + 1 < total ? dark(x, y + 1) == inverted : !inverted
                switch (top, bottom) {
                case (true, true): line += "█"
                case (true, false): line += "▀"
                case (false, true): line += "▄"
                case (false, false): line += " "
                }
            }
            lines.append(line)
            y += 2
        }
        return lines.joined(separator: "\n")
    }
}
