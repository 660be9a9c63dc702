// The class board's screen as a pure function (docs/class.md): the riders in board order and a
// terminal size → exactly `rows` lines of at most `columns` columns, plus which lines are greyed
// (riders that are gone). A table, one rider a line — name, state, elapsed, heart rate, power,
// cadence, pace, distance, heart-rate and power zones, and a plan's step last (the widest, cut
// first on a narrow terminal) — in the language's words (Intents/<lang>/_responses.yaml, `feed:`).
// A metric the rider's gateway may not share (or hides while locked) shows as "–", like no reading.

import CoachCore
import CoachWire

public struct ClassBoardFrame: Sendable, Hashable {
    public var lines: [String]
    public var greyed: Set<Int>
}

public enum ClassBoardScreen {
    /// The columns after the rider's name: feed word key, state JSON key, width.
    static let columns: [(word: String, key: String, width: Int)] = [
        ("elapsed", "elapsed", 9), ("heartRate", "heart_rate", 10), ("power", "power", 6),
        ("cadence", "cadence", 7), ("pace", "pace", 10), ("distance", "distance", 9),
        ("classZone", "heart_rate_zone", 7), ("classPowerZone", "power_zone", 10),
    ]
    /// The step's column: its line as the rider's gateway published it, left-aligned, cut to fit.
    static let stepWidth = 32

    public static func render(_ riders: [ClassBoard.Rider], classID: String, order: ClassBoard.Order,
                              size: WidgetSize, wording: Wording) -> ClassBoardFrame {
        let riding = riders.filter { !$0.gone }.count
        var lines = [wording.feedWord("classTitle", ["name": classID]) + " · "
                         + wording.feedWord("classRiders", ["count": String(riding)])
                         + (riders.count > riding ? " (+\(riders.count - riding) \(wording.feedWord("classGone")))" : ""),
                     ""]
        let nameWidth = max(8, min(20, riders.map { TextWidth.columns($0.id) }.max() ?? 8))
        let stateWidth = 12
        var header = pad(wording.feedWord("classRider"), nameWidth) + " " + pad("", stateWidth)
        for column in columns { header += " " + pad(wording.feedWord(column.word), column.width, right: true) }
        header += "  " + wording.feedWord("classStep")
        lines.append(header)
        var greyed: Set<Int> = []
        if riders.isEmpty { lines.append(wording.feedWord("classWaiting")) }
        for rider in riders {
            if rider.gone { greyed.insert(lines.count) }
            var line = pad(rider.id, nameWidth) + " "
                + pad(rider.gone ? wording.feedWord("classGone") : phaseWord(rider.phase, wording), stateWidth)
            for column in columns { line += " " + pad(cell(rider, column.key), column.width, right: true) }
            line += "  " + pad(cell(rider, "step"), stepWidth)
            lines.append(line)
        }
        // The newest riders would fall off a short terminal: the last line says how many are hidden.
        if lines.count > size.rows, size.rows > 1 {
            let hidden = lines.count - size.rows + 1
            lines = Array(lines.prefix(size.rows - 1)) + ["… +\(hidden)"]
            greyed = greyed.filter { $0 < size.rows - 1 }
        }
        lines = lines.map { TextWidth.truncate($0, to: size.columns) }
        while lines.count < size.rows { lines.append("") }
        return ClassBoardFrame(lines: lines, greyed: greyed)
    }

    /// The feed's word for a published phase (HomeAssistantDevice.phases).
    static func phaseWord(_ phase: String?, _ wording: Wording) -> String {
        switch phase {
        case "idle": return wording.feedWord("noWorkout")
        case "countdown": return wording.feedWord("starting")
        case "running": return wording.feedWord("running")
        case "paused": return wording.feedWord("paused")
        case "auto_paused": return wording.feedWord("autoPaused")
        case "stopping": return wording.feedWord("stopping")
        case "ended": return wording.feedWord("ended")
        default: return "–"
        }
    }

    static func cell(_ rider: ClassBoard.Rider, _ key: String) -> String {
        guard let value = rider.values[key] else { return "–" }
        if key == "elapsed", let seconds = value.doubleValue { return clock(seconds) }
        if let text = value.stringValue { return text == HomeAssistantState.unavailable ? "–" : text }
        // Numbers come from the broker: anyone may publish there, so no Int(1e300) trap.
        guard let number = value.doubleValue, number.isFinite, abs(number) < 1e9 else { return "–" }
        if key == "distance" { return String(JSONText.rounded(number / 1000, decimals: 2)) + " km" }
        return String(Int(number.rounded()))
    }

    /// "0:05:07": the class's elapsed times line up whatever their length.
    static func clock(_ seconds: Double) -> String {
        let total = seconds.isFinite ? max(0, Int(seconds.rounded(.down))) : 0
        let two = { (n: Int) in n < 10 ? "0\(n)" : "\(n)" }
        return "\(total / 3600):\(two(total / 60 % 60)):\(two(total % 60))"
    }

    static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let cut = TextWidth.truncate(text, to: width)
        let space = String(repeating: " ", count: max(0, width - TextWidth.columns(cut)))
        return right ? space + cut : cut + space
    }
}
