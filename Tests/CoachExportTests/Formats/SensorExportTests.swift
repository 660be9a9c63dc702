// Sensor speed, sensor distance and generated energy in exports (issue 33, items 1 and 2), judged
// by the third-party readers the other export tests use: Garmin's FIT SDK, fitdecode, xmllint with
// the TCX schema and tcxreader. An indoor trainer ride has speed and distance without a route; an
// outdoor ride's sensor distance wins over its route.

import CoachCore
import CoachExport
import CoachStore
import CoachWire
import Foundation
import Testing

@Suite struct SensorExportTests {
    static let speed = 8.42  // 4 wheel revolutions a second × 2.105 m

    /// A ride recorded as the sensor bridge records one: per second, power, cyclingSpeed and
    /// distanceCycling with the bridge's sync identifiers; no energy of its own (it is generated).
    static func recordRide(in store: WorkoutStore, seconds: Int = 60, outdoor: Bool = false) async throws -> String {
        let clock = ManualWorkoutClock(start: ExportFixtures.start)
        let manager = WorkoutManager(clock: clock, journal: store, timerMode: .manual)
        let started = await manager.perform(.start(StartWorkoutIntent(activity: .cycling, location: outdoor ? .outdoor : .indoor)))
        await manager.advance(by: .seconds(3))
        let sensor = "ble:D0:11:22:33:44:55"
        for index in 0..<seconds {
            await manager.advance(by: .milliseconds(100))
            let second = Int64(clock.now().date.timeIntervalSince1970.rounded(.down))
            _ = try await manager.addSample(.power, value: 200, syncIdentifier: "\(sensor):power:\(second)", syncVersion: 1)
            _ = try await manager.addSample(.cyclingSpeed, value: speed, syncIdentifier: "\(sensor):cyclingSpeed:\(second)", syncVersion: 1)
            _ = try await manager.addSample(.distanceCycling, value: speed, syncIdentifier: "\(sensor):distanceCycling:\(second)", syncVersion: 1)
            if outdoor {
                // A route that would say 2.2 m a second (0.00002° of latitude): the sensor's 8.42 m win.
                _ = try await manager.addLocation(latitude: 51.4769 + Double(index) * 0.00002, longitude: -0.0005)
            }
            await manager.advance(by: .milliseconds(900))
        }
        _ = await manager.perform(.end())
        return started.snapshot.workoutID ?? ""
    }

    @Test func anIndoorRideHasSpeedAndDistanceWithoutARouteInFITAndTCX() async throws {
        let directory = try ExportFixtures.temporaryDirectory()
        defer { ExportFixtures.remove(directory) }
        let store = try WorkoutStore.open(path: directory + "/coach.sqlite")
        let id = try await Self.recordRide(in: store)
        let detail = try store.workout(matching: id)
        #expect(detail.distanceSource == .sensor)
        #expect(detail.routePoints == 0)
        let distance = try #require(detail.summary.totalDistance)
        #expect(abs(distance - 60 * Self.speed) < 1e-6)
        // 59 intervals of a second at 200 W (the first reading opens the first), at 24 %.
        let energy = try #require(detail.summary.totalEnergy)
        #expect(abs(energy - EnergyFormulas.kilocalories(watts: 200, seconds: 59)) < 1e-6)
        #expect(detail.sources.contains { $0.source?.generatedFrom == "power" && $0.types["activeEnergy"] == 59 })
        let recording = try ExportFixtures.recording(store, id)
        #expect(recording.route.isEmpty)
        // The chart draws the ride's speed from the sensor's distance: 8.42 m/s = 30.3 km/h.
        let speedSeries = try #require(WorkoutChart.series(recording).first { $0.name == "speed" })
        #expect(!speedSeries.points.isEmpty && speedSeries.points.allSatisfy { abs($0.value - Self.speed * 3.6) < 0.01 })

        let fit = directory + "/ride.fit"
        try WorkoutExporter.data(recording, format: .fit).write(to: URL(fileURLWithPath: fit))
        let garmin = """
            import json, sys
            from garmin_fit_sdk import Decoder, Stream
            ok = Decoder(Stream.from_file(sys.argv[1])).check_integrity()
            messages, errors = Decoder(Stream.from_file(sys.argv[1])).read()
            recs = [{"speed": r.get("speed", r.get("enhanced_speed")), "d": r.get("distance"), "lat": r.get("position_lat")}
                    for r in messages["record_mesgs"]]
            s = messages["session_mesgs"][0]
            print(json.dumps({"ok": ok, "errors": [str(e) for e in errors], "records": recs,
                              "distance": s["total_distance"], "calories": s["total_calories"]}))
            """
        let answer = try #require(try await ThirdParty.pythonJSON(garmin, [fit]) as? [String: Any])
        #expect(answer["ok"] as? Bool == true)
        #expect((answer["errors"] as? [Any])?.isEmpty == true)
        let records = try #require(answer["records"] as? [[String: Any]])
        #expect(records.count == 60)
        #expect(records.allSatisfy { abs((($0["speed"] as? NSNumber)?.doubleValue ?? 0) - Self.speed) < 0.001 })
        #expect(records.allSatisfy { $0["lat"] == nil || $0["lat"] is NSNull }, "no route: no positions")
        #expect(abs(((records.last?["d"] as? NSNumber)?.doubleValue ?? 0) - distance) < 0.01)
        #expect(abs(((answer["distance"] as? NSNumber)?.doubleValue ?? 0) - distance) < 0.01)
        #expect(answer["calories"] as? Int == Int(energy.rounded()))
        let fitdecode = """
            import json, sys, fitdecode
            speeds = []
            with fitdecode.FitReader(sys.argv[1], check_crc=fitdecode.CrcCheck.RAISE) as fit:
                for frame in fit:
                    if frame.frame_type == fitdecode.FIT_FRAME_DATA and frame.name == "record":
                        speeds.append(frame.get_value("speed"))
            print(json.dumps(speeds))
            """
        let speeds = try #require(try await ThirdParty.pythonJSON(fitdecode, [fit]) as? [NSNumber])
        #expect(speeds.count == 60 && speeds.allSatisfy { abs($0.doubleValue - Self.speed) < 0.001 })

        let tcx = directory + "/ride.tcx"
        try TCXWriter.write(recording).write(toFile: tcx, atomically: true, encoding: .utf8)
        let lint = try await ThirdParty.xmllint(schema: ThirdParty.schema("TrainingCenterDatabasev2.xsd"), file: tcx)
        #expect(lint.status == 0, "xmllint: \(lint.stderr)")
        let reader = """
            import json, sys
            from tcxreader.tcxreader import TCXReader
            d = TCXReader().read(sys.argv[1], only_gps=False)
            print(json.dumps({"speeds": [(p.tpx_ext or {}).get("Speed") for p in d.trackpoints],
                              "last": d.trackpoints[-1].distance, "calories": d.calories}))
            """
        let read = try #require(try await ThirdParty.pythonJSON(reader, [tcx]) as? [String: Any])
        let tcxSpeeds = try #require(read["speeds"] as? [NSNumber])
        #expect(tcxSpeeds.count == 60 && tcxSpeeds.allSatisfy { abs($0.doubleValue - Self.speed) < 0.001 })
        #expect(abs(((read["last"] as? NSNumber)?.doubleValue ?? 0) - distance) < 0.01)
        #expect(read["calories"] as? Int == Int(energy.rounded()))
    }

