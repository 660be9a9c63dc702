// TCX (Garmin TrainingCenterDatabase v2): one Activity, a Lap per Coach lap, a Track per running
// interval (the pause between two tracks is the track break consumers expect), track points with
// time, position, altitude, distance, heart rate, cadence, and power in the ActivityExtension v2.
// Element order follows TrainingCenterDatabasev2.xsd, which enforces it.

import CoachCore
import CoachWire
import Foundation

public enum TCXWriter {
    public static func write(_ recording: WorkoutRecording) -> String {
        write(recording, timeline: Timeline(recording))
    }

    public static func write(_ recording: WorkoutRecording, timeline: Timeline) -> String {
        var out = ""
        out.reserveCapacity(timeline.points.count * 300 + 2_000)
        out += """
            <?xml version="1.0" encoding="UTF-8"?>
            <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2" \
            xmlns:ns3="http://www.garmin.com/xmlschemas/ActivityExtension/v2" \
            xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
            xsi:schemaLocation="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2 \
            http://www.garmin.com/xmlschemas/TrainingCenterDatabasev2.xsd">
             <Activities>
              <Activity Sport="\(sport(recording.activity))">
               <Id>\(ExportText.isoDate(recording.start))</Id>

            """
        for lap in timeline.laps {
            out += "   <Lap StartTime=\"\(ExportText.isoDate(lap.span.start))\">\n"
            out += "    <TotalTimeSeconds>\(ExportText.decimal(lap.timerSeconds, decimals: 3))</TotalTimeSeconds>\n"
            out += "    <DistanceMeters>\(ExportText.decimal(lap.distance, decimals: 2))</DistanceMeters>\n"
            // Calories is required and an unsigned 16-bit number.
            out += "    <Calories>\(ExportText.integer(Swift.min(Swift.max(lap.energy, 0), 65_535)))</Calories>\n"
            if let average = heartRate(lap.averageHeartRate) {
                out += "    <AverageHeartRateBpm><Value>\(average)</Value></AverageHeartRateBpm>\n"
            }
            if let maximum = heartRate(lap.maximumHeartRate) {
                out += "    <MaximumHeartRateBpm><Value>\(maximum)</Value></MaximumHeartRateBpm>\n"
            }
            out += "    <Intensity>Active</Intensity>\n"
            if let cadence = cadence(lap.averageCadence) { out += "    <Cadence>\(cadence)</Cadence>\n" }
            out += "    <TriggerMethod>Manual</TriggerMethod>\n"
            for segment in lap.segments {
                out += "    <Track>\n"
                for index in segment { appendTrackpoint(timeline.points[index], to: &out) }
                out += "    </Track>\n"
            }
            if let power = lap.averagePower {
                out += "    <Extensions><ns3:LX><ns3:AvgWatts>\(ExportText.integer(Swift.max(power, 0)))</ns3:AvgWatts></ns3:LX></Extensions>\n"
            }
            out += "   </Lap>\n"
        }
        if let name = recording.name, !name.isEmpty {
            out += "   <Notes>\(MarkupText.escape(name))</Notes>\n"
        }
        // The device that recorded it when the store knows one (an imported watch, a strap), else Coach.
        let device = recording.device
        let creator = MarkupText.escape(device?.name ?? device?.manufacturer ?? "Coach")
        let product = device?.model.flatMap { UInt16($0) }.map { "\($0)" } ?? "0"
        out += """
                <Creator xsi:type="Device_t">
                 <Name>\(creator)</Name>
                 <UnitId>0</UnitId>
                 <ProductID>\(product)</ProductID>
                 <Version><VersionMajor>0</VersionMajor><VersionMinor>1</VersionMinor></Version>
                </Creator>
              </Activity>
             </Activities>
            </TrainingCenterDatabase>

            """
        return out
    }

    private static func appendTrackpoint(_ point: TrackPoint, to out: inout String) {
        out += "     <Trackpoint>\n      <Time>\(ExportText.isoDate(point.date))</Time>\n"
        if let latitude = point.latitude, let longitude = point.longitude {
            out += "      <Position><LatitudeDegrees>\(ExportText.decimal(latitude, decimals: 7))</LatitudeDegrees>"
            out += "<LongitudeDegrees>\(ExportText.decimal(longitude, decimals: 7))</LongitudeDegrees></Position>\n"
        }
        if let altitude = point.altitude { out += "      <AltitudeMeters>\(ExportText.decimal(altitude, decimals: 2))</AltitudeMeters>\n" }
        if let distance = point.distance { out += "      <DistanceMeters>\(ExportText.decimal(distance, decimals: 2))</DistanceMeters>\n" }
        if let heart = heartRate(point.heartRate) { out += "      <HeartRateBpm><Value>\(heart)</Value></HeartRateBpm>\n" }
        if let cadence = cadence(point.cadence) { out += "      <Cadence>\(cadence)</Cadence>\n" }
        // TPX's order: Speed (m/s) before Watts.
        let speed = point.speed.map { "<ns3:Speed>\(ExportText.decimal(Swift.max($0, 0), decimals: 3))</ns3:Speed>" } ?? ""
        let watts = point.power.map { "<ns3:Watts>\(ExportText.integer(Swift.max($0, 0)))</ns3:Watts>" } ?? ""
        if !speed.isEmpty || !watts.isEmpty {
            out += "      <Extensions><ns3:TPX>\(speed)\(watts)</ns3:TPX></Extensions>\n"
        }
        out += "     </Trackpoint>\n"
    }

    /// TCX heart rate is 1…255 (a 0 is a schema error: omit it).
    static func heartRate(_ value: Double?) -> String? {
        guard let value, value.isFinite, value.rounded() >= 1 else { return nil }
        return ExportText.integer(Swift.min(value, 255))
    }

    /// TCX cadence is 0…254.
    static func cadence(_ value: Double?) -> String? {
        guard let value, value.isFinite else { return nil }
        return ExportText.integer(Swift.min(Swift.max(value, 0), 254))
    }

    /// TCX knows Running, Biking and Other.
    static func sport(_ activity: ActivityType?) -> String {
        switch activity {
        case .running, .walking, .hiking, .wheelchairRunPace, .wheelchairWalkPace, .trackAndField: return "Running"
        case .cycling, .handCycling: return "Biking"
        default: return "Other"
        }
    }
}
