// `coach import FILE…`: GPX, TCX and FIT files into the store as saved workouts (docs/export.md).

import ArgumentParser
import CoachCore
import CoachExport
import CoachGateway
import CoachStore
import CoachWire
import Foundation

struct ImportCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration { .words("import") }

    @Option(name: .long, help: .words("store", "store", valueName: "path"))
    var store: String?
    @Argument(help: .words("import", "files")) var files: [String]

    func validate() throws {
        if files.isEmpty { throw ValidationError(words: "import", "no_files") }
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
                    throw ImportProblem(file: file, message: CLIWords.text("import", "unreadable"))
                }
                let recording = try WorkoutImporter.read(data, file: file)
                switch try await workoutStore.importRecording(recording, importer: SampleSource(name: ClientIdentity.userName, version: CoachVersion.current)) {
                case .imported(let id):
                    print(CLIWords.text("import", "imported", ["file": file, "id": String(id.prefix(8)), "samples": String(recording.samples.count),
                                                           "points": String(recording.route.count)]))
                case .alreadyImported(let id):
                    print(CLIWords.text("import", "already", ["file": file, "id": String(id.prefix(8))]))
                case .replaced(let id, let previous):
                    print(CLIWords.text("import", "replaced", ["file": file, "id": String(id.prefix(8)), "previous": String(previous.prefix(8))]))
                case .sameWorkout(let id, let reason):
                    print(CLIWords.text("import", "same_workout", ["file": file, "id": String(id.prefix(8)), "reason": "\(reason)"]))
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
