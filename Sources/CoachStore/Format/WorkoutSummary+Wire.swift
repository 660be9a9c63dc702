// The store's values as CoachWire's messages: what `history` and `show` answer and `coach history
// --json` and `coach show --json` print. Dates as JSONEncoder's .iso8601 wrote them (to the second, UTC), so the output is unchanged.

import CoachWire
import CoachCore
import Foundation

extension WorkoutSummary {
    public var wire: WireWorkoutSummary {
        WireWorkoutSummary(id: id, activity: activity?.rawValue, location: location?.rawValue, goal: goal, name: name,
                           startDate: startDate.map(WorkoutFormatter.instant), endDate: endDate.map(WorkoutFormatter.instant),
                           elapsed: elapsed, state: state.rawValue, discardReason: discardReason, goalReached: goalReached,
                           totalDistance: totalDistance, totalEnergy: totalEnergy, source: source?.wire)
    }
}

extension WorkoutDetail {
    public var wire: ShowResult {
        ShowResult(summary: summary.wire, statistics: statistics.map(\.wire),
                   events: events.map { WireEvent(type: $0.type.rawValue, date: WorkoutFormatter.instant($0.date), duration: $0.duration,
                                                  metadata: $0.metadata.map { ($0.key, $0.value) }) },
                   sampleCount: sampleCount,
                   sources: sources.map { WireSourceSamples(source: $0.source?.wire, count: $0.count, types: $0.types.map { ($0.key, $0.value) }) },
                   distanceSource: distanceSource?.rawValue, routePoints: routePoints)
    }
}

extension StoreChanges {
    /// The page as `workouts.changes` answers it; `since` for the notification and `coach changes`.
    public func wire(since: Int? = nil) -> ChangesResult {
        ChangesResult(since: since, added: added.map { object in
            switch object {
            case .workout(let workout): .workout(workout.wire)
            case .sample(let sample): .sample(sample.wire)
            }
        }, deleted: deleted.map { WireDeletedObject(kind: $0.kind.rawValue, id: $0.id, workoutID: $0.workoutID) }, anchor: anchor, more: more)
    }
}

extension StoredSample {
    public var wire: WireSample {
        WireSample(id: Int(id), workoutID: workoutID, type: type.rawValue, value: value, date: WorkoutFormatter.instant(date),
                   syncIdentifier: syncIdentifier, syncVersion: syncVersion, source: source?.wire)
    }
}

extension MetricStatistics {
    /// As `show` lists it: naming its type, with the most recent value's date.
    public var wire: WireStatistics {
        WireStatistics(type: type.rawValue, count: count, sum: sum, average: average, minimum: minimum, maximum: maximum,
                       mostRecent: mostRecent, mostRecentDate: mostRecentDate.map(WorkoutFormatter.instant), unit: unit)
    }
}

extension SampleSource {
    public var wire: WireSource {
        WireSource(name: name, version: version, deviceName: device?.name, deviceModel: device?.model,
                   deviceManufacturer: device?.manufacturer, generatedFrom: generatedFrom)
    }
}

extension WorkoutFormatter {
    /// A date as JSONEncoder's `.iso8601` strategy writes it ("2026-05-01T07:30:12Z").
    static func instant(_ date: Date) -> String { ISO8601DateFormatter().string(from: date) }
}
