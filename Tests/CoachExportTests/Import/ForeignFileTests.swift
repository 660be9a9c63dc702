// Files as other programs write them: a Strava GPX (TPX v1), an OpenTracks GPX (TPX v2 and
// pwr:PowerInWatts, local-offset times), a Garmin-style TCX (one Track per lap, Speed and Watts in
// TPX), and a FIT written by Garmin's own Python SDK encoder.

import CoachCore
import CoachExport
import CoachStore
import Foundation
import Testing

@Suite struct ForeignFileTests {
    @Test func stravaGPX() throws {
        let gpx = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx creator="StravaGPX" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" version="1.1"
             xmlns="http://www.topografix.com/GPX/1/1" xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">
             <metadata><time>2025-05-04T06:30:00Z</time></metadata>
             <trk><name>Morning Run</name><type>running</type><trkseg>
              <trkpt lat="48.8584000" lon="2.2945000"><ele>35.2</ele><time>2025-05-04T06:30:00Z</time>
               <extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>101</gpxtpx:hr><gpxtpx:cad>82</gpxtpx:cad></gpxtpx:TrackPointExtension></extensions></trkpt>
              <trkpt lat="48.8585000" lon="2.2946000"><ele>35.4</ele><time>2025-05-04T06:30:01Z</time>
               <extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>103</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions></trkpt>
              <trkpt lat="48.8586000" lon="2.2947000"><time>2025-05-04T06:30:02Z</time></trkpt>
             </trkseg></trk></gpx>
            """
        let recording = try WorkoutImporter.read(Data(gpx.utf8), file: "strava.gpx")
        #expect(recording.name == "Morning Run")
        #expect(recording.activity == .running)
        #expect(recording.route.count == 3)
        #expect(recording.route[0].altitude == 35.2)
        #expect(recording.route[2].altitude == nil)
        #expect(recording.samples.filter { $0.type == .heartRate }.map(\.value) == [101, 103])
        #expect(recording.samples.filter { $0.type == .cadence }.map(\.value) == [82])
        #expect(recording.start == Date(timeIntervalSince1970: 1_746_340_200))
        #expect(recording.events.isEmpty)
    }

    @Test func openTracksGPXWithLocalOffsetsAndSegments() throws {
        let gpx = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="OpenTracks" xmlns="http://www.topografix.com/GPX/1/1"
             xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v2"
             xmlns:pwr="http://www.garmin.com/xmlschemas/PowerExtension/v1">
            <trk><name>Ride</name><type>biking</type>
            <trkseg>
            <trkpt lat="47.0" lon="8.0"><time>2025-06-01T10:00:00.000+02:00</time>
             <extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>120</gpxtpx:hr><gpxtpx:cad>85</gpxtpx:cad></gpxtpx:TrackPointExtension><pwr:PowerInWatts>180</pwr:PowerInWatts></extensions></trkpt>
            <trkpt lat="47.001" lon="8.0"><time>2025-06-01T10:00:05.000+02:00</time></trkpt>
            </trkseg>
            <trkseg>
            <trkpt lat="47.002" lon="8.0"><time>2025-06-01T10:01:05.000+02:00</time></trkpt>
            </trkseg></trk></gpx>
            """
        let recording = try WorkoutImporter.read(Data(gpx.utf8), file: "opentracks.gpx")
        #expect(recording.activity == .cycling)
        #expect(recording.start == Date(timeIntervalSince1970: 1_748_764_800))   // 08:00:00Z
        #expect(recording.samples.first { $0.type == .power }?.value == 180)
        // The second segment follows a pause: 5 s of timer time before it, 0 after.
        #expect(recording.events.map(\.type) == [.pause, .resume])
        let timeline = Timeline(recording)
        #expect(timeline.running.count == 2)
        #expect(abs(timeline.timerSeconds - 5) < 1e-9)
        // Distance only inside segments: 0.001° of latitude once.
        #expect(abs(timeline.totalDistance - Geodesy.distance(latitude1: 47, longitude1: 8, latitude2: 47.001, longitude2: 8)) < 1e-6)
    }

