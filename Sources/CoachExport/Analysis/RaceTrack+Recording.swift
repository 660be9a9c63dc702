// A saved workout as a past self to race: its Timeline already counts one distance (a sensor's,
// else distance samples, else the route) and knows the running intervals, so the race reads the
// same distance and active time the workout's exports and statistics do.

import CoachCore
import Foundation

extension RaceTrack {
    public init(_ recording: WorkoutRecording) {
        let timeline = Timeline(recording)
        var elapsed: [Double] = [0], distance: [Double] = [0]
        for point in timeline.points {
            guard let metres = point.distance, metres > (distance.last ?? 0) else { continue }
            elapsed.append(timeline.activeSeconds(at: point.date))
            distance.append(metres)
        }
        // A point every ~10 m is plenty to tell "within 50 m of the route" and keeps the journal small.
        var route: [RacePoint] = []
        for location in recording.route {
            let point = RacePoint(latitude: location.latitude, longitude: location.longitude)
            if let last = route.last, last.metres(to: point) < 10 { continue }
            route.append(point)
        }
        self.init(workoutID: recording.id, date: recording.start, elapsed: elapsed, distance: distance, route: route)
    }
}

extension Timeline {
    /// Seconds of running time (pauses excluded) from the start to `date`.
    public func activeSeconds(at date: Date) -> Double {
        running.reduce(0) { total, span in total + Swift.max(0, Swift.min(span.end, date).timeIntervalSince(span.start)) }
    }
}
