// Samples: metrics, speed for auto-pause and route points, handed to the manager.

import CoachCore

extension Gateway {
    // MARK: - Samples

    /// Feeds a metric. Returns the outcome, or throws a unit error or a store problem. `queued`
    /// runs once the sample has its place in the journal's order (`WorkoutManager.addSample`).
    public func addSample(_ type: QuantityType, value: Double, unit: String? = nil,
                          syncIdentifier: String? = nil, syncVersion: Int? = nil,
                          source: SampleSource? = nil, queued: (@Sendable () -> Void)? = nil) async throws -> SampleOutcome {
        try await manager.addSample(type, value: value, unit: unit, syncIdentifier: syncIdentifier, syncVersion: syncVersion,
                                    source: source, queued: queued)
    }

    /// A speed reading from a sensor, for auto-pause.
    public func observeSpeed(_ speed: Double) async {
        await manager.observeSpeed(speed)
    }

    /// A strap's cumulative Energy Expended (kJ), for generated active energy.
    public func observeEnergyExpended(_ kilojoules: Double, sensor: String) async {
        await manager.observeEnergyExpended(kilojoules, sensor: sensor)
    }

    /// A route point (`sample` with type `location`); throws `LocationProblem` for impossible coordinates.
    public func addLocation(latitude: Double, longitude: Double, altitude: Double? = nil,
                            horizontalAccuracy: Double? = nil) async throws -> SampleOutcome {
        try await manager.addLocation(latitude: latitude, longitude: longitude, altitude: altitude,
                                      horizontalAccuracy: horizontalAccuracy)
    }
}
