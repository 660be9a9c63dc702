// TCX export judged by third parties: the XSD (xmllint) and tcxreader read what Coach wrote from a
// workout recorded through the manager into a real store, and find what was fed.

import CoachCore
import CoachExport
import CoachStore
import Foundation
import Testing

@Suite struct TCXExportTests {
    @Test func validAgainstTheXSDAndReadByTcxreader() async throws {
        let directory = try ExportFixtures.temporaryDirectory()
        defer { ExportFixtures.remove(directory) }
        let store = try WorkoutStore.open(path: directory + "/coach.sqlite")
        let (id, fed) = try await ExportFixtures.recordRun(in: store)
        let recording = try ExportFixtures.recording(store, id)
        #expect(recording.route.count == 120)
        let file = directory + "/run.tcx"
        try TCXWriter.write(recording).write(toFile: file, atomically: true, encoding: .utf8)

        let lint = try await ThirdParty.xmllint(schema: ThirdParty.schema("TrainingCenterDatabasev2.xsd"), file: file)
        #expect(lint.status == 0, "xmllint: \(lint.stderr)")

        let script = """
            import json, sys, calendar
            from tcxreader.tcxreader import TCXReader
            d = TCXReader().read(sys.argv[1], only_gps=False)
            pts = [{"t": calendar.timegm(p.time.utctimetuple()), "hr": p.hr_value, "cad": p.cadence,
                    "lat": p.latitude, "lon": p.longitude, "ele": p.elevation, "dist": p.distance,
                    "watts": (p.tpx_ext or {}).get("Watts")} for p in d.trackpoints]
            print(json.dumps({"points": pts, "laps": len(d.laps), "calories": d.calories,
                              "distance": d.distance}))
            """
        let answer = try #require(try await ThirdParty.pythonJSON(script, [file]) as? [String: Any])
        let points = try #require(answer["points"] as? [[String: Any]])
        #expect(points.count == fed.heartRate.count)
        #expect(answer["laps"] as? Int == 2)
        var matched = 0
        for point in points {
            let second = Int64(try #require(point["t"] as? Int))
            let (latitude, longitude, altitude) = try #require(fed.position[second])
            #expect(point["hr"] as? Double == fed.heartRate[second] || point["hr"] as? Int == fed.heartRate[second].map { Int($0) })
            #expect((point["cad"] as? NSNumber)?.doubleValue == fed.cadence[second])
            #expect((point["watts"] as? NSNumber)?.doubleValue == fed.power[second])
            #expect(abs(((point["lat"] as? NSNumber)?.doubleValue ?? 0) - latitude) < 1e-7)
            #expect(abs(((point["lon"] as? NSNumber)?.doubleValue ?? 0) - longitude) < 1e-7)
            #expect(abs(((point["ele"] as? NSNumber)?.doubleValue ?? 0) - altitude) < 0.01)
            matched += 1
        }
        #expect(matched == 120)
        // The route's length as the store's statistics have it equals the file's last distance.
        let detail = try store.workout(matching: id)
        let storedDistance = try #require(detail.statistics.first { $0.type == .distance }?.sum)
        let lastDistance = try #require((points.last?["dist"] as? NSNumber)?.doubleValue)
        #expect(storedDistance > 100)
        #expect(abs(lastDistance - storedDistance) < 0.01)
        #expect(answer["calories"] as? Int == 24)
    }

    @Test func pausesAreTrackBreaksAndLapTimeExcludesThem() async throws {
        let directory = try ExportFixtures.temporaryDirectory()
        defer { ExportFixtures.remove(directory) }
        let store = try WorkoutStore.open(path: directory + "/coach.sqlite")
        let (id, _) = try await ExportFixtures.recordRun(in: store, seconds: 60)
        let recording = try ExportFixtures.recording(store, id)
        let text = TCXWriter.write(recording)
        // Pause after 20 s inside lap 1, lap at 30 s: lap 1 has two tracks, lap 2 one.
        #expect(text.components(separatedBy: "<Track>").count - 1 == 3)
        let timeline = Timeline(recording)
        #expect(timeline.laps.count == 2)
        #expect(abs(timeline.timerSeconds - (timeline.elapsedSeconds - 30)) < 0.01)
        #expect(!text.contains("<HeartRateBpm><Value>0<"))
        #expect(text.contains("<Notes>Export &lt;test&gt; &amp; run</Notes>"))
    }

    @Test func indoorWorkoutWithoutPositionIsValid() async throws {
        let directory = try ExportFixtures.temporaryDirectory()
        defer { ExportFixtures.remove(directory) }
        let store = try WorkoutStore.open(path: directory + "/coach.sqlite")
        let (id, _) = try await ExportFixtures.recordRun(in: store, seconds: 30, withPause: false, withLocation: false)
        let file = directory + "/indoor.tcx"
        try TCXWriter.write(try ExportFixtures.recording(store, id)).write(toFile: file, atomically: true, encoding: .utf8)
        let lint = try await ThirdParty.xmllint(schema: ThirdParty.schema("TrainingCenterDatabasev2.xsd"), file: file)
        #expect(lint.status == 0, "xmllint: \(lint.stderr)")
        #expect(!(try String(contentsOfFile: file, encoding: .utf8)).contains("<Position>"))
    }
}
