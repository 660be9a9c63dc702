// Workouts recorded the way a user records them — through WorkoutManager into a real SQLite file —
// and the helpers that run third-party readers (xmllint, Python packages) on what Coach writes.

import CoachCore
import CoachExport
import CoachStore
@_exported import CoachTestSupport
import Foundation
import Testing

enum ExportFixtures {
    /// 2026-01-01T00:00:00Z on the manual clock.
    static let start = Timestamp(monotonic: MonotonicInstant(nanoseconds: 1_000_000_000_000),
                                 date: Date(timeIntervalSince1970: 1_767_225_600))

    static let packageRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.path
    }()

    static func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "coach-export-tests-" + UUID().uuidString.prefix(8).lowercased()
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func remove(_ path: String) { try? FileManager.default.removeItem(atPath: path) }

    /// What the fixture fed, second by second, to compare with what readers find.
    struct Fed {
        var heartRate: [Int64: Double] = [:]
        var cadence: [Int64: Double] = [:]
        var power: [Int64: Double] = [:]
        var position: [Int64: (Double, Double, Double)] = [:]
    }

    /// Records an outdoor run in a real store file: `seconds` of 1 Hz heart rate, cadence, power and
    /// location (a straight line north-east from Greenwich), a lap at the middle, and a 30 s pause
    /// after the first third. No distance sensor: distance comes from the route.
    static func recordRun(in store: WorkoutStore, seconds: Int = 120, withPause: Bool = true,
                          withLocation: Bool = true) async throws -> (id: String, fed: Fed) {
        let clock = ManualWorkoutClock(start: start)
        let manager = WorkoutManager(clock: clock, journal: store, timerMode: .manual)
        let started = await manager.perform(.start(StartWorkoutIntent(activity: .running, location: .outdoor,
                                                                    workoutName: "Export <test> & run")))
        await manager.advance(by: .seconds(3))
        var fed = Fed()
        for index in 0..<seconds {
            if withPause && index == seconds / 3 {
                _ = await manager.perform(.pause())
                await manager.advance(by: .seconds(30))
                _ = await manager.perform(.resume())
            }
            if index == seconds / 2 { _ = await manager.perform(.lap) }
            await manager.advance(by: .milliseconds(100))
            let second = Int64(clock.now().date.timeIntervalSince1970.rounded(.down))
            let heart = Double(120 + index % 40)
            let cadence = Double(160 + index % 10)
            let power = Double(200 + index % 50)
            _ = try await manager.addSample(.heartRate, value: heart)
            _ = try await manager.addSample(.cadence, value: cadence)
            _ = try await manager.addSample(.power, value: power)
            fed.heartRate[second] = heart
            fed.cadence[second] = cadence
            fed.power[second] = power
            if withLocation {
                let latitude = 51.4769 + Double(index) * 0.00002
                let longitude = -0.0005 + Double(index) * 0.00001
                let altitude = 40 + Double(index % 7)
                _ = try await manager.addLocation(latitude: latitude, longitude: longitude, altitude: altitude,
                                                  horizontalAccuracy: 5)
                fed.position[second] = (latitude, longitude, altitude)
            }
            _ = try await manager.addSample(.activeEnergy, value: 0.2)
            await manager.advance(by: .milliseconds(900))
        }
        _ = await manager.perform(.end())
        return (started.snapshot.workoutID ?? "", fed)
    }

    static func recording(_ store: WorkoutStore, _ id: String) throws -> WorkoutRecording {
        try WorkoutRecording(store: store, detail: store.workout(matching: id))
    }
}

/// Runs programs (xmllint, the test venv's Python) and returns what they printed.
enum ThirdParty {
    struct Result { var status: Int32; var stdout: String; var stderr: String }

    /// The Python of the test venv: env COACH_TEST_PYTHON, else <package root>/.venv/bin/python
    /// (`./test` or `scripts/setup-tests` makes it, with scripts/python-requirements.txt).
    static func python() throws -> String {
        let path = ProcessInfo.processInfo.environment["COACH_TEST_PYTHON"] ?? ExportFixtures.packageRoot + "/.venv/bin/python"
        guard FileManager.default.isExecutableFile(atPath: path) else {
            Issue.record("No Python at \(path): run scripts/setup-tests (or ./test) to make the venv with the readers this test needs.")
            throw CancellationError()
        }
        return path
    }

    /// Runs a reader to completion (awaited: the wait is on a thread of its own, not the pool).
    static func run(_ executable: String, _ arguments: [String], input: Data? = nil) async throws -> Result {
        let result = try await runProcess(executable, arguments, input: input)
        return Result(status: result.status, stdout: result.stdout, stderr: result.stderr)
    }

    /// Runs a Python snippet with `arguments` in sys.argv[1:]; its stdout parsed as JSON.
    static func pythonJSON(_ script: String, _ arguments: [String]) async throws -> Any {
        let result = try await run(try python(), ["-c", script] + arguments)
        guard result.status == 0 else {
            Issue.record("python failed (\(result.status)): \(result.stderr)")
            throw CancellationError()
        }
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8), options: .fragmentsAllowed)
    }

    /// `xmllint --noout --schema XSD FILE`: the exit status and its message.
    static func xmllint(schema: String, file: String) async throws -> Result {
        let xmllint = "/usr/bin/xmllint"
        guard FileManager.default.isExecutableFile(atPath: xmllint) else {
            Issue.record("xmllint is missing: install Debian libxml2-utils (scripts/apt-packages.txt; ./test does it).")
            throw CancellationError()
        }
        return try await run(xmllint, ["--noout", "--nonet", "--schema", schema, file])
    }

    /// The XSDs, copied into the repository with their provenance.
    static func schema(_ name: String) -> String { ExportFixtures.packageRoot + "/Tests/xsd/" + name }
}
