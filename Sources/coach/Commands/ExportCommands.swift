// `coach export`: saved workouts as TCX, GPX, FIT, CSV or JSON files (docs/export.md).

import ArgumentParser
import CoachExport
import CoachGateway
import CoachStore
import Foundation

extension ExportFormat: ExpressibleByArgument {}

struct ExportCommand: ParsableCommand {
    static var configuration: CommandConfiguration { .words("export") }

    @OptionGroup var options: StoreOptions
    @Argument(help: .words("export", "id")) var id: String?
    @Option(help: .words("export", "format")) var format: ExportFormat = .tcx
    @Option(name: .shortAndLong, help: .words("export", "output", valueName: "file"))
    var output: String?
    @Option(help: .words("export", "all", valueName: "dir")) var all: String?
    @Option(help: .words("export", "since", valueName: "when")) var since: String?
    @Option(help: .words("export", "until", valueName: "when")) var until: String?

    func validate() throws {
        if id == nil && all == nil { throw ValidationError(words: "export", "no_workout") }
        if id != nil && all != nil { throw ValidationError(words: "export", "both") }
        if all != nil && output != nil { throw ValidationError(words: "export", "output_all") }
        if all == nil && (since != nil || until != nil) { throw ValidationError(words: "export", "range_alone") }
        _ = try StoreOptions.range(since: since, until: until)
    }

    func run() throws {
        let store = try options.open()
        if let all {
            try FileManager.default.createDirectory(atPath: all, withIntermediateDirectories: true)
            var written = 0
            let (start, end) = try StoreOptions.range(since: since, until: until)
            for summary in try store.history(since: start, until: end) {
                let recording = try WorkoutRecording(store: store, detail: store.workout(matching: summary.id))
                let data: Data
                do { data = try WorkoutExporter.data(recording, format: format) } catch {
                    OneShot.printError(CLIWords.text("export", "skipped", ["id": String(summary.id.prefix(8)), "problem": error.message]))
                    continue
                }
                let stamp = String(ISO8601DateFormatter().string(from: recording.start).prefix(19))
                    .replacingOccurrences(of: ":", with: "")
                let path = all + "/\(stamp)-\(summary.id.prefix(8)).\(format.fileExtension)"
                try write(data, to: path)
                written += 1
            }
            print(CLIWords.text("export", written == 1 ? "wrote_one" : "wrote", ["count": String(written), "dir": all]))
            return
        }
        let detail: WorkoutDetail
        do { detail = try store.workout(matching: id ?? "") } catch let error as WorkoutLookupError {
            OneShot.printError(error.description)
            throw ExitCode(ExitStatus.noMatchingWorkout.rawValue)
        }
        let recording = try WorkoutRecording(store: store, detail: detail)
        let data: Data
        do { data = try WorkoutExporter.data(recording, format: format) } catch {
            OneShot.printError(error.message)
            throw ExitCode.failure
        }
        if let output { try write(data, to: output) } else { FileHandle.standardOutput.write(data) }
    }

    private func write(_ data: Data, to path: String) throws {
        do { try data.write(to: URL(fileURLWithPath: path), options: .atomic) } catch {
            OneShot.printError(CLIWords.text("export", "cannot_write", ["path": path, "problem": error.localizedDescription]))
            throw ExitCode.failure
        }
    }
}
