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
                  events: detail.events.map { RecordedEvent(type: $0.type, date: $0.date, duration: $0.duration, metadata: $0.metadata) },
                  samples: samples.map { RecordedSample(type: $0.type, value: $0.value, date: $0.date, source: $0.source) },
                  route: route.map { RecordedLocation(latitude: $0.latitude, longitude: $0.longitude, altitude: $0.altitude,
                                                      horizontalAccuracy: $0.horizontalAccuracy, date: $0.date) })
        source = summary.source
        device = summary.source?.device
    }
}

/// What `importRecording` did.
public enum ImportOutcome: Sendable, Hashable {
    case imported(id: String)
    /// A workout with this content's id is already stored: nothing was written.
    case alreadyImported(id: String)
    /// An edited file of an imported workout (same device and start) with a higher version:
    /// `previous` was deleted (with tombstones) and the file saved as `id`, in one transaction.
    case replaced(id: String, previous: String)
    /// The store already holds this workout (same device and start with no newer version, or
    /// an export of a workout already in the store: the same start): nothing was written.
    case sameWorkout(id: String, reason: String)
}

extension WorkoutStore {
    /// Saves an imported recording as a finished workout — samples, events, route and statistics —
    /// in one transaction, under the recording's id (the file's content hash). Importing the same
    /// file again writes nothing; an edited file (same device and start) replaces the workout only
    /// with a higher file version; a file whose workout is already stored (an export of it) is
    /// recognised by its start and writes nothing.
    /// `importer` is the source the workout and samples carry (the file's device is added).
    public func importRecording(_ recording: WorkoutRecording,
                                importer: SampleSource = SampleSource(name: "coach")) async throws -> ImportOutcome {
        if try containsWorkout(id: recording.id) { return .alreadyImported(id: recording.id) }
        let identity = recording.importIdentity
        let version = recording.fileVersion ?? 0
        var previous: String?
        switch try importMatch(identity: identity, start: recording.start) {
        case .identity(let id, let storedVersion):
            guard version > storedVersion else {
                return .sameWorkout(id: id, reason: "same device and start, and this file's version (\(version)) is not "
                                        + "higher than the stored one (\(storedVersion)); delete it first ('coach delete') to import this file")
            }
            previous = id
        case .start(let id):
            return .sameWorkout(id: id, reason: "a workout with the same start is already stored (an export of it?)")
        case nil: break
        }
        let finished = recording.finishedWorkout(source: importer.measured(by: recording.device))
        try await saveImported(finished, identity: identity, version: recording.fileVersion, replacing: previous)
        return previous.map { .replaced(id: recording.id, previous: $0) } ?? .imported(id: recording.id)
    }
}

extension WorkoutRecording {
    /// The recording as the engine would have finished it: timestamps on a clock whose monotonic
    /// reading is the Unix time, statistics per type, distance from the route when no sample has it.
    func finishedWorkout(source: SampleSource? = nil) -> FinishedWorkout {
        func stamp(_ date: Date) -> Timestamp {
            let nanoseconds = (date.timeIntervalSince1970 * 1e9).rounded()
            let safe = nanoseconds.isFinite && abs(nanoseconds) < 9e18 ? Int64(exactly: nanoseconds) ?? 0 : 0
            return Timestamp(monotonic: MonotonicInstant(nanoseconds: safe), date: date)
        }
        let quantitySamples = samples.map { QuantitySample(type: $0.type, value: $0.value, at: stamp($0.date), source: source) }
        var statistics: [QuantityType: QuantityStatistics] = [:]
        for sample in quantitySamples { statistics[sample.type, default: QuantityStatistics(type: sample.type)].add(sample) }
        let timeline = Timeline(self)
        if statistics[.distance] == nil, route.count > 1 {
            var distance = QuantityStatistics(type: .distance)
            distance.count = route.count
            distance.sum = timeline.totalDistance
            distance.mostRecent = timeline.totalDistance
            distance.mostRecentAt = route.last.map { stamp($0.date) }
            statistics[.distance] = distance
        }
        let workoutEvents = events.map { event in
            WorkoutEvent(type: event.type, at: stamp(event.date), duration: event.duration.map { Duration.seconds($0) },
                         metadata: [:])
        }
        let locations = route.map {
            LocationSample(latitude: $0.latitude, longitude: $0.longitude, altitude: $0.altitude,
                           horizontalAccuracy: $0.horizontalAccuracy, at: stamp($0.date))
        }
        let configuration = StartWorkoutIntent(activity: activity, location: route.isEmpty ? nil : .outdoor, workoutName: name,
                                               source: source)
        return FinishedWorkout(workoutID: id, configuration: configuration, start: stamp(start), end: stamp(end),
                               elapsed: timeline.timerSeconds, events: workoutEvents, samples: quantitySamples,
                               statistics: statistics, goalReached: false, route: locations)
    }
}
