// WorkoutRecording: a saved workout as the exporters write it and the importers read it — plain
// values, no store, no files. `WorkoutRecording+Store.swift` converts to and from the store.

import CoachCore
import Foundation

/// Everything a workout file can hold: what was done, when, the samples, the events and the route.
public struct WorkoutRecording: Sendable, Hashable {
    public var id: String
    public var activity: ActivityType?
    public var name: String?
    public var start: Date
    public var end: Date
    public var events: [RecordedEvent]
    public var samples: [RecordedSample]
    public var route: [RecordedLocation]
    /// The device that recorded the file, when the file says (FIT file_id, TCX Creator, GPX
    /// creator): an import's samples carry it as their device.
    public var device: SampleDevice?
    /// Who started or imported the workout (from the store; nil for a file just read).
    public var source: SampleSource?
    /// The recording device's serial number (FIT file_id), part of an import's identity.
    public var serialNumber: String?
    /// The file's version (FIT file_id.time_created): an edited file with a higher one replaces
    /// the workout it was imported as. nil counts as 0.
    public var fileVersion: Int?

    /// Who recorded it and when it started, as an import's sync identifier: the same device and
    /// start in another file is the same workout. nil when the file names no device.
    public var importIdentity: String? {
        guard let device, device.name != nil || device.model != nil || device.manufacturer != nil || serialNumber != nil else { return nil }
        let parts = [device.manufacturer, device.model, device.name, serialNumber].map { $0 ?? "" }
        return "import:" + parts.joined(separator: "|") + "@" + String(Int(start.timeIntervalSince1970.rounded()))
    }

    public init(id: String, activity: ActivityType?, name: String? = nil, start: Date, end: Date,
                events: [RecordedEvent] = [], samples: [RecordedSample] = [], route: [RecordedLocation] = []) {
        self.id = id
        self.activity = activity
        self.name = name
        self.start = start
        self.end = end
        self.events = events
        self.samples = samples
        self.route = route
    }
}

/// A quantity sample: value in the type's canonical unit.
public struct RecordedSample: Sendable, Hashable {
    public var type: QuantityType
    public var value: Double
    public var date: Date
    /// Who wrote it and what measured it (from the store); the JSON export carries it.
    public var source: SampleSource?

    public init(type: QuantityType, value: Double, date: Date, source: SampleSource? = nil) {
        self.type = type
        self.value = value
        self.date = date
        self.source = source
    }
}

/// A pause, resume, lap or marker.
public struct RecordedEvent: Sendable, Hashable {
    public var type: WorkoutEventType
    public var date: Date
    /// Seconds (laps: from the previous lap or the start).
    public var duration: Double?
    /// What the event says of itself (a lap's number, a plan step's segment: StepSegmentKey).
    public var metadata: [String: String]

    public init(type: WorkoutEventType, date: Date, duration: Double? = nil, metadata: [String: String] = [:]) {
        self.type = type
        self.date = date
        self.duration = duration
        self.metadata = metadata
    }
}

/// A route point: degrees, metres.
public struct RecordedLocation: Sendable, Hashable {
    public var latitude: Double
    public var longitude: Double
    public var altitude: Double?
    public var horizontalAccuracy: Double?
    public var date: Date

    public init(latitude: Double, longitude: Double, altitude: Double? = nil, horizontalAccuracy: Double? = nil, date: Date) {
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
        self.horizontalAccuracy = horizontalAccuracy
        self.date = date
    }
}

/// The export formats `coach export --format` names.
public enum ExportFormat: String, Sendable, CaseIterable {
    case tcx, gpx, fit, csv, json

    public var fileExtension: String { rawValue }

    /// The format a file's extension names (import).
    public init?(path: String) {
        let lower = path.lowercased()
        guard let dot = lower.lastIndex(of: ".") else { return nil }
        self.init(rawValue: String(lower[lower.index(after: dot)...]))
    }
}
