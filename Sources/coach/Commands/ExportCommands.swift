// `coach export`: saved workouts as TCX, GPX, FIT, CSV or JSON files (docs/export.md).

import ArgumentParser
import CoachExport
import CoachGateway
import CoachStore
import Foundation

extension ExportFormat: ExpressibleByArgument {}

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Write a saved workout as a TCX, GPX, FIT, CSV or JSON file.",
        discussion: """
            ID may be any unique prefix of the id that 'coach history' prints. The file goes to
            standard output unless -o names one; --all writes every saved workout into a folder,
            one file per workout named by its start time and id. Pauses are track breaks (TCX,
            GPX segments); GPX needs a route (use TCX or FIT for indoor workouts).

            Examples:
              coach export 3f2a --format tcx -o run.tcx
              coach export 3f2a --format gpx > run.gpx
              coach export 3f2a --format fit -o run.fit
              coach export --all ~/workouts --format tcx
              coach export --all ~/workouts --format fit --since "last month" --until "last month"
            """)

    @OptionGroup var options: StoreOptions
    @Argument(help: "The workout's id or a unique prefix of it.") var id: String?
    @Option(help: "tcx, gpx, fit, csv or json.") var format: ExportFormat = .tcx
    @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var output: String?
    @Option(help: ArgumentHelp("Write every saved workout into this folder.", valueName: "dir")) var all: String?
    @Option(help: ArgumentHelp("With --all: only workouts started from then on (as for history).", valueName: "when")) var since: String?
    @Option(help: ArgumentHelp("With --all: only workouts started before the end of then.", valueName: "when")) var until: String?

    func validate() throws {
        if id == nil && all == nil { throw ValidationError("Name a workout (see 'coach history') or use --all DIR.") }
        if id != nil && all != nil { throw ValidationError("Use either an ID or --all DIR, not both.") }
        if all != nil && output != nil { throw ValidationError("-o names one file; --all writes a folder.") }
        if all == nil && (since != nil || until != nil) { throw ValidationError("--since and --until go with --all DIR.") }
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
                    OneShot.printError("skipped \(summary.id.prefix(8)): \(error.message)")
                    continue
                }
                let stamp = String(ISO8601DateFormatter().string(from: recording.start).prefix(19))
                    .replacingOccurrences(of: ":", with: "")
                let path = all + "/\(stamp)-\(summary.id.prefix(8)).\(format.fileExtension)"
                try write(data, to: path)
                written += 1
            }
            print("Wrote \(written) workout\(written == 1 ? "" : "s") to \(all).")
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
            OneShot.printError("cannot write \(path): \(error.localizedDescription)")
            throw ExitCode.failure
        }
    }
}
