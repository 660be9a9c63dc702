// Reads TCX (Garmin TrainingCenterDatabase v2) as watches, Strava and Coach write it: the first
// Activity's sport, laps (start, calories), tracks and track points with time, position, altitude,
// distance, heart rate, cadence and power (ns3:TPX Watts). A new Track inside a lap is a pause;
// across laps, only a gap of more than 2 s is.

import CoachCore
import Foundation

public enum TCXReader {
    public static func read(_ data: Data, id: String, file: String) throws(ImportProblem) -> WorkoutRecording {
        let handler = Handler()
        do { try XMLElementReader.read(data, into: handler) } catch {
            throw ImportProblem(file: file, message: "not a readable TCX file: \(error.message)")
        }
        guard handler.sawRoot else {
            throw ImportProblem(file: file, message: "not a TCX file (no TrainingCenterDatabase element)")
        }
        return try handler.builder.recording(id: id, file: file)
    }

    private final class Handler: XMLElementHandler {
        var builder = TrackBuilder()
        var sawRoot = false
        var point: ReadPoint?
        var activities = 0
        var segment = -1
        var lapOfLastTrack = -1
        var laps = 0
        var lastPointDate: Date?
        var trackpointIndex = 0

        func start(_ name: Substring, attributes: [String: String], path: [Substring]) {
            switch name {
            case "TrainingCenterDatabase": sawRoot = true
            case "Activity":
                activities += 1
                if activities == 1, let sport = attributes["Sport"] { builder.activity = ActivityType(fileSport: sport) }
            case "Lap" where activities == 1:
                laps += 1
                if let start = attributes["StartTime"].flatMap(ExportText.parseISODate) { builder.lapStarts.append(start) }
                builder.lapEnergy.append(0)
            case "Track" where activities == 1:
                segment += 1
                pendingTrackStart = true
            case "Trackpoint" where activities == 1:
                trackpointIndex += 1
                point = ReadPoint(date: .distantPast, segment: segment)
            default: break
            }
        }

        /// Whether the next point opens a track (decides whether a break there is a pause).
        var pendingTrackStart = false

        func end(_ name: Substring, text: Substring, path: [Substring]) throws(XMLContentError) {
            guard activities == 1 else { return }
            let parent = path.count >= 2 ? path[path.count - 2] : ""
            switch name {
            case "Id" where parent == "Activity": builder.start = ExportText.parseISODate(text)
            case "Notes" where parent == "Activity": builder.name = text.isEmpty ? nil : String(text)
            case "Name" where parent == "Creator" && !text.isEmpty:
                builder.device = SampleDevice(name: String(text.prefix(128)), model: builder.device?.model)
            case "ProductID" where parent == "Creator" && !text.isEmpty:
                builder.device = SampleDevice(name: builder.device?.name, model: String(text.prefix(32)))
            case "Calories" where parent == "Lap":
                if let value = Double(text), !builder.lapEnergy.isEmpty { builder.lapEnergy[builder.lapEnergy.count - 1] = value }
            case "Time" where parent == "Trackpoint":
                guard let date = ExportText.parseISODate(text) else {
                    throw XMLContentError(message: "track point \(trackpointIndex) has a time that is not ISO 8601: '\(text.prefix(40))'")
                }
                point?.date = date
            case "LatitudeDegrees": point?.latitude = Double(text)
            case "LongitudeDegrees": point?.longitude = Double(text)
            case "AltitudeMeters" where parent == "Trackpoint": point?.altitude = Double(text)
            case "DistanceMeters" where parent == "Trackpoint": point?.distance = Double(text)
            case "Value" where parent == "HeartRateBpm" && path.count >= 3 && path[path.count - 3] == "Trackpoint":
                point?.heartRate = Double(text)
            case "Cadence" where parent == "Trackpoint": point?.cadence = Double(text)
            case "Watts" where point != nil: point?.power = Double(text)
            case "Trackpoint":
                guard var finished = point else { return }
                point = nil
                guard finished.date != .distantPast else {
                    throw XMLContentError(message: "track point \(trackpointIndex) has no time")
                }
                if pendingTrackStart {
                    pendingTrackStart = false
                    // A track that starts a new lap right after the last point is not a pause.
                    if lapOfLastTrack != laps, let last = lastPointDate, finished.date.timeIntervalSince(last) <= 2,
                       let previous = builder.points.last {
                        finished.segment = previous.segment
                        segment = previous.segment
                    }
                    lapOfLastTrack = laps
                }
                lastPointDate = finished.date
                builder.points.append(finished)
            default: break
            }
        }
    }
}
