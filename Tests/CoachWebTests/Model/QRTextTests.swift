// QR modules as half-block text: two module rows per line, the quiet zone around, light modules
// drawn (dark ones drawn instead when inverted).

import CoachWeb
import Testing

@Suite struct QRTextTests {
    @Test func halfBlocksWithQuietZone() {
        // One dark module in a one-module quiet zone: 3×3 modules, 2 lines.
        #expect(QRText.render([[true]], quiet: 1) == "█▀█\n███")
        #expect(QRText.render([[true]], quiet: 1, inverted: true) == " ▄ \n   ")
    }

    @Test func everyLineIsAsWideAsTheCodeAndItsQuietZone() {
        let modules = (0..<21).map { y in (0..<21).map { x in (x * 7 + y * 3) % 5 == 0 } }
        let lines = QRText.render(modules).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == (21 + 8 + 1) / 2)
        #expect(lines.allSatisfy { $0.count == 29 })
        #expect(lines.first == Substring(String(repeating: "█", count: 29)), "the quiet zone is light")
    }
}
