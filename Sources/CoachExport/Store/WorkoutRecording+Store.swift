// Between the store and the exporters: a saved workout read into a `WorkoutRecording`.

import CoachCore
import CoachStore
import Foundation

extension WorkoutRecording {
    /// The workout `detail` names, with its samples, events and route from `store`.
    public init(store: WorkoutStore, detail: WorkoutDetail) throws {
        let summary = detail.summary
        let samples = try store.samples(ofWorkout: summary.id)
        let route = try store.route(ofWorkout: summary.id)
        let start = summary.startDate ?? samples.first?.date ?? route.first?.date ?? Date(timeIntervalSince1970: 0)
        let end = summary.endDate ?? [samples.last?.date, route.last?.date].compactMap { $0 }.max() ?? start
        self.init(id: summary.id, activity: summary.activity, name: summary.name, start: start, end: end,
                  events: detail.events.map { RecordedEvent(type: $0.type, date: $0.date, duration: $0.duration) },
                  samples: samples.map { RecordedSample(type: $0.type, value: $0.value, date: $0.date) },
                  route: route.map { RecordedLocation(latitude: $0.latitude, longitude: $0.longitude, altitude: $0.altitude,
                                                      horizontalAccuracy: $0.horizontalAccuracy, date: $0.date) })
    }
}