    @Test func anOutdoorRidesSensorDistanceWinsOverItsRoute() async throws {
        let directory = try ExportFixtures.temporaryDirectory()
        defer { ExportFixtures.remove(directory) }
        let store = try WorkoutStore.open(path: directory + "/coach.sqlite")
        let id = try await Self.recordRide(in: store, seconds: 30, outdoor: true)
        let detail = try store.workout(matching: id)
        #expect(detail.distanceSource == .sensor)
        #expect(detail.routePoints == 30)
        let distance = try #require(detail.summary.totalDistance)
        #expect(abs(distance - 30 * Self.speed) < 1e-6, "the route's 64 m are not added")
        let shown = WorkoutFormatter.showText(detail, wording: Wording(language: .en) { _, _ in nil })
        #expect(shown.contains("Distance  253 m from the sensor (the route is not counted)"), "\(shown)")
        let recording = try ExportFixtures.recording(store, id)
        let timeline = Timeline(recording)
        #expect(abs(timeline.totalDistance - distance) < 1e-6)
        let gpx = directory + "/ride.gpx"
        try WorkoutExporter.data(recording, format: .gpx).write(to: URL(fileURLWithPath: gpx))
        let script = """
            import json, sys, gpxpy
            g = gpxpy.parse(open(sys.argv[1]))
            print(json.dumps(sum(len(s.points) for t in g.tracks for s in t.segments)))
            """
        #expect(try await ThirdParty.pythonJSON(script, [gpx]) as? Int == 30)
    }
}

extension SensorExportTests {
    @Test func statisticsPerIntervalCountTheSensorsDistanceAndTheGeneratedEnergy() async throws {
        let store = try WorkoutStore.inMemory()
        let id = try await Self.recordRide(in: store, seconds: 60, outdoor: true)
        let recording = try ExportFixtures.recording(store, id)
        let intervals = StatisticsCollection.collect(recording, interval: 30)
        let distances = intervals.compactMap { $0.metric(.distance)?.sum }
        // The sensor's 60 × 8.42 m, not the route's 2.2 m a second.
        #expect(abs(distances.reduce(0, +) - 60 * Self.speed) < 1e-6, "\(distances)")
        let energy = intervals.compactMap { $0.metric(.activeEnergy)?.sum }.reduce(0, +)
        #expect(abs(energy - EnergyFormulas.kilocalories(watts: 200, seconds: 59)) < 1e-6)
    }
}
