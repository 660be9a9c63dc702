// Charts of a workout against time — heart rate, pace (on foot) or speed, power, elevation — as block characters for
// the terminal (eighth blocks, readable without colour, ANSI colour when asked) and as SVG.
// Pure: the caller says how wide and whether to colour (docs/export.md).

import CoachCore
import CoachWire
import Foundation

/// One metric against seconds from the start.
public struct ChartSeries: Sendable, Hashable {
    public var name: String
    public var unit: String
    /// ANSI SGR colour and SVG colour.
    public var ansi: String
    public var svgColour: String
    public var points: [(seconds: Double, value: Double)]
    /// Values are minutes, shown as m:ss (pace).
    public var showsClock = false

    public static func == (lhs: ChartSeries, rhs: ChartSeries) -> Bool {
        lhs.name == rhs.name && lhs.points.map(\.seconds) == rhs.points.map(\.seconds) && lhs.points.map(\.value) == rhs.points.map(\.value)
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(name); hasher.combine(points.count) }
}

extension ChartSeries {
    /// A value as the axis shows it: m:ss for a pace, else a decimal.
    func describe(_ value: Double, decimals: Int) -> String {
        guard showsClock, value.isFinite, value >= 0, value < 10_000 else { return ExportText.decimal(value, decimals: decimals) }
        return StatisticsCollection.clock(value * 60)
    }
}

public enum WorkoutChart {
    static let eighths: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// The series a workout has data for, in a fixed order. Speed is km/h over a 10-second window
    /// of the cumulative distance; on foot (running, walking, hiking) it is shown as pace, minutes
    /// per kilometre, as runners read it (slower than 30 min/km — standing — is left out).
    public static func series(_ recording: WorkoutRecording) -> [ChartSeries] {
        let timeline = Timeline(recording)
        let start = timeline.start.timeIntervalSince1970
        func offset(_ point: TrackPoint) -> Double { Double(point.second) - start }
        var speed: [(Double, Double)] = []
        var window: [TrackPoint] = []
        for point in timeline.points where point.distance != nil {
            window.append(point)
            while let first = window.first, point.second - first.second > 10 { window.removeFirst() }
            if let first = window.first, point.second > first.second, point.segment == first.segment,
               let d1 = point.distance, let d0 = first.distance {
                speed.append((offset(point), (d1 - d0) / Double(point.second - first.second) * 3.6))
            }
        }
        let onFoot = [ActivityType.running, .walking, .hiking].contains(recording.activity ?? .other)
        let pace = speed.compactMap { point in point.1 >= 2 ? (point.0, 60 / point.1) : nil }
        let all = [
            ChartSeries(name: "heart rate", unit: "bpm", ansi: "31", svgColour: "#d62728",
                        points: timeline.points.compactMap { p in p.heartRate.map { (offset(p), $0) } }),
            onFoot ? ChartSeries(name: "pace", unit: "min/km", ansi: "36", svgColour: "#17becf", points: pace, showsClock: true)
                   : ChartSeries(name: "speed", unit: "km/h", ansi: "36", svgColour: "#17becf", points: speed),
            ChartSeries(name: "power", unit: "W", ansi: "33", svgColour: "#bcbd22",
                        points: timeline.points.compactMap { p in p.power.map { (offset(p), $0) } }),
            ChartSeries(name: "elevation", unit: "m", ansi: "32", svgColour: "#2ca02c",
                        points: timeline.points.compactMap { p in p.altitude.map { (offset(p), $0) } }),
        ]
        return all.filter { !$0.points.isEmpty }
    }

    /// Averages of the series in `columns` equal time slices of [0, span]; nil where no value falls.
    static func columns(_ series: ChartSeries, span: Double, count: Int) -> [Double?] {
        var sums = [Double](repeating: 0, count: count)
        var counts = [Int](repeating: 0, count: count)
        for (seconds, value) in series.points where value.isFinite {
            let position = span > 0 ? (seconds / span * Double(count)).rounded(.down) : 0
            guard position.isFinite else { continue }
            let index = Swift.min(Swift.max(Int(exactly: Swift.max(0, Swift.min(position, Double(count - 1)))) ?? 0, 0), count - 1)
            sums[index] += value
            counts[index] += 1
        }
        return (0..<count).map { counts[$0] > 0 ? sums[$0] / Double(counts[$0]) : nil }
    }

