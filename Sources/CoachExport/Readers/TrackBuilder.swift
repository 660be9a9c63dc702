// What the GPX, TCX and FIT readers share: points as they are read, turned into a recording —
// samples per point, distance as increments of the cumulative distance, pauses between segments,
// lap marks, and energy per lap.

import CoachCore
import Foundation

/// One point as a file has it; nil where the file has nothing.
struct ReadPoint {
    var date: Date
    var latitude: Double?
    var longitude: Double?
    var altitude: Double?
    var distance: Double?
    var heartRate: Double?
    var cadence: Double?
    var power: Double?
    var segment: Int
}

struct TrackBuilder {
    var points: [ReadPoint] = []
    var activity: ActivityType?
    var name: String?
    var start: Date?
    var end: Date?
    /// Pause and resume instants when the file has them (FIT timer events); otherwise pauses are
    /// read from segment breaks.
    var timerEvents: [RecordedEvent]?
    var lapStarts: [Date] = []
    /// Kilocalories per lap, in lap order.
    var lapEnergy: [Double] = []
    /// What recorded the file, if it says.
    var device: SampleDevice?

    func recording(id: String, file: String) throws(ImportProblem) -> WorkoutRecording {
        // The earliest and latest point, not the first and last: a file's points need not be in
        // time order, and a workout must never end before it starts.
        guard let earliest = points.map(\.date).min(), let latest = points.map(\.date).max() else {
            throw ImportProblem(file: file, message: "no track points with a time: nothing to import")
        }
        let start = Swift.min(self.start ?? earliest, earliest)
        let end = Swift.max(self.end ?? latest, latest)
        var samples: [RecordedSample] = []
        samples.reserveCapacity(points.count * 4)
        var route: [RecordedLocation] = []
        var lastDistance: Double?
        for point in points {
            func add(_ type: QuantityType, _ value: Double?) {
                guard let value, value.isFinite, type.plausibleRange.contains(value) else { return }
                samples.append(RecordedSample(type: type, value: value, date: point.date))
            }
            add(.heartRate, point.heartRate.flatMap { $0 >= 1 ? $0 : nil })
            add(.cadence, point.cadence)
            add(.power, point.power)
            if let distance = point.distance, distance.isFinite, distance >= 0 {
                let delta = distance - (lastDistance ?? 0)
                if delta > 0 { add(.distance, delta) }
                lastDistance = Swift.max(distance, lastDistance ?? 0)
            }
            if let latitude = point.latitude, let longitude = point.longitude,
               LocationSample.problem(latitude: latitude, longitude: longitude, altitude: nil, horizontalAccuracy: nil) == nil {
                let altitude = point.altitude.flatMap { $0.isFinite && LocationSample.plausibleAltitude.contains($0) ? $0 : nil }
                route.append(RecordedLocation(latitude: latitude, longitude: longitude, altitude: altitude, date: point.date))
            }
        }
        var events: [RecordedEvent] = timerEvents ?? []
        if timerEvents == nil {
            for index in points.indices.dropFirst() where points[index].segment != points[index - 1].segment {
                events.append(RecordedEvent(type: .pause, date: points[index - 1].date))
                events.append(RecordedEvent(type: .resume, date: points[index].date))
            }
        }
        let marks = lapStarts.filter { $0 > start && $0 < end }.sorted()
        var previous = start
        for mark in marks {
            events.append(RecordedEvent(type: .lap, date: mark, duration: mark.timeIntervalSince(previous)))
            previous = mark
        }
        // A lap's energy as one sample at its last point (inside the lap, so laps keep their totals).
        let bounds = [start] + marks + [end.addingTimeInterval(1)]
        for (index, energy) in lapEnergy.enumerated() where energy > 0 && index + 1 < bounds.count {
            let inLap = points.last { $0.date >= bounds[index] && $0.date < bounds[index + 1] }
            samples.append(RecordedSample(type: .activeEnergy, value: Swift.min(energy, 50_000), date: inLap?.date ?? bounds[index]))
        }
        events.sort { $0.date < $1.date }
        samples.sort { $0.date < $1.date }
        var recording = WorkoutRecording(id: id, activity: activity, name: name, start: start, end: end, events: events,
                                         samples: samples, route: route)
        recording.device = device
        return recording
    }
}

extension ActivityType {
    /// The activity a file's sport or type names: Coach's own names, TCX sports, Strava's words.
    init(fileSport text: String) {
        let lower = text.lowercased()
        if let exact = ActivityType(rawValue: text) ?? ActivityType.allCases.first(where: { $0.rawValue.lowercased() == lower }) {
            self = exact
        } else if lower.contains("run") {
            self = .running
        } else if lower.contains("bik") || lower.contains("ride") || lower.contains("cycl") {
            self = .cycling
        } else if lower.contains("walk") {
            self = .walking
        } else if lower.contains("hik") {
            self = .hiking
        } else if lower.contains("swim") {
            self = .swimming
        } else if lower.contains("row") {
            self = .rowing
        } else {
            self = .other
        }
    }
}
