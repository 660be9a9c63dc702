// GPX export judged by third parties: GPX 1.1 + TrackPointExtension v1 XSDs (xmllint) and gpxpy.

import CoachCore
import CoachExport
import CoachStore
import Foundation
import Testing

@Suite struct GPXExportTests {
    @Test func validAgainstTheXSDsAndReadByGpxpy() async throws {
        let directory = try ExportFixtures.temporaryDirectory()
        defer { ExportFixtures.remove(directory) }
        let store = try WorkoutStore.open(path: directory + "/coach.sqlite")
        let (id, fed) = try await ExportFixtures.recordRun(in: store)
        let recording = try ExportFixtures.recording(store, id)
        let file = directory + "/run.gpx"
        try WorkoutExporter.data(recording, format: .gpx).write(to: URL(fileURLWithPath: file))

        let lint = try await ThirdParty.xmllint(schema: ThirdParty.schema("gpx_with_tpx.xsd"), file: file)
        #expect(lint.status == 0, "xmllint: \(lint.stderr)")

        let script = """
            import json, sys, calendar
            import gpxpy
            g = gpxpy.parse(open(sys.argv[1]))
            segs = []
            for trk in g.tracks:
                for seg in trk.segments:
                    pts = []
                    for p in seg.points:
                        ext = {}
                        for e in p.extensions:
                            for child in e:
                                ext[child.tag.split('}')[1]] = float(child.text)
                        pts.append({"t": calendar.timegm(p.time.utctimetuple()), "lat": p.latitude, "lon": p.longitude,
                                    "ele": p.elevation, "hr": ext.get("hr"), "cad": ext.get("cad")})
                    segs.append(pts)
            print(json.dumps({"segments": segs, "length2d": g.length_2d(), "moving": g.get_moving_data().moving_time}))
            """
        let answer = try #require(try await ThirdParty.pythonJSON(script, [file]) as? [String: Any])
        let segments = try #require(answer["segments"] as? [[[String: Any]]])
        // One pause: two segments, 40 + 80 points.
        #expect(segments.map(\.count) == [40, 80])
        for point in segments.joined() {
            let second = Int64(try #require(point["t"] as? Int))
            let (latitude, longitude, altitude) = try #require(fed.position[second])
            #expect(abs(((point["lat"] as? NSNumber)?.doubleValue ?? 0) - latitude) < 1e-7)
            #expect(abs(((point["lon"] as? NSNumber)?.doubleValue ?? 0) - longitude) < 1e-7)
            #expect(abs(((point["ele"] as? NSNumber)?.doubleValue ?? 0) - altitude) < 0.01)
            #expect((point["hr"] as? NSNumber)?.doubleValue == fed.heartRate[second])
            #expect((point["cad"] as? NSNumber)?.doubleValue == fed.cadence[second])
        }
        // gpxpy's 2-D length (its own haversine-like formula) within 0.5 % of Coach's route distance.
        let stored = try #require(try store.workout(matching: id).statistics.first { $0.type == .distance }?.sum)
        let length = try #require((answer["length2d"] as? NSNumber)?.doubleValue)
        #expect(abs(length - stored) / stored < 0.005, "gpxpy \(length) m, Coach \(stored) m")
    }

    @Test func anIndoorWorkoutIsRefusedWithAReason() async throws {
        let store = try WorkoutStore.inMemory()
        let (id, _) = try await ExportFixtures.recordRun(in: store, seconds: 10, withPause: false, withLocation: false)
        let recording = try ExportFixtures.recording(store, id)
        #expect(throws: ExportProblem.self) { try WorkoutExporter.data(recording, format: .gpx) }
    }
}
