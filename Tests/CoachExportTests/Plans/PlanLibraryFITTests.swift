// The whole plan library (Intents/plans/): every plan validates, and its FIT workout file is one
// Garmin's FIT SDK decodes without an error, with as many steps as the plan runs (a block's repeat
// written once, as a repeat step) and the FTP test's 20-minute effort that feeds the FTP estimate.

import CoachCore
import CoachExport
import CoachPlans
import Foundation
import Testing

@Suite("plan library as FIT workouts")
struct PlanLibraryFITTests {
    static let library = PlanLibrary(directory: "/nonexistent", builtInDirectory: ExportFixtures.packageRoot + "/Intents/plans")

    /// Each file's decode: integrity, errors, the workout's step count and each step's duration.
    static let garmin = """
        import json, sys
        from garmin_fit_sdk import Decoder, Stream
        out = {}
        for path in sys.argv[1:]:
            ok = Decoder(Stream.from_file(path)).check_integrity()
            messages, errors = Decoder(Stream.from_file(path)).read(convert_datetimes_to_dates=False)
            steps = messages.get("workout_step_mesgs", [])
            out[path] = {"ok": bool(ok), "errors": [str(e) for e in errors],
                         "file_type": messages["file_id_mesgs"][0]["type"],
                         "num_valid_steps": messages["workout_mesgs"][0]["num_valid_steps"],
                         "steps": [{"duration_type": s.get("duration_type"), "duration_time": s.get("duration_time"),
                                    "duration_step": s.get("duration_step"), "repeat_steps": s.get("repeat_steps")} for s in steps]}
        print(json.dumps(out))
        """

    @Test func everyPlanValidatesAndGarminDecodesItsFITWorkout() async throws {
        let names = Self.library.libraryNames()
        #expect(names.count >= 12)
        let directory = try ExportFixtures.temporaryDirectory()
        defer { ExportFixtures.remove(directory) }
        var files: [String: (name: String, plan: WorkoutPlan)] = [:]
        var kinds: Set<String> = [], activities: Set<ActivityType> = []
        for name in names {
            let entry = try #require(try Self.library.libraryPlan(name), "\(name) does not read")
            #expect(entry.about.purpose(.en) != nil && entry.about.purpose(.ja) != nil, "\(name) has no purpose in en and ja")
            #expect(entry.about.source != nil, "\(name) names no source")
            kinds.insert(entry.plan.kind.name)
            activities.insert(entry.plan.activity)
            let file = directory + "/\(name).fit"
            try FITWorkoutWriter.write(entry.plan).write(to: URL(fileURLWithPath: file))
            files[file] = (name, entry.plan)
        }
        #expect(kinds == ["custom", "single", "pacer", "multisport"])
        #expect(activities.count >= 5)

        let answer = try #require(try await ThirdParty.pythonJSON(Self.garmin, files.keys.sorted()) as? [String: [String: Any]])
        for (file, (name, plan)) in files {
            let decoded = try #require(answer[file], "\(name) was not decoded")
            #expect(decoded["ok"] as? Bool == true, "\(name): integrity")
            #expect((decoded["errors"] as? [Any])?.isEmpty == true, "\(name): \(decoded["errors"] ?? "")")
            #expect(decoded["file_type"] as? String == "workout", "\(name)")
            let steps = try #require(decoded["steps"] as? [[String: Any]])
            #expect(decoded["num_valid_steps"] as? Int == steps.count, "\(name)")
            // Unrolled, the FIT steps run as many steps as the plan does: each repeat step runs its
            // block (repeat_steps - 1) more times.
            var runs = 0
            for (index, step) in steps.enumerated() {
                guard step["duration_type"] as? String == "repeat_until_steps_cmplt" else { runs += 1; continue }
                let first = step["duration_step"] as? Int ?? index
                runs += (index - first) * ((step["repeat_steps"] as? Int ?? 1) - 1)
            }
            let expected = plan.steps.count
            #expect(runs == expected, "\(name): \(runs) steps in FIT, \(expected) in the plan")
        }
        // The FTP test's effort is 20 minutes, the window the FTP estimate reads (FTPEstimate).
        let ftp = try #require(try Self.library.libraryPlan("ftp-test")).plan
        #expect(ftp.activity == .cycling)
        #expect(ftp.steps.contains { $0.step.purpose == .work && $0.step.goal == .time(seconds: Double(FTPEstimate.window)) })
    }
}
