// Which metrics the feed shows for a workout and with what value: readings too old to trust are
// unavailable ("--"), pace and speed are a speed sensor's current reading when one is fresh, else
// distance over elapsed time, and the ended summary shows averages rather than the last reading.

extension LiveActivity {
    /// Foot activities show pace (time per km); wheeled ones show speed.
    static func derivedRate(for activity: ActivityType?) -> FeedMetricKind? {
        switch activity {
        case .running?, .walking?, .hiking?, .wheelchairRunPace?, .wheelchairWalkPace?: return .pace
        case .cycling?, .handCycling?: return .speed
        default: return nil
        }
    }

    func metrics(of snapshot: WorkoutSnapshot, elapsed: Double, at now: Timestamp, stale: Bool) -> [FeedMetric] {
        let statistics = snapshot.statistics
        let ended = snapshot.state == .ended
        var kinds: [FeedMetricKind] = [.heartRate]
        if snapshot.activity?.distinguishesLocation == true || statistics[.distance] != nil { kinds.append(.distance) }
        kinds.append(.activeEnergy)
        if let rate = Self.derivedRate(for: snapshot.activity) {
            kinds.append(rate)
        } else if statistics[.cyclingSpeed] != nil {
            kinds.append(.speed)
        } else if statistics[.runningSpeed] != nil {
            kinds.append(.pace)
        }
        for (kind, type) in [(FeedMetricKind.cadence, QuantityType.cadence), (.power, .power), (.stepCount, .stepCount)]
        where statistics[type] != nil {
            kinds.append(kind)
        }
        return kinds.map { kind in
            FeedMetric(kind: kind, value: stale ? nil : value(of: kind, in: snapshot, elapsed: elapsed, ended: ended, at: now))
        }
    }

    private func value(of kind: FeedMetricKind, in snapshot: WorkoutSnapshot, elapsed: Double, ended: Bool,
                       at now: Timestamp) -> Double? {
        let distance = snapshot.statistics[.distance]?.sum
        switch kind {
        case .heartRate: return reading(.heartRate, in: snapshot, ended: ended, at: now)
        case .cadence: return reading(.cadence, in: snapshot, ended: ended, at: now)
        case .power: return reading(.power, in: snapshot, ended: ended, at: now)
        case .distance: return distance
        case .activeEnergy: return snapshot.statistics[.activeEnergy]?.sum
        case .stepCount: return snapshot.statistics[.stepCount]?.sum
        case .pace:
            // A foot pod's speed is the pace now; 0.3 m/s (55 min/km) and below is standing.
            if let speed = sensorSpeed(in: snapshot, ended: ended, at: now) { return speed > 0.3 ? 1000 / speed : nil }
            // Under 10 m the pace is noise (a minute per metre), so it waits for real distance.
            guard let distance, distance >= 10, elapsed > 0 else { return nil }
            return elapsed / (distance / 1000)
        case .speed:
            if let speed = sensorSpeed(in: snapshot, ended: ended, at: now) { return speed * 3.6 }
            guard let distance, distance >= 10, elapsed > 0 else { return nil }
            return (distance / 1000) / (elapsed / 3600)
        }
    }

    /// A speed sensor's reading in m/s (a wheel sensor's before a foot pod's): fresh, or the
    /// average in the ended summary; nil without one.
    private func sensorSpeed(in snapshot: WorkoutSnapshot, ended: Bool, at now: Timestamp) -> Double? {
        reading(.cyclingSpeed, in: snapshot, ended: ended, at: now) ?? reading(.runningSpeed, in: snapshot, ended: ended, at: now)
    }

    /// A discrete reading: the latest while it is fresh, the workout's average in the ended summary.
    private func reading(_ type: QuantityType, in snapshot: WorkoutSnapshot, ended: Bool, at now: Timestamp) -> Double? {
        guard let statistics = snapshot.statistics[type] else { return nil }
        if ended { return statistics.average }
        guard let at = statistics.mostRecentAt, now.monotonic - at.monotonic <= configuration.staleAfter else { return nil }
        return statistics.mostRecent
    }
}
