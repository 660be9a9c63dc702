// Timeline: a recording laid out the way track formats want it — one point per second carrying
// every metric measured in that second, cumulative distance, the running intervals between pauses,
// and laps with their totals. Every writer and `coach stats`/charts read this one layout.

import CoachCore
import Foundation

/// One second of a workout. Values absent in that second are nil (never carried forward), except
/// the cumulative distance, which every point has once any distance is known.
public struct TrackPoint: Sendable, Hashable {
    /// Unix seconds (UTC).
    public var second: Int64
    public var latitude: Double?
    public var longitude: Double?
    public var altitude: Double?
    /// Metres from the start (sensor distance if any was fed, else along the route).
    public var distance: Double?
    public var heartRate: Double?
    public var cadence: Double?
    public var power: Double?
    /// Metres per second from a speed sensor (a wheel sensor's before a foot pod's).
    public var speed: Double?
    /// Kilocalories burned in this second (laps sum them).
    public var energy: Double = 0
    /// Index of the running interval (0 = before the first pause, 1 = after the first resume …).
    public var segment: Int = 0

    public init(second: Int64) { self.second = second }

    public var date: Date { Date(timeIntervalSince1970: Double(second)) }
    public var hasPosition: Bool { latitude != nil && longitude != nil }
}

/// A span of wall time.
public struct DateSpan: Sendable, Hashable {
    public var start: Date
    public var end: Date
    public var seconds: Double { Swift.max(0, end.timeIntervalSince(start)) }
}

/// A lap: its span, the points in it (split by pauses), and its totals.
public struct TimelineLap: Sendable, Hashable {
    public var span: DateSpan
    /// Index ranges into `Timeline.points`, one per running interval the lap touches.
    public var segments: [Range<Int>]
    /// Running seconds in the lap, pauses excluded (TCX TotalTimeSeconds, FIT total_timer_time).
    public var timerSeconds: Double
    public var distance: Double
    public var energy: Double
    public var averageHeartRate: Double?
    public var maximumHeartRate: Double?
    public var averageCadence: Double?
    public var averagePower: Double?

    public var pointRange: Range<Int> {
        guard let first = segments.first, let last = segments.last else { return 0..<0 }
        return first.lowerBound..<last.upperBound
    }
}

public struct Timeline: Sendable, Hashable {
    public var start: Date
    public var end: Date
    public var points: [TrackPoint]
    /// Running intervals: start → first pause, resume → next pause …, last resume → end.
    public var running: [DateSpan]
    public var laps: [TimelineLap]
    public var hasDistance: Bool

    public var elapsedSeconds: Double { Swift.max(0, end.timeIntervalSince(start)) }
    public var timerSeconds: Double { running.reduce(0) { $0 + $1.seconds } }
    public var totalDistance: Double { points.last?.distance ?? 0 }
    public var totalEnergy: Double { laps.reduce(0) { $0 + $1.energy } }

    public init(_ recording: WorkoutRecording) {
        start = recording.start
        end = Swift.max(recording.end, recording.start)
        running = Self.runningIntervals(recording)
        var bySecond: [Int64: TrackPoint] = [:]
        bySecond.reserveCapacity(recording.samples.count / 2 + recording.route.count)
        var distanceDelta: [Int64: Double] = [:]
        // One distance and one energy count (ReportedStatistics): a sensor's distance over plain
        // distance samples over the route; a client's own energy over generated energy.
        let distanceSource = ReportedStatistics.distanceSource(
            hasSensorDistance: recording.samples.contains { $0.type.isSensorDistance },
            hasDistanceSamples: recording.samples.contains { $0.type == .distance }, routePoints: recording.route.count)
        let ownEnergy = recording.samples.contains { $0.type == .activeEnergy && $0.source?.isGenerated != true }
        for sample in recording.samples where sample.value.isFinite {
            guard let second = ExportText.unixSecond(sample.date) else { continue }
            var point = bySecond[second] ?? TrackPoint(second: second)
            switch sample.type {
            case .heartRate: point.heartRate = sample.value
            case .cadence: point.cadence = sample.value
            case .power: point.power = sample.value
            case .activeEnergy:
                if !(ownEnergy && sample.source?.isGenerated == true) { point.energy += sample.value }
            case .distance, .distanceCycling, .distanceWalkingRunning:
                if ReportedStatistics.counts(sample.type, toward: distanceSource) { distanceDelta[second, default: 0] += sample.value }
            case .cyclingSpeed: point.speed = sample.value
            case .runningSpeed: if point.speed == nil { point.speed = sample.value }
            case .stepCount, .dietaryWater: break  // no per-point field in TCX/GPX/FIT track points
            }
            bySecond[second] = point
        }
        for location in recording.route {
            guard let second = ExportText.unixSecond(location.date) else { continue }
            var point = bySecond[second] ?? TrackPoint(second: second)
            point.latitude = location.latitude
            point.longitude = location.longitude
            point.altitude = location.altitude ?? point.altitude
            bySecond[second] = point
        }
        var points = bySecond.values.sorted { $0.second < $1.second }
        // Segment of each point: how many running intervals began at or before its second.
        let starts = running.map { ExportText.unixSecond($0.start) ?? Int64.min }
        var segment = 0
        for index in points.indices {
            while segment + 1 < starts.count, starts[segment + 1] <= points[index].second { segment += 1 }
            points[index].segment = segment
        }
        hasDistance = !distanceDelta.isEmpty || points.contains { $0.hasPosition }
        if !distanceDelta.isEmpty {
            var total = 0.0
            for index in points.indices {
                total += distanceDelta[points[index].second] ?? 0
                points[index].distance = total
            }
        } else if hasDistance {
            // No distance sensor: the route's length, legs inside one running interval only.
            var total = 0.0
            var last: TrackPoint?
            for index in points.indices {
                let point = points[index]
                if point.hasPosition, let lat = point.latitude, let lon = point.longitude {
                    if let last, last.segment == point.segment, let lastLat = last.latitude, let lastLon = last.longitude {
                        total += Geodesy.distance(latitude1: lastLat, longitude1: lastLon, latitude2: lat, longitude2: lon)
                    }
                    last = point
                }
                points[index].distance = total
            }
        }
        self.points = points
        laps = Self.laps(recording, points: points, running: running, start: start, end: end)
    }