    /// The charts as text `width` characters wide, `height` rows per metric.
    public static func text(_ recording: WorkoutRecording, width: Int, height: Int = 4, colour: Bool = false) -> String {
        let series = series(recording)
        guard !series.isEmpty else { return "No heart rate, pace or speed, power or elevation to chart.\n" }
        let span = Swift.max(recording.end.timeIntervalSince(recording.start), 1)
        let labelWidth = 7
        let plotWidth = Swift.max(10, Swift.min(width, 1000) - labelWidth)
        var out = ""
        for metric in series {
            let values = columns(metric, span: span, count: plotWidth)
            let present = values.compactMap { $0 }
            let low = present.min() ?? 0, high = present.max() ?? 0
            let range = flatRange(low, high)
            out += "\(metric.name) (\(metric.unit))  min \(metric.describe(low, decimals: 1))  max \(metric.describe(high, decimals: 1))\n"
            for row in 0..<height {
                let label = row == 0 ? metric.describe(high, decimals: 0) : row == height - 1 ? metric.describe(low, decimals: 0) : ""
                var line = String(repeating: " ", count: Swift.max(0, labelWidth - 2 - label.count)) + label + " │"
                var bars = ""
                for value in values {
                    guard let value else { bars.append(" "); continue }
                    // At least one eighth for the lowest value, so it shows.
                    let level = 1 + Int(((value - low) / range * Double(height * 8 - 1)).rounded())
                    let filled = Swift.min(Swift.max(level - (height - 1 - row) * 8, 0), 8)
                    bars.append(filled == 0 ? " " : eighths[filled - 1])
                }
                line += colour ? "\u{1B}[\(metric.ansi)m\(bars)\u{1B}[0m" : bars
                out += line + "\n"
            }
        }
        // Time axis: start, middle, end.
        let startLabel = "0:00", middleLabel = StatisticsCollection.clock(span / 2), endLabel = StatisticsCollection.clock(span)
        var axis = [Character](repeating: " ", count: labelWidth + plotWidth)
        func place(_ text: String, at column: Int) {
            for (offset, char) in text.enumerated() where column + offset >= 0 && column + offset < axis.count {
                axis[column + offset] = char
            }
        }
        place(startLabel, at: labelWidth)
        place(middleLabel, at: labelWidth + plotWidth / 2 - middleLabel.count / 2)
        place(endLabel, at: labelWidth + plotWidth - endLabel.count)
        out += String(repeating: " ", count: labelWidth - 1) + "└" + String(repeating: "─", count: plotWidth) + "\n"
        out += String(axis).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) + "\n"
        return out
    }

    /// The same charts as an SVG document, one panel per metric.
    public static func svg(_ recording: WorkoutRecording, width: Int = 800) -> String {
        let series = series(recording)
        let span = Swift.max(recording.end.timeIntervalSince(recording.start), 1)
        let panel = 140.0, plotLeft = 60.0, plotWidth = Double(width) - plotLeft - 20
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(Int(panel) * Swift.max(series.count, 1) + 30)" \
            font-family="sans-serif" font-size="12">
            <title>\(MarkupText.escape(recording.name ?? "Workout")) \(ExportText.isoDate(recording.start))</title>

            """
        for (index, metric) in series.enumerated() {
            let top = Double(index) * panel + 20, plotHeight = panel - 40
            let values = columns(metric, span: span, count: Swift.min(Int(plotWidth), 2000))
            let present = values.compactMap { $0 }
            let low = present.min() ?? 0, high = present.max() ?? 0
            let range = flatRange(low, high)
            out += "<text x=\"\(ExportText.integer(plotLeft))\" y=\(quote(top - 4))>\(MarkupText.escape(metric.name)) (\(metric.unit))</text>\n"
            out += "<text x=\"4\" y=\(quote(top + 10))>\(metric.describe(high, decimals: 1))</text>\n"
            out += "<text x=\"4\" y=\(quote(top + plotHeight))>\(metric.describe(low, decimals: 1))</text>\n"
            out += "<rect x=\(quote(plotLeft)) y=\(quote(top)) width=\(quote(plotWidth)) height=\(quote(plotHeight)) fill=\"none\" stroke=\"#ccc\"/>\n"
            var path = ""
            var penDown = false
            for (column, value) in values.enumerated() {
                guard let value else { penDown = false; continue }
                let x = plotLeft + (Double(column) + 0.5) * plotWidth / Double(values.count)
                let y = top + plotHeight - (value - low) / range * plotHeight
                path += (penDown ? " L" : " M") + ExportText.decimal(x, decimals: 1) + " " + ExportText.decimal(y, decimals: 1)
                penDown = true
            }
            out += "<path d=\"\(path.trimmingCharacters(in: .whitespaces))\" fill=\"none\" stroke=\"\(metric.svgColour)\" stroke-width=\"1.5\"/>\n"
        }
        let axisY = Double(series.count) * panel + 10
        out += "<text x=\(quote(plotLeft)) y=\(quote(axisY))>0:00</text>\n"
        out += "<text x=\(quote(plotLeft + plotWidth)) y=\(quote(axisY)) text-anchor=\"end\">\(StatisticsCollection.clock(span))</text>\n"
        out += "</svg>\n"
        return out
    }

    /// The span the bars scale to: at least 2 % of the values' size, so a steady metric (a run at
    /// an even pace) draws flat instead of magnifying rounding noise into peaks.
    static func flatRange(_ low: Double, _ high: Double) -> Double {
        Swift.max(high - low, Swift.max(abs(high), abs(low)) * 0.02, 1e-9)
    }

    private static func quote(_ value: Double) -> String { "\"" + ExportText.decimal(value, decimals: 1) + "\"" }
}
