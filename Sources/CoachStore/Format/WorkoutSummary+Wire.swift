// The store's values as CoachWire's messages: what `history` answers and `coach history --json`
// prints. Dates as JSONEncoder's .iso8601 wrote them (to the second, UTC), so the output is unchanged.

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
