// Statistics over fixed intervals, as HKStatisticsCollectionQuery computes them: per interval and
// metric, the sum for cumulative types (distance, energy) and average, minimum and maximum for
// discrete ones (heart rate, cadence, power), as MetricStatistics. Intervals are anchored at the
// workout's start.

import CoachCore
import Foundation

/// One interval: [start, end) and its metrics (only those measured in it).
public struct IntervalStatistics: Sendable, Hashable, Codable {
    public var start: Date
    public var end: Date
    /// Seconds from the workout's start to this interval's start.
    public var offset: Double
    public var metrics: [MetricStatistics]
    /// The plan step this span was (`coach stats --by step`); nil for a fixed interval.
    public var step: StepLabel?

    public func metric(_ type: QuantityType) -> MetricStatistics? { metrics.first { $0.type == type } }
}

public enum StatisticsCollection {
    /// The recording cut into `interval`-second pieces from its start. Distance comes from a
    /// sensor, else distance samples, else the route (as the workout's own total does).
    public static func collect(_ recording: WorkoutRecording, interval: Double) -> [IntervalStatistics] {
        guard interval.isFinite, interval > 0 else { return [] }
        let start = recording.start
        let span = Swift.max(recording.end.timeIntervalSince(start), 0)
        let countDouble = Swift.max(1, (span / interval).rounded(.up))
        guard countDouble <= 100_000, let count = Int(exactly: countDouble) else { return [] }
        /// The interval a date falls in; a sample at the very end goes in the last one.
        func bucket(_ date: Date) -> Int? {
            let position = (date.timeIntervalSince(start) / interval).rounded(.down)
            guard position.isFinite, position >= 0 else { return nil }
            return position >= Double(count) ? count - 1 : Int(exactly: position)
        }
        let spans = (0..<count).map { index in
            let from = start.addingTimeInterval(Double(index) * interval)
            return Span(start: from, end: Swift.min(from.addingTimeInterval(interval), Swift.max(recording.end, from)),
                        offset: Double(index) * interval, step: nil)
        }
        return collect(recording, spans: spans, bucket: bucket)
    }

    /// The recording cut at its plan steps (its segment events), one row per step in order; empty
    /// when it ran no plan.
    public static func collectSteps(_ recording: WorkoutRecording) -> [IntervalStatistics] {
        let spans = recording.events.filter { $0.type == .segment }.compactMap { event -> Span? in
            guard let step = StepLabel(event.metadata) else { return nil }
            return Span(start: event.date, end: event.date.addingTimeInterval(event.duration ?? 0),
                        offset: event.date.timeIntervalSince(recording.start), step: step)
        }.sorted { $0.start < $1.start }
        guard !spans.isEmpty else { return [] }
        /// The last step that began at or before the date, if the date is inside it (the last
        /// step keeps a sample at its very end).
        func bucket(_ date: Date) -> Int? {
            var low = 0, high = spans.count
            while low < high {
                let middle = (low + high) / 2
                if spans[middle].start <= date { low = middle + 1 } else { high = middle }
            }
            let index = low - 1
            guard index >= 0 else { return nil }
            return date < spans[index].end || (index == spans.count - 1 && date == spans[index].end) ? index : nil
        }
        return collect(recording, spans: spans, bucket: bucket)
    }

    /// Where a row begins and ends; `bucket` says which row a date falls in.
    private struct Span {
        var start: Date
        var end: Date
        var offset: Double
        var step: StepLabel?
    }

    private static func collect(_ recording: WorkoutRecording, spans: [Span], bucket: (Date) -> Int?) -> [IntervalStatistics] {
        let count = spans.count
        var statistics = [[QuantityType: QuantityStatistics]](repeating: [:], count: count)
        // A client's own energy wins over generated energy, as in the workout's own total.
        let ownEnergy = recording.samples.contains { $0.type == .activeEnergy && $0.source?.isGenerated != true }
        for sample in recording.samples where sample.value.isFinite {
            guard let index = bucket(sample.date) else { continue }
            if ownEnergy, sample.source?.isGenerated == true { continue }
            var stats = statistics[index][sample.type] ?? QuantityStatistics(type: sample.type)
            stats.add(QuantitySample(type: sample.type, value: sample.value, at: Timestamp(monotonic: .zero, date: sample.date)))
            statistics[index][sample.type] = stats
        }
        let hasSensorDistance = recording.samples.contains { $0.type.isSensorDistance }
        if hasSensorDistance || (!recording.samples.contains(where: { $0.type == .distance }) && !recording.route.isEmpty) {
            // Sensor or route distance: the cumulative distance's growth inside each interval
            // (the timeline counts the one that wins).
            var previous = 0.0
            var perBucket = [Double](repeating: 0, count: count)
            var touched = [Int](repeating: 0, count: count)
            for point in Timeline(recording).points {
                guard let distance = point.distance else { continue }
                defer { previous = distance }
                guard let index = bucket(point.date) else { continue }
                perBucket[index] += distance - previous
                touched[index] += 1
            }
            for index in 0..<count where touched[index] > 0 {
                var distance = QuantityStatistics(type: .distance)
                distance.count = touched[index]
                distance.sum = perBucket[index]
                statistics[index][.distance] = distance
            }
        }
        return spans.enumerated().map { index, span in
            let metrics = statistics[index].values.sorted { $0.type.rawValue < $1.type.rawValue }.map { stats in
                MetricStatistics(stats, unit: stats.type.canonicalUnit, includesMostRecent: false)
            }
            return IntervalStatistics(start: span.start, end: span.end, offset: span.offset, metrics: metrics, step: span.step)
        }
    }

    /// A table for the terminal: one row per interval, one column per metric measured anywhere.
    public static func text(_ intervals: [IntervalStatistics]) -> String {
        let types = QuantityType.allCases.filter { type in intervals.contains { $0.metric(type) != nil } }
        let steps = intervals.contains { $0.step != nil }
        var rows: [[String]] = [(steps ? ["STEP", "FROM"] : ["FROM"]) + types.map { type in
            type.isCumulative ? "\(type.rawValue) (\(type.displayUnit))" : "\(type.rawValue) avg (min–max)"
        }]
        for interval in intervals {
            var row = [clock(interval.offset)]
            if steps { row.insert(interval.step?.text ?? "-", at: 0) }
            for type in types {
                guard let metric = interval.metric(type) else { row.append("-"); continue }
                if type.isCumulative {
                    row.append(ExportText.decimal(metric.sum ?? 0, decimals: 1))
                } else {
                    let average = ExportText.decimal(metric.average ?? 0, decimals: 0)
                    row.append("\(average) (\(ExportText.decimal(metric.minimum ?? 0, decimals: 0))–\(ExportText.decimal(metric.maximum ?? 0, decimals: 0)))")
                }
            }
            rows.append(row)
        }
        let widths = (0..<rows[0].count).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, cell in
                column < (steps ? 2 : 1) ? cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
                            : String(repeating: " ", count: widths[column] - cell.count) + cell
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }

    /// "1:05" or "1:02:05".
    static func clock(_ seconds: Double) -> String {
        let total = seconds.isFinite ? Swift.max(0, seconds.rounded()) : 0
        let whole = Int(exactly: Swift.min(total, 1e9)) ?? 0
        let h = whole / 3600, m = whole / 60 % 60, s = whole % 60
        let ss = s < 10 ? "0\(s)" : "\(s)"
        if h > 0 { return "\(h):\(m < 10 ? "0" : "")\(m):\(ss)" }
        return "\(m):\(ss)"
    }
}
