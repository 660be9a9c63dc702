// Location samples: the points of a workout's route (HealthKit's HKWorkoutRoute holds CLLocations),
// validated before they are accepted, and the great-circle distance between two of them.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One point of a route. Degrees (WGS 84), metres above sea level, metres of horizontal accuracy.
public struct LocationSample: Sendable, Hashable, Codable {
    public var latitude: Double
    public var longitude: Double
    public var altitude: Double?
    /// The radius of uncertainty (CLLocation.horizontalAccuracy); nil when unknown.
    public var horizontalAccuracy: Double?
    public var at: Timestamp

    public init(latitude: Double, longitude: Double, altitude: Double? = nil, horizontalAccuracy: Double? = nil,
                at: Timestamp) {
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
        self.horizontalAccuracy = horizontalAccuracy
        self.at = at
    }

    /// Altitudes outside this range are typos or a broken sensor (the Dead Sea shore to above Everest).
    public static let plausibleAltitude: ClosedRange<Double> = -500...9_000
    public static let plausibleAccuracy: ClosedRange<Double> = 0...10_000

    /// Checks the numbers before a sample is made: ranges, finiteness. Nil when they are fine.
    public static func problem(latitude: Double, longitude: Double, altitude: Double?,
                               horizontalAccuracy: Double?) -> LocationProblem? {
        guard latitude.isFinite, (-90...90).contains(latitude) else {
            return LocationProblem(field: "latitude", message: "latitude must be a number from -90 to 90 (got \(latitude))")
        }
        guard longitude.isFinite, (-180...180).contains(longitude) else {
            return LocationProblem(field: "longitude", message: "longitude must be a number from -180 to 180 (got \(longitude))")
        }
        if let altitude, !(altitude.isFinite && plausibleAltitude.contains(altitude)) {
            return LocationProblem(field: "altitude", message: "elevation must be in metres from -500 to 9000 (got \(altitude))")
        }
        if let horizontalAccuracy, !(horizontalAccuracy.isFinite && plausibleAccuracy.contains(horizontalAccuracy)) {
            return LocationProblem(field: "horizontalAccuracy",
                                   message: "horizontal accuracy must be in metres from 0 to 10000 (got \(horizontalAccuracy))")
        }
        return nil
    }

    public var problem: LocationProblem? {
        Self.problem(latitude: latitude, longitude: longitude, altitude: altitude, horizontalAccuracy: horizontalAccuracy)
    }
}

/// Why a location was refused: which field and what is allowed.
public struct LocationProblem: Error, Sendable, Hashable, CustomStringConvertible {
    public var field: String
    public var message: String
    public var description: String { message }
}

public enum Geodesy {
    /// Mean Earth radius (IUGG), metres.
    public static let earthRadius = 6_371_008.8

    /// Great-circle distance in metres by the haversine formula: within 0.5 % of the ellipsoid,
    /// and well conditioned for the few metres between consecutive GPS fixes.
    public static func distance(latitude1: Double, longitude1: Double, latitude2: Double, longitude2: Double) -> Double {
        let radians = Double.pi / 180
        let phi1 = latitude1 * radians, phi2 = latitude2 * radians
        let dPhi = (latitude2 - latitude1) * radians
        let dLambda = (longitude2 - longitude1) * radians
        let sinPhi: Double = sin(dPhi / 2)
        let sinLambda: Double = sin(dLambda / 2)
        let a: Double = sinPhi * sinPhi + cos(phi1) * cos(phi2) * sinLambda * sinLambda
        return 2 * earthRadius * asin(Swift.min(1, a.squareRoot()))
    }

    public static func distance(_ from: LocationSample, _ to: LocationSample) -> Double {
        distance(latitude1: from.latitude, longitude1: from.longitude, latitude2: to.latitude, longitude2: to.longitude)
    }
}
