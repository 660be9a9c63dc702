// GPX 1.1 with Garmin's TrackPointExtension v1 (hr, cad — the version Strava reads): one track,
// a trkseg per running interval (GPX has no pause; a new segment is the convention). Points
// without a position cannot be written (lat/lon are required): indoor workouts need TCX or FIT.

import CoachCore
import CoachWire
import Foundation

public enum GPXWriter {
    public static func write(_ recording: WorkoutRecording) -> String {
        write(recording, timeline: Timeline(recording))
    }

    public static func write(_ recording: WorkoutRecording, timeline: Timeline) -> String {
        var out = ""
        out.reserveCapacity(timeline.points.count * 220 + 1_000)
        out += """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="Coach" xmlns="http://www.topografix.com/GPX/1/1" \
            xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1" \
            xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
            xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd \
            http://www.garmin.com/xmlschemas/TrackPointExtension/v1 http://www.garmin.com/xmlschemas/TrackPointExtensionv1.xsd">
             <metadata>

            """
        if let name = recording.name, !name.isEmpty { out += "  <name>\(MarkupText.escape(name))</name>\n" }
        out += "  <time>\(ExportText.isoDate(recording.start))</time>\n </metadata>\n <trk>\n"
        if let name = recording.name, !name.isEmpty { out += "  <name>\(MarkupText.escape(name))</name>\n" }
        if let activity = recording.activity { out += "  <type>\(activity.rawValue)</type>\n" }
        var segment: Int?
        for point in timeline.points {
            guard let latitude = point.latitude, let longitude = point.longitude else { continue }
            if point.segment != segment {
                if segment != nil { out += "  </trkseg>\n" }
                out += "  <trkseg>\n"
                segment = point.segment
            }
            out += "   <trkpt lat=\"\(ExportText.decimal(latitude, decimals: 7))\" lon=\"\(ExportText.decimal(longitude, decimals: 7))\">\n"
            if let altitude = point.altitude { out += "    <ele>\(ExportText.decimal(altitude, decimals: 2))</ele>\n" }
            out += "    <time>\(ExportText.isoDate(point.date))</time>\n"
            let heart = TCXWriter.heartRate(point.heartRate)
            let cadence = TCXWriter.cadence(point.cadence)
            if heart != nil || cadence != nil {
                out += "    <extensions><gpxtpx:TrackPointExtension>"
                if let heart { out += "<gpxtpx:hr>\(heart)</gpxtpx:hr>" }
                if let cadence { out += "<gpxtpx:cad>\(cadence)</gpxtpx:cad>" }
                out += "</gpxtpx:TrackPointExtension></extensions>\n"
            }
            out += "   </trkpt>\n"
        }
        if segment != nil { out += "  </trkseg>\n" }
        out += " </trk>\n</gpx>\n"
        return out
    }
}