    /// The running intervals from pause/resume events (motion pauses too).
    static func runningIntervals(_ recording: WorkoutRecording) -> [DateSpan] {
        let start = recording.start
        let end = Swift.max(recording.end, start)
        var spans: [DateSpan] = []
        var runningSince: Date? = start
        for event in recording.events.sorted(by: { $0.date < $1.date }) {
            let at = Swift.min(Swift.max(event.date, start), end)
            switch event.type {
            case .pause, .motionPaused:
                if let since = runningSince { spans.append(DateSpan(start: since, end: at)); runningSince = nil }
            case .resume, .motionResumed:
                if runningSince == nil { runningSince = at }
            default: break
            }
        }
        if let since = runningSince { spans.append(DateSpan(start: since, end: end)) }
        return spans
    }

    static func laps(_ recording: WorkoutRecording, points: [TrackPoint], running: [DateSpan],
                     start: Date, end: Date) -> [TimelineLap] {
        let marks = recording.events.filter { $0.type == .lap && $0.date > start && $0.date < end }
            .map(\.date).sorted()
        let bounds = [start] + marks + [end]
        var laps: [TimelineLap] = []
        var index = 0
        var distanceBefore = 0.0
        for lapIndex in 0..<(bounds.count - 1) {
            let span = DateSpan(start: bounds[lapIndex], end: bounds[lapIndex + 1])
            let isLast = lapIndex == bounds.count - 2
            let first = index
            // A point belongs to the lap whose end is after its second (the last lap takes the rest).
            while index < points.count, isLast || points[index].date < span.end { index += 1 }
            var segments: [Range<Int>] = []
            var segmentStart = first
            for i in first..<index where i > first && points[i].segment != points[i - 1].segment {
                segments.append(segmentStart..<i)
                segmentStart = i
            }
            if index > first { segments.append(segmentStart..<index) }
            let lapPoints = points[first..<index]
            let timer = running.reduce(0.0) { total, run in
                let overlap = Swift.min(run.end, span.end).timeIntervalSince(Swift.max(run.start, span.start))
                return total + Swift.max(0, overlap)
            }
            let distanceAfter = lapPoints.last?.distance ?? distanceBefore
            let heart = lapPoints.compactMap(\.heartRate)
            let cadence = lapPoints.compactMap(\.cadence)
            let power = lapPoints.compactMap(\.power)
            laps.append(TimelineLap(
                span: span, segments: segments, timerSeconds: timer, distance: Swift.max(0, distanceAfter - distanceBefore),
                energy: lapPoints.reduce(0) { $0 + $1.energy },
                averageHeartRate: heart.isEmpty ? nil : heart.reduce(0, +) / Double(heart.count),
                maximumHeartRate: heart.max(),
                averageCadence: cadence.isEmpty ? nil : cadence.reduce(0, +) / Double(cadence.count),
                averagePower: power.isEmpty ? nil : power.reduce(0, +) / Double(power.count)))
            distanceBefore = distanceAfter
        }
        return laps
    }
}
