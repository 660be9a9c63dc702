// An imported file's device becomes the source device of its workout and samples (issue 19): the
// FIT file_id's manufacturer and product, a TCX Creator, a GPX creator.

import CoachCore
import CoachExport
import CoachStore
import Foundation
import Testing

@Suite struct ImportSourceTests {
    @Test(arguments: [ExportFormat.tcx, .gpx, .fit])
    func theFilesDeviceIsTheImportedSamplesSource(format: ExportFormat) async throws {
        let directory = try ExportFixtures.temporaryDirectory()
        defer { ExportFixtures.remove(directory) }
        let source = try WorkoutStore.open(path: directory + "/source.sqlite")
        let (id, _) = try await ExportFixtures.recordRun(in: source)
        let file = try WorkoutExporter.data(try ExportFixtures.recording(source, id), format: format)
        let imported = try WorkoutImporter.read(file, file: "run.\(format.rawValue)")
        // What Coach's own writers put in each format.
        let expected: SampleDevice
        switch format {
        case .fit: expected = SampleDevice(model: "1", manufacturer: "development")
        case .tcx: expected = SampleDevice(name: "Coach", model: "0")
        default: expected = SampleDevice(name: "Coach")
        }
        #expect(imported.device == expected)

        let target = try WorkoutStore.open(path: directory + "/target.sqlite")
        let importer = SampleSource(name: "coach", version: "0.1.0")
        #expect(try await target.importRecording(imported, importer: importer) == .imported(id: imported.id))
        let samples = try target.samples(ofWorkout: imported.id)
        #expect(!samples.isEmpty)
        #expect(samples.allSatisfy { $0.source == SampleSource(name: "coach", version: "0.1.0", device: expected) })
        let detail = try target.workout(matching: imported.id)
        #expect(detail.summary.source?.device == expected)
        #expect(detail.sources.count == 1)

        // Exported again: the JSON carries the source per workout and sample; TCX names the device.
        let stored = try WorkoutRecording(store: target, detail: detail)
        let json = String(decoding: try WorkoutExporter.data(stored, format: .json), as: UTF8.self)
        let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let workoutSource = parsed?["source"] as? [String: Any]
        #expect(workoutSource?["name"] as? String == "coach")
        #expect(workoutSource?["version"] as? String == "0.1.0")
        let firstSample = (parsed?["samples"] as? [[String: Any]])?.first
        #expect((firstSample?["source"] as? [String: Any])?["name"] as? String == "coach")
        let tcx = String(decoding: try WorkoutExporter.data(stored, format: .tcx), as: UTF8.self)
        #expect(tcx.contains("<Name>\(expected.name ?? expected.manufacturer ?? "?")</Name>"), "\(tcx.suffix(400))")
        if format == .fit { #expect(tcx.contains("<ProductID>1</ProductID>")) }
    }
}
