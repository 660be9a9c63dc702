// FIT export judged by third parties: Garmin's own Python SDK (integrity check and decode) and
// fitdecode with CRC checks raising, on a workout recorded through the manager into a real store.

import CoachCore
import CoachExport
import CoachStore
import Foundation
import Testing

@Suite struct FITExportTests {
    @Test func decodedByGarminsSDKAndFitdecodeWithWhatWasFed() async throws {
        let directory = try ExportFixtures.temporaryDirectory()
        defer { ExportFixtures.remove(directory) }
        let store = try WorkoutStore.open(path: directory + "/coach.sqlite")
        let (id, fed) = try await ExportFixtures.recordRun(in: store)
        let recording = try ExportFixtures.recording(store, id)
        let file = directory + "/run.fit"
        try WorkoutExporter.data(recording, format: .fit).write(to: URL(fileURLWithPath: file))

        let garmin = """
            import json, sys
            from garmin_fit_sdk import Decoder, Stream
            checker = Decoder(Stream.from_file(sys.argv[1]))
            ok = checker.is_fit() and checker.check_integrity()
            # A fresh decoder: check_integrity leaves the stream at its end.
            messages, errors = Decoder(Stream.from_file(sys.argv[1])).read(convert_datetimes_to_dates=False)
            recs = [{"t": r["timestamp"], "hr": r.get("heart_rate"), "cad": r.get("cadence"), "fcad": r.get("fractional_cadence"), "p": r.get("power"),
                     "lat": r.get("position_lat"), "lon": r.get("position_long"), "alt": r.get("altitude"),
                     "d": r.get("distance")} for r in messages["record_mesgs"]]
            events = [[e["timestamp"], e["event"], e["event_type"]] for e in messages["event_mesgs"]]
            s = messages["session_mesgs"][0]
            print(json.dumps({"ok": ok, "errors": [str(e) for e in errors], "records": recs, "events": events,
                              "laps": len(messages["lap_mesgs"]), "file_type": messages["file_id_mesgs"][0]["type"],
                              "timer": s["total_timer_time"], "elapsed": s["total_elapsed_time"],
                              "distance": s["total_distance"], "calories": s["total_calories"],
                              "activity": len(messages["activity_mesgs"])}))
            """
        let answer = try #require(try await ThirdParty.pythonJSON(garmin, [file]) as? [String: Any])
        #expect(answer["ok"] as? Bool == true)
        #expect((answer["errors"] as? [Any])?.isEmpty == true)
        #expect(answer["file_type"] as? String == "activity")
        #expect(answer["laps"] as? Int == 2)
        #expect(answer["activity"] as? Int == 1)
        let records = try #require(answer["records"] as? [[String: Any]])
        #expect(records.count == 120)
        for record in records {
            let second = Int64(try #require(record["t"] as? Int)) + 631_065_600
            let (latitude, longitude, altitude) = try #require(fed.position[second])
            #expect((record["hr"] as? NSNumber)?.doubleValue == fed.heartRate[second])
            // A run: FIT's cadence is strides (two steps) a minute, with the rest in 1/128.
            let strides = ((record["cad"] as? NSNumber)?.doubleValue ?? 0) + ((record["fcad"] as? NSNumber)?.doubleValue ?? 0)
            #expect(fed.cadence[second].map { strides * 2 == $0 } ?? (record["cad"] is NSNull || record["cad"] == nil))
            #expect((record["p"] as? NSNumber)?.doubleValue == fed.power[second])
            let semicircles = 2_147_483_648.0 / 180
            #expect(abs(((record["lat"] as? NSNumber)?.doubleValue ?? 0) / semicircles - latitude) < 1e-6)
            #expect(abs(((record["lon"] as? NSNumber)?.doubleValue ?? 0) / semicircles - longitude) < 1e-6)
            #expect(abs(((record["alt"] as? NSNumber)?.doubleValue ?? 0) - altitude) <= 0.2)
        }
        // Timer start, stop_all at the pause, start at the resume, final stop_all.
        let events = try #require(answer["events"] as? [[Any]])
        #expect(events.map { "\($0[2])" } == ["start", "stop_all", "start", "stop_all"])
        let timer = try #require((answer["timer"] as? NSNumber)?.doubleValue)
        let elapsed = try #require((answer["elapsed"] as? NSNumber)?.doubleValue)
        #expect(abs(elapsed - timer - 30) < 0.01, "the 30 s pause is elapsed, not timer time")
        let stored = try #require(try store.workout(matching: id).statistics.first { $0.type == .distance }?.sum)
        #expect(abs(((answer["distance"] as? NSNumber)?.doubleValue ?? 0) - stored) < 0.01)
        #expect(answer["calories"] as? Int == 24)

        // fitdecode, with CRC checks that raise.
        let fitdecode = """
            import json, sys, fitdecode
            n = 0; frames = 0
            with fitdecode.FitReader(sys.argv[1], check_crc=fitdecode.CrcCheck.RAISE) as fit:
                for frame in fit:
                    frames += 1
                    if frame.frame_type == fitdecode.FIT_FRAME_DATA and frame.name == "record":
                        n += 1
            print(json.dumps({"records": n, "frames": frames}))
            """
        let decoded = try #require(try await ThirdParty.pythonJSON(fitdecode, [file]) as? [String: Any])
        #expect(decoded["records"] as? Int == 120)
    }

    @Test func aDamagedByteFailsTheFileCRCForFitdecode() async throws {
        let directory = try ExportFixtures.temporaryDirectory()
        defer { ExportFixtures.remove(directory) }
        let store = try WorkoutStore.inMemory()
        let (id, _) = try await ExportFixtures.recordRun(in: store, seconds: 20, withPause: false)
        var data = try WorkoutExporter.data(try ExportFixtures.recording(store, id), format: .fit)
        data[data.count / 2] ^= 0x01
        let file = directory + "/damaged.fit"
        try data.write(to: URL(fileURLWithPath: file))
        let script = """
            import sys, fitdecode
            try:
                with fitdecode.FitReader(sys.argv[1], check_crc=fitdecode.CrcCheck.RAISE) as fit:
                    for frame in fit: pass
                print("null")
            except fitdecode.FitCRCError:
                print("\\"crc\\"")
            except Exception as e:
                print("\\"other\\"")
            """
        #expect(try await ThirdParty.pythonJSON(script, [file]) as? String == "crc")
    }
}
