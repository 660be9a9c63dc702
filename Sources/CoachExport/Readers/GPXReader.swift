// Reads GPX 1.0/1.1 tracks as watches, Strava, OpenTracks and Coach write them: trkpt with lat/lon,
// ele, time, and heart rate, cadence and power from TrackPointExtension v1/v2 (hr, cad),
// OpenTracks' and others' power elements. Each trkseg after the first follows a pause.

import CoachCore
import Foundation

public enum GPXReader {
    public static func read(_ data: Data, id: String, file: String) throws(ImportProblem) -> WorkoutRecording {
        let handler = Handler()
        do { try XMLElementReader.read(data, into: handler) } catch {
            throw ImportProblem(file: file, message: "not a readable GPX file: \(error.message)")
        }
        guard handler.sawRoot else { throw ImportProblem(file: file, message: "not a GPX file (no gpx element)") }
        return try handler.builder.recording(id: id, file: file)
    }

    private final class Handler: XMLElementHandler {
        var builder = TrackBuilder()
        var sawRoot = false
        var point: ReadPoint?
        var segment = -1
        var pointIndex = 0
        var tracks = 0

        func start(_ name: Substring, attributes: [String: String], path: [Substring]) {
            switch name {
            case "gpx":
                sawRoot = true
                if let creator = attributes["creator"], !creator.isEmpty { builder.device = SampleDevice(name: String(creator.prefix(128))) }
            case "trk": tracks += 1
            case "trkseg" where tracks == 1: segment += 1
            case "trkpt" where tracks == 1:
                pointIndex += 1
                point = ReadPoint(date: .distantPast, latitude: attributes["lat"].flatMap { Double($0) },
                                  longitude: attributes["lon"].flatMap { Double($0) }, segment: Swift.max(segment, 0))
            default: break
            }
        }

        func end(_ name: Substring, text: Substring, path: [Substring]) throws(XMLContentError) {
            let parent = path.count >= 2 ? path[path.count - 2] : ""
            if point == nil {
                switch name {
                case "name" where parent == "trk" && tracks == 1: builder.name = text.isEmpty ? nil : String(text)
                case "name" where parent == "metadata" && builder.name == nil: builder.name = text.isEmpty ? nil : String(text)
                case "type" where parent == "trk" && tracks == 1 && !text.isEmpty: builder.activity = ActivityType(fileSport: String(text))
                default: break
                }
                return
            }
            switch name {
            case "time" where parent == "trkpt":
                guard let date = ExportText.parseISODate(text) else {
                    throw XMLContentError(message: "track point \(pointIndex) has a time that is not ISO 8601: '\(text.prefix(40))'")
                }
                point?.date = date
            case "ele" where parent == "trkpt": point?.altitude = Double(text)
            case "hr", "heartrate": point?.heartRate = Double(text)
            case "cad", "cadence": point?.cadence = Double(text)
            case "power", "PowerInWatts", "watts": point?.power = Double(text)
            case "trkpt":
                guard let finished = point else { return }
                point = nil
                guard finished.date != .distantPast else {
                    throw XMLContentError(message: "track point \(pointIndex) has no time (Coach imports timed tracks, not routes)")
                }
                guard finished.latitude != nil, finished.longitude != nil else {
                    throw XMLContentError(message: "track point \(pointIndex) has no lat/lon")
                }
                builder.points.append(finished)
            default: break
            }
        }
    }
}
