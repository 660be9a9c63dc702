// One entry point for `coach export`: a recording in any format, as bytes.

import Foundation

/// A format that cannot hold this workout (GPX without a route).
public struct ExportProblem: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

public enum WorkoutExporter {
    public static func data(_ recording: WorkoutRecording, format: ExportFormat) throws(ExportProblem) -> Data {
        let timeline = Timeline(recording)
        switch format {
        case .tcx: return Data(TCXWriter.write(recording, timeline: timeline).utf8)
        case .gpx:
            guard timeline.points.contains(where: \.hasPosition) else {
                throw ExportProblem(message: "workout \(recording.id.prefix(8)) has no route: GPX needs positions. Use --format tcx or fit for indoor workouts.")
            }
            return Data(GPXWriter.write(recording, timeline: timeline).utf8)
        case .fit: return FITWriter.write(recording, timeline: timeline)
        case .csv: return Data(CSVWriter.write(recording).utf8)
        case .json: return Data(JSONWriter.write(recording).utf8)
        }
    }
}
