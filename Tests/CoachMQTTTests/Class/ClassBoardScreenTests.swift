// The class board's screen: a header with the class and how many ride, one line per rider in the
// feed's words, gone riders greyed, metrics not shared shown as "–", exactly `rows` lines, and a
// short terminal saying how many riders it could not show.

import CoachCore
import CoachMQTT
import Testing

@Suite struct ClassBoardScreenTests {
    static let words: [String: String] = [
        "classTitle": "Class {name}", "classRiders": "{count} riders", "classRider": "Rider", "classGone": "gone",
        "classWaiting": "Waiting for riders…", "running": "In progress", "paused": "Paused", "elapsed": "Elapsed",
        "heartRate": "Heart rate", "power": "Power", "cadence": "Cadence", "pace": "Pace", "distance": "Distance",
        "classZone": "HR zone", "classPowerZone": "Power zone", "classStep": "Step",
    ]
    static let wording = Wording(language: .en) { group, key in group == "feed" ? words[key] : nil }

    static func board() -> ClassBoard {
        var board = ClassBoard(classID: "spin")
        let anna = #"{"state":"running","elapsed":3725,"heart_rate":151,"power":230,"cadence":88,"pace":null,"distance":12345.6,"heart_rate_zone":3,"power_zone":4,"step":"Interval 2/5 · 1 km · 180 m left"}"#
        let ben = #"{"state":"paused","elapsed":60,"heart_rate":"unavailable","power":"unavailable","cadence":1e300}"#
        _ = board.received(topic: "coach/class/spin/anna/state", payload: Array(anna.utf8), at: .zero, wallClock: 0)
        _ = board.received(topic: "coach/class/spin/ben/state", payload: Array(ben.utf8), at: .zero, wallClock: 0)
        _ = board.received(topic: "coach/class/spin/cara/availability", payload: Array("offline".utf8), at: .zero, wallClock: 0)
        return board
    }

    /// The sample board, by name, in a terminal of the given size.
    static func renderedBoard(columns: Int, rows: Int) -> ClassBoardFrame {
        ClassBoardScreen.render(board().rows(by: .name), classID: "spin", order: .name,
                                size: WidgetSize(columns: columns, rows: rows), wording: wording)
    }

    @Test func everyRiderALineGoneOnesGreyed() {
        let frame = Self.renderedBoard(columns: 160, rows: 10)
        #expect(frame.lines.count == 10)
        #expect(frame.lines[0] == "Class spin · 2 riders (+1 gone)")
        #expect(frame.lines[2].hasPrefix("Rider"))
        let anna = frame.lines[3]
        #expect(anna.hasPrefix("anna"))
        for cell in ["In progress", "1:02:05", "151", "230", "88", "12.35 km", "Interval 2/5 · 1 km · 180 m left"] {
            #expect(anna.contains(cell), "\(cell) in \(anna)")
        }
        // The zone columns, under their headers (issue 44).
        for header in ["HR zone", "Power zone", "Step"] { #expect(frame.lines[2].contains(header), "\(header)") }
        let zoneColumn = try? #require(frame.lines[2].range(of: "HR zone"))
        if let zoneColumn {
            let end = frame.lines[2].distance(from: frame.lines[2].startIndex, to: zoneColumn.upperBound)
            #expect(String(anna.prefix(end)).hasSuffix("      3"), "heart-rate zone 3 right-aligned under its header: \(anna)")
        }
        let ben = frame.lines[4]
        #expect(ben.contains("Paused") && ben.contains("0:01:00"))
        #expect(!ben.contains("unavailable") && !ben.contains("1e"), "not shared and absurd values show as –: \(ben)")
        #expect(frame.lines[5].hasPrefix("cara") && frame.lines[5].contains("gone"))
        #expect(frame.greyed == [5])
    }

    @Test func anEmptyClassSaysItWaits() {
        let frame = ClassBoardScreen.render([], classID: "spin", order: .name, size: WidgetSize(columns: 80, rows: 5), wording: Self.wording)
        #expect(frame.lines[3] == "Waiting for riders…")
    }

    @Test func aShortTerminalSaysHowManyItHides() {
        let frame = Self.renderedBoard(columns: 30, rows: 5)
        #expect(frame.lines.count == 5)
        #expect(frame.lines[4] == "… +2")
        #expect(frame.greyed.isEmpty)
        #expect(frame.lines.allSatisfy { TextWidth.columns($0) <= 30 })
    }
}
