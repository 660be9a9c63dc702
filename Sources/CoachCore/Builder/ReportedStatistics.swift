// Which samples count toward a workout's distance and energy when several kinds could, so one
// quantity is never counted twice (issue 33, items 1 and 2): a sensor's own distance
// (distanceCycling, distanceWalkingRunning) wins over a client's plain `distance`, which wins over
// the route's length; a client's own active energy wins over the energy Coach generated.
// The builder, the importer and the exporters all decide through here.

/// Where a workout's distance came from (`coach show` says which).
public enum DistanceSource: String, Sendable, Hashable, Codable {
    /// distanceCycling / distanceWalkingRunning samples: a wheel sensor, a power meter, a foot pod.
    case sensor
    /// Plain `distance` samples a client fed (`coach sample distance …`).
    case samples
    /// The route's great-circle length (no distance was measured).
    case route
}

public enum ReportedStatistics {
    /// The source that wins among what was measured: any sensor distance, else plain distance
    /// samples, else a route of two points or more; nil when nothing measured distance.
    public static func distanceSource(hasSensorDistance: Bool, hasDistanceSamples: Bool, routePoints: Int) -> DistanceSource? {
        if hasSensorDistance { return .sensor }
        if hasDistanceSamples { return .samples }
        return routePoints > 1 ? .route : nil
    }

    /// The source for statistics kept per type (the builder's, a saved workout's).
    public static func distanceSource(in statistics: [QuantityType: QuantityStatistics], routePoints: Int) -> DistanceSource? {
        distanceSource(hasSensorDistance: statistics.keys.contains { $0.isSensorDistance },
                       hasDistanceSamples: statistics[.distance] != nil, routePoints: routePoints)
    }

    /// Whether a sample counts toward the workout's distance, given the source that won.
    public static func counts(_ type: QuantityType, toward source: DistanceSource?) -> Bool {
        switch source {
        case .sensor?: return type.isSensorDistance
        case .samples?: return type == .distance
        case .route?, nil: return false
        }
    }

    /// Whether an energy sample counts: generated ones only while no client sent energy of its own.
    public static func counts(_ sample: QuantitySample, ownEnergyExists: Bool) -> Bool {
        sample.type == .activeEnergy && (sample.source?.isGenerated == true ? !ownEnergyExists : true)
    }

    /// The per-type statistics with `.distance` replaced by the winning distance (sensor kinds
    /// merged; the route as the builder measured it) and `.activeEnergy` by the client's own energy,
    /// else the generated energy.
    public static func reported(_ statistics: [QuantityType: QuantityStatistics], generatedEnergy: QuantityStatistics?,
                                route: (points: Int, length: Double, lastAt: Timestamp?)) -> [QuantityType: QuantityStatistics] {
        var all = statistics
        switch distanceSource(in: statistics, routePoints: route.points) {
        case .sensor?:
            var merged = QuantityStatistics(type: .distance)
            for type in [QuantityType.distanceCycling, .distanceWalkingRunning] {
                guard let part = statistics[type] else { continue }
                merged.count += part.count
                merged.sum = (merged.sum ?? 0) + (part.sum ?? 0)
                if let at = part.mostRecentAt, merged.mostRecentAt.map({ at >= $0 }) ?? true {
                    merged.mostRecent = part.mostRecent
                    merged.mostRecentAt = at
                }
            }
            all[.distance] = merged
        case .route?:
            var distance = QuantityStatistics(type: .distance)
            distance.count = route.points
            distance.sum = route.length
            distance.mostRecent = route.length
            distance.mostRecentAt = route.lastAt
            all[.distance] = distance
        case .samples?, nil:
            break
        }
        if all[.activeEnergy] == nil, let generatedEnergy { all[.activeEnergy] = generatedEnergy }
        return all
    }
}
