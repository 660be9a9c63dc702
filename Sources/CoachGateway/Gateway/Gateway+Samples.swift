// Samples: metrics, speed for auto-pause and route points, handed to the workout's source (the
// manager here, or the primary this gateway mirrors).

import CoachCore

extension Gateway {
    // MARK: - Samples

    /// Feeds a metric. Returns what became of it, or throws a unit error or a store problem.
    /// `queued` runs once the sample has its place in the journal's order (`WorkoutManager.addSample`).
    public func addSample(_ sample: LiveSample, queued: (@Sendable () -> Void)? = nil) async throws -> SampleReply {
        try await source.record(sample, queued: queued)
    }

    /// A speed reading from a sensor, for auto-pause.
    public func observeSpeed(_ speed: Double) async {
        await source.observeSpeed(speed)
    }

    /// A strap's cumulative Energy Expended (kJ), for generated active energy.
    public func observeEnergyExpended(_ kilojoules: Double, sensor: String) async {
        await source.observeEnergyExpended(kilojoules, sensor: sensor)
    }

    /// A route point (`sample` with type `location`); throws `LocationProblem` for impossible coordinates.
    public func addLocation(latitude: Double, longitude: Double, altitude: Double? = nil,
                            horizontalAccuracy: Double? = nil) async throws -> SampleOutcome {
        try await source.addLocation(latitude: latitude, longitude: longitude, altitude: altitude,
                                     horizontalAccuracy: horizontalAccuracy)
    }
}
