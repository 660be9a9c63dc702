// FIT workout files (file type 5) written from a plan, read back by Garmin's own FIT SDK: every
// step's duration and target as the plan says, the block's repeat as a repeat step.

import CoachCore
import CoachExport
import Foundation
import Testing

@Suite("FIT workout files")
struct FITWorkoutTests {
    static let plan = WorkoutPlan(name: "threshold", activity: .running, kind: .custom(CustomPlan(
        warmup: PlanStep(purpose: .warmup, goal: .time(seconds: 600), alert: PlanAlert(metric: .heartRate, target: .zone(2))),
        blocks: [IntervalBlock(steps: [
            PlanStep(purpose: .work, goal: .distance(meters: 400), alert: PlanAlert(metric: .pace, target: .range(low: 240, high: 250))),
            PlanStep(purpose: .recovery, goal: .time(seconds: 90), alert: PlanAlert(metric: .heartRate, target: .range(low: 120, high: 140))),
        ], iterations: 5)],
        cooldown: PlanStep(purpose: .cooldown, goal: .open, alert: PlanAlert(metric: .power, target: .range(low: 150, high: 200))))))

    static let garmin = """
        import json, sys
        from garmin_fit_sdk import Decoder, Stream
        checker = Decoder(Stream.from_file(sys.argv[1]))
        ok = checker.is_fit() and checker.check_integrity()
        messages, errors = Decoder(Stream.from_file(sys.argv[1])).read(convert_datetimes_to_dates=False)
        def clean(m): return {k: v for k, v in m.items() if isinstance(v, (int, float, str)) or v is None}
        print(json.dumps({"ok": ok, "errors": [str(e) for e in errors],
                          "file_type": messages["file_id_mesgs"][0]["type"],
                          "workout": clean(messages["workout_mesgs"][0]),
                          "steps": [clean(s) for s in messages["workout_step_mesgs"]]}))
        """

    @Test func garminsSDKReadsEveryStepsDurationAndTarget() async throws {
        let file = try ExportFixtures.temporaryDirectory() + "/threshold.fit"
        try FITWorkoutWriter.write(Self.plan).write(to: URL(fileURLWithPath: file))
        let answer = try #require(try await ThirdParty.pythonJSON(Self.garmin, [file]) as? [String: Any])
        #expect(answer["ok"] as? Bool == true || answer["ok"] as? Int == 1)
        #expect((answer["errors"] as? [Any])?.isEmpty == true)
        #expect(answer["file_type"] as? String == "workout")
        let workout = try #require(answer["workout"] as? [String: Any])
        #expect(workout["sport"] as? String == "running")
        #expect(workout["num_valid_steps"] as? Int == 5)
        let steps = try #require(answer["steps"] as? [[String: Any]])
        try #require(steps.count == 5)
        // Warm-up: 10 min in heart-rate zone 2.
        #expect(steps[0]["duration_type"] as? String == "time")
        #expect(steps[0]["duration_time"] as? Double == 600)
        #expect(steps[0]["target_hr_zone"] as? Int == 2)
        #expect(steps[0]["intensity"] as? String == "warmup")
        // Interval: 400 m at 4:00–4:10/km, i.e. 4.0–4.167 m/s.
        #expect(steps[1]["duration_distance"] as? Double == 400)
        #expect(steps[1]["target_type"] as? String == "speed")
        #expect(steps[1]["custom_target_speed_low"] as? Double == 4.0)
        #expect(steps[1]["custom_target_speed_high"] as? Double == 4.167)
        // Rest: 90 s at 120–140 bpm (FIT writes a custom heart rate as bpm + 100).
        #expect(steps[2]["duration_time"] as? Double == 90)
        #expect(steps[2]["intensity"] as? String == "rest")
        #expect(steps[2]["custom_target_heart_rate_low"] as? Int == 220)
        #expect(steps[2]["custom_target_heart_rate_high"] as? Int == 240)
        // The block, 5 times: back to step 1.
        #expect(steps[3]["duration_type"] as? String == "repeat_until_steps_cmplt")
        #expect(steps[3]["duration_step"] as? Int == 1)
        #expect(steps[3]["repeat_steps"] as? Int == 5)
        // Cool-down: open, 150–200 W (W + 1000).
        #expect(steps[4]["duration_type"] as? String == "open")
        #expect(steps[4]["custom_target_power_low"] as? Int == 1150)
        #expect(steps[4]["intensity"] as? String == "cooldown")
    }

    /// A Garmin-style workout written by Garmin's own SDK (its Encoder), as a watch would have it.
    static let garminWriter = """
        import sys
        from garmin_fit_sdk import Encoder, Profile
        n = Profile["mesg_num"]
        e = Encoder()
        e.write_mesg({"mesg_num": n["FILE_ID"], "type": "workout", "manufacturer": "garmin", "product": 1, "serial_number": 1234,
                      "time_created": 1000000000})
        e.write_mesg({"mesg_num": n["WORKOUT"], "sport": "running", "num_valid_steps": 5, "wkt_name": "threshold"})
        steps = [
            {"duration_type": "time", "duration_value": 600000, "target_type": "heart_rate", "target_value": 2, "intensity": "warmup"},
            {"duration_type": "distance", "duration_value": 40000, "target_type": "speed", "target_value": 0,
             "custom_target_value_low": 4000, "custom_target_value_high": 4167, "intensity": "active"},
            {"duration_type": "time", "duration_value": 90000, "target_type": "heart_rate", "target_value": 0,
             "custom_target_value_low": 220, "custom_target_value_high": 240, "intensity": "rest"},
            {"duration_type": "repeat_until_steps_cmplt", "duration_value": 1, "target_type": "open", "target_value": 5},
            {"duration_type": "open", "target_type": "power", "target_value": 0,
             "custom_target_value_low": 1150, "custom_target_value_high": 1200, "intensity": "cooldown"},
        ]
        for i, s in enumerate(steps):
            e.write_mesg(dict(s, mesg_num=n["WORKOUT_STEP"], message_index=i))
        open(sys.argv[1], "wb").write(e.close())
        print("1")
        """

    @Test func aGarminStyleWorkoutImportsAsTheSamePlan() async throws {
        let file = try ExportFixtures.temporaryDirectory() + "/garmin.fit"
        _ = try await ThirdParty.pythonJSON(Self.garminWriter, [file])
        let data = try Data(contentsOf: URL(fileURLWithPath: file))
        let plan = try FITWorkoutReader.read(data, name: "threshold", file: file)
        #expect(plan == Self.plan, "\(plan)")
    }

    @Test func ourOwnFileReadsBackAsThePlan() throws {
        let plan = try FITWorkoutReader.read(FITWorkoutWriter.write(Self.plan), name: "threshold", file: "threshold.fit")
        #expect(plan == Self.plan)
    }
}
