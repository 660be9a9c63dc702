// Racing a saved workout: its RaceTrack (how far it had gone at each second of active time, and
// its route), and "my last 5k" — the newest saved workout of an activity near a distance.

import CoachCore
import Foundation

extension WorkoutStore {
    /// The past self of `detail`'s workout. Distance as the workout counted it: a sensor's
    /// (wheel, foot pod) where there is one, else distance samples, else the route; pauses (the
    /// user's and auto-pause) are left out of the time, as they are from the live workout's.
    public func raceTrack(of detail: WorkoutDetail) throws -> RaceTrack {
        let id = detail.summary.id
        let samples = try self.samples(ofWorkout: id)
        let route = try self.route(ofWorkout: id)
        let start = detail.summary.startDate ?? samples.first?.date ?? route.first?.date ?? Date(timeIntervalSince1970: 0)
        let clock = ActiveClock(start: start, events: detail.events)

        var steps: [(date: Date, metres: Double)] = []
        let sensor = samples.filter { $0.type.isSensorDistance }
        let fed = sensor.isEmpty ? samples.filter { $0.type == .distance } : sensor
        if !fed.isEmpty {
            steps = fed.map { ($0.date, $0.value) }
        } else {
            for (previous, next) in zip(route, route.dropFirst()) {
                steps.append((next.date, Geodesy.distance(latitude1: previous.latitude, longitude1: previous.longitude,
                                                          latitude2: next.latitude, longitude2: next.longitude)))
            }
        }
        var elapsed: [Double] = [0], distance: [Double] = [0], total = 0.0
        for step in steps.sorted(by: { $0.date < $1.date }) where step.metres.isFinite && step.metres > 0 {
            total += step.metres
            elapsed.append(clock.activeSeconds(at: step.date))
            distance.append(total)
        }
        // A point every ~10 m is plenty to tell "within 50 m of the route" and keeps the journal small.
        var thinned: [RacePoint] = []
        for point in route {
            let racePoint = RacePoint(latitude: point.latitude, longitude: point.longitude)
            if let last = thinned.last, last.metres(to: racePoint) < 10 { continue }
            thinned.append(racePoint)
        }
        return RaceTrack(workoutID: id, date: start, elapsed: elapsed, distance: distance, route: thinned)
    }

    /// The newest saved workout of `activity` whose distance is within 10 % of `metres` ("race my
    /// last 5k"); with no distance, the newest of the activity ("race my last run"). Only among
    /// those `scope` lets the reader see.
    public func lastWorkout(activity: ActivityType?, near metres: Double?, scope: ReadScope = .everything) throws -> WorkoutSummary? {
        try history(scope: scope).first { summary in
            guard activity == nil || summary.activity == activity, let total = summary.totalDistance, total > 0 else { return false }
            guard let metres else { return true }
            return abs(total - metres) <= metres * 0.1
        }
    }
}

/// Active time from a saved workout's pause and resume events (HealthKit's elapsed time).
struct ActiveClock {
    private var paused: [(from: Date, to: Date?)] = []
    private let start: Date

    init(start: Date, events: [StoredEvent]) {
        self.start = start
        var pausedAt: Date?
        for event in events.sorted(by: { $0.date < $1.date }) {
            switch event.type {
            case .pause, .motionPaused:
                if pausedAt == nil { pausedAt = event.date }
            case .resume, .motionResumed:
                if let from = pausedAt { paused.append((from, event.date)); pausedAt = nil }
            default: break
            }
        }
        if let pausedAt { paused.append((pausedAt, nil)) }
    }

    /// Seconds from the start to `date`, less the pauses before it.
    func activeSeconds(at date: Date) -> Double {
        var seconds = date.timeIntervalSince(start)
        for pause in paused where pause.from < date {
            seconds -= min(pause.to ?? date, date).timeIntervalSince(pause.from)
        }
        return max(seconds, 0)
    }
}
