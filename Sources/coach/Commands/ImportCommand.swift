// `coach import FILE…`: GPX, TCX and FIT files into the store as saved workouts (docs/export.md).

import ArgumentParser
import CoachCore
import CoachExport
import CoachGateway
import CoachStore
import CoachWire
import Foundation

struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Import GPX, TCX or FIT files as saved workouts.",
        discussion: """
            Files from a watch, Strava, OpenTracks or Coach itself. Each becomes one saved workout
            with its samples, pauses, laps and route; importing the same file again changes
            nothing (the workout's id comes from the file's content). A file of a workout already
            stored (an export of it: the same start) changes nothing either; an edited FIT file
            (the same device, serial and start) replaces the workout it was imported as when its
            version (time_created) is higher. A file that cannot be read
            is named with what is wrong, and nothing of it is kept; the others are still imported.

            Examples:
              coach import morning-run.fit
              coach import ~/Downloads/*.gpx activity_123.tcx
            """)

    @Option(name: .long, help: ArgumentHelp("The store (default: $XDG_DATA_HOME/coach/coach.sqlite).", valueName: "path"))
    var store: String?
    @Argument(help: "GPX, TCX or FIT files.") var files: [String]

    func validate() throws {
        if files.isEmpty { throw ValidationError("Name at least one file.") }
    }

    func run() async throws {
        let workoutStore: WorkoutStore
        do { workoutStore = try WorkoutStore.open(path: store) } catch {
            OneShot.printError("\(error)")
            throw ExitCode.failure
        }
        var failures = 0
        for file in files {
            do {
                guard let data = FileManager.default.contents(atPath: file) else {
                    throw ImportProblem(file: file, message: "cannot be read (missing or not a file)")
                }
                let recording = try WorkoutImporter.read(data, file: file)
                switch try await workoutStore.importRecording(recording, importer: SampleSource(name: ClientIdentity.userName, version: CoachVersion.current)) {
                case .imported(let id):
                    print("Imported \(file) as \(id.prefix(8)) (\(recording.samples.count) samples, \(recording.route.count) route points).")
                case .alreadyImported(let id):
                    print("\(file) is already imported as \(id.prefix(8)): nothing changed.")
                case .replaced(let id, let previous):
                    print("Imported \(file) as \(id.prefix(8)), replacing \(previous.prefix(8)) (the same device and start, a newer version of the file).")
                case .sameWorkout(let id, let reason):
                    print("\(file) is workout \(id.prefix(8)), already in the store (\(reason)): nothing changed.")
                }
            } catch let problem as ImportProblem {
                OneShot.printError(problem.description)
                failures += 1
            } catch {
                OneShot.printError("\(file): \(error)")
                failures += 1
            }
        }
        if failures > 0 { throw ExitCode.failure }
    }
}