    @Test func garminTCXWithATrackPerLap() throws {
        func point(_ second: Int, _ distance: Double, _ hr: Int) -> String {
            """
            <Trackpoint><Time>2025-03-01T07:00:\(second < 10 ? "0" : "")\(second)Z</Time>
            <Position><LatitudeDegrees>40.0</LatitudeDegrees><LongitudeDegrees>-74.0</LongitudeDegrees></Position>
            <AltitudeMeters>10.0</AltitudeMeters><DistanceMeters>\(distance)</DistanceMeters>
            <HeartRateBpm><Value>\(hr)</Value></HeartRateBpm>
            <Extensions><ns3:TPX><ns3:Speed>3.1</ns3:Speed><ns3:Watts>250</ns3:Watts></ns3:TPX></Extensions></Trackpoint>
            """
        }
        let tcx = """
            <?xml version="1.0" encoding="UTF-8"?>
            <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"
             xmlns:ns3="http://www.garmin.com/xmlschemas/ActivityExtension/v2">
            <Activities><Activity Sport="Biking"><Id>2025-03-01T07:00:00Z</Id>
            <Lap StartTime="2025-03-01T07:00:00Z"><TotalTimeSeconds>2</TotalTimeSeconds><DistanceMeters>10</DistanceMeters>
             <Calories>7</Calories><Intensity>Active</Intensity><TriggerMethod>Manual</TriggerMethod>
             <Track>\(point(0, 0, 130))\(point(1, 5, 131))</Track></Lap>
            <Lap StartTime="2025-03-01T07:00:02Z"><TotalTimeSeconds>2</TotalTimeSeconds><DistanceMeters>10</DistanceMeters>
             <Calories>5</Calories><Intensity>Active</Intensity><TriggerMethod>Manual</TriggerMethod>
             <Track>\(point(2, 10, 132))\(point(3, 15, 133))</Track></Lap>
            </Activity></Activities></TrainingCenterDatabase>
            """
        let recording = try WorkoutImporter.read(Data(tcx.utf8), file: "garmin.tcx")
        #expect(recording.activity == .cycling)
        // A new Track at a lap boundary, one second on, is not a pause; the lap is kept.
        #expect(recording.events.map(\.type) == [.lap])
        #expect(recording.samples.filter { $0.type == .distance }.map(\.value) == [5, 5, 5])
        #expect(recording.samples.filter { $0.type == .power }.count == 4)
        #expect(recording.samples.filter { $0.type == .activeEnergy }.map(\.value) == [7, 5])
        let timeline = Timeline(recording)
        #expect(timeline.laps.map(\.energy) == [7, 5])
        #expect(timeline.totalDistance == 15)
    }

    @Test func fitWrittenByGarminsSDK() async throws {
        let directory = try ExportFixtures.temporaryDirectory()
        defer { ExportFixtures.remove(directory) }
        let file = directory + "/garmin.fit"
        let script = """
            import sys
            from garmin_fit_sdk import Encoder, Profile
            start = 1100000000
            e = Encoder()
            e.on_mesg(Profile['mesg_num']['FILE_ID'], {'type': 'activity', 'manufacturer': 'garmin', 'product': 1, 'time_created': start, 'serial_number': 1234})
            e.on_mesg(Profile['mesg_num']['EVENT'], {'timestamp': start, 'event': 'timer', 'event_type': 'start'})
            for i in range(60):
                if i == 30:
                    e.on_mesg(Profile['mesg_num']['EVENT'], {'timestamp': start + 29, 'event': 'timer', 'event_type': 'stop_all'})
                    e.on_mesg(Profile['mesg_num']['EVENT'], {'timestamp': start + 40, 'event': 'timer', 'event_type': 'start'})
                t = start + i + (10 if i >= 30 else 0)
                e.on_mesg(Profile['mesg_num']['RECORD'], {'timestamp': t, 'heart_rate': 100 + i, 'distance': i * 3.0,
                          'position_lat': 500000000 + i * 1000, 'position_long': 100000000, 'altitude': 120.0, 'power': 150 + i})
            e.on_mesg(Profile['mesg_num']['EVENT'], {'timestamp': start + 69, 'event': 'timer', 'event_type': 'stop_all'})
            e.on_mesg(Profile['mesg_num']['LAP'], {'timestamp': start + 69, 'start_time': start, 'total_calories': 42})
            e.on_mesg(Profile['mesg_num']['SESSION'], {'timestamp': start + 69, 'start_time': start, 'sport': 'running'})
            open(sys.argv[1], 'wb').write(e.close())
            print("null")
            """
        _ = try await ThirdParty.pythonJSON(script, [file])
        let data = try Data(contentsOf: URL(fileURLWithPath: file))
        let recording = try WorkoutImporter.read(data, file: "garmin.fit")
        #expect(recording.activity == .running)
        #expect(recording.samples.filter { $0.type == .heartRate }.count == 60)
        #expect(recording.samples.filter { $0.type == .power }.map(\.value).prefix(2) == [150, 151])
        #expect(recording.route.count == 60)
        #expect(abs(recording.route[1].latitude - 500_001_000 / FITReaderTestConstants.semicirclesPerDegree) < 1e-9)
        #expect(recording.events.map(\.type) == [.pause, .resume])
        #expect(recording.events.first?.date == Date(timeIntervalSince1970: Double(1_100_000_000 + 29 + 631_065_600)))
        let timeline = Timeline(recording)
        #expect(timeline.totalDistance == 177)
        #expect(abs(timeline.timerSeconds - 58) < 1e-9)   // 0…29 and 40…69
        #expect(timeline.laps.first?.energy == 42)
    }
}

enum FITReaderTestConstants {
    static let semicirclesPerDegree = 2_147_483_648.0 / 180
}
