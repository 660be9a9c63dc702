// RaceTrack: a saved workout to race against (Apple Watch's Race Route: "race your past self").
// How far the past self had gone at each moment of active time, and where it went, so the gap can
// be told at the same distance: the seconds the past self needed to get here, minus the seconds you
// needed. Positive: you are ahead. Pure; the gateway builds it from the store (RaceTrack+Recording).

import Foundation

public struct RaceTrack: Sendable, Hashable, Codable {
    /// The workout raced against, and when it started (for "your run of 3 May").
    public var workoutID: String
    public var date: Date
    /// Active seconds (pauses excluded) and metres covered by then, both increasing.
    public var elapsed: [Double]
    public var distance: [Double]
    /// The past route, thinned to a point every ~10 m; empty indoors (then any route races).
    public var route: [RacePoint]

    /// How close to the past route you must be for the comparison to mean anything.
    public static let sameRouteMetres = 50.0

    public init(workoutID: String, date: Date, elapsed: [Double], distance: [Double], route: [RacePoint] = []) {
        self.workoutID = workoutID
        self.date = date
        // Keep only points where both grow, so the lookup can interpolate.
        var keptElapsed: [Double] = [], keptDistance: [Double] = []
        for (time, metres) in zip(elapsed, distance) where time.isFinite && metres.isFinite {
            if let lastTime = keptElapsed.last, let lastMetres = keptDistance.last, time < lastTime || metres <= lastMetres { continue }
            keptElapsed.append(time)
            keptDistance.append(metres)
        }
        self.elapsed = keptElapsed
        self.distance = keptDistance
        self.route = route
    }

    public var totalDistance: Double { distance.last ?? 0 }

    /// The active seconds the past self needed to cover `metres`; nil before its first point or
    /// beyond its last (there is nothing to race there).
    public func seconds(toCover metres: Double) -> Double? {
        guard let first = distance.first, metres >= first, metres <= totalDistance else { return nil }
        var low = 0, high = distance.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if distance[middle] <= metres { low = middle } else { high = middle }
        }
        guard high > low else { return elapsed[low] }
        let fraction = (metres - distance[low]) / (distance[high] - distance[low])
        return elapsed[low] + fraction * (elapsed[high] - elapsed[low])
    }

    /// Seconds ahead (positive) or behind (negative) at `metres` after `seconds` of active time; nil
    /// before the first 50 m (too early to say), beyond the past distance, or off the past route.
    public func gap(elapsed active: Double, distance metres: Double, at location: RacePoint?) -> Double? {
        guard metres >= 50, let past = seconds(toCover: metres) else { return nil }
        if let location, !route.isEmpty, !isOnRoute(location) { return nil }
        return past - active
    }

    /// Within 50 m of some point of the past route.
    public func isOnRoute(_ point: RacePoint) -> Bool {
        route.contains { $0.metres(to: point) <= Self.sameRouteMetres }
    }
}

/// A point of a route, in degrees.
public struct RacePoint: Sendable, Hashable, Codable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    public func metres(to other: RacePoint) -> Double {
        Geodesy.distance(latitude1: latitude, longitude1: longitude, latitude2: other.latitude, longitude2: other.longitude)
    }
}
