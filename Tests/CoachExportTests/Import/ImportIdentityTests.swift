// Re-importing (issue 33, item 4): an edited FIT file of an imported workout — the same device,
// serial and start — replaces it when its version (time_created) is higher and changes nothing
// otherwise; an export of a workout already in the store is recognised as that workout.

import CoachCore
import CoachExport
import CoachStore
import Foundation
import Testing

@Suite struct ImportIdentityTests {
    @Test func aFITFileCarriesItsSerialAndVersion() async throws {
        let directory = try ExportFixtures.temporaryDirectory()
        defer { ExportFixtures.remove(directory) }
        let source = try WorkoutStore.open(path: directory + "/source.sqlite")
        let (id, _) = try await ExportFixtures.recordRun(in: source)
        let original = try ExportFixtures.recording(source, id)
        let read = try WorkoutImporter.read(try WorkoutExporter.data(original, format: .fit), file: "run.fit")
        #expect(read.serialNumber == "1")
        #expect(read.fileVersion != nil)
        #expect(read.importIdentity?.hasPrefix("import:") == true)
    }

    @Test func anEditedFileReplacesOnlyWithAHigherVersion() async throws {
        let directory = try ExportFixtures.temporaryDirectory()
        defer { ExportFixtures.remove(directory) }
        let source = try WorkoutStore.open(path: directory + "/source.sqlite")
        let (id, _) = try await ExportFixtures.recordRun(in: source)
        let file = try WorkoutImporter.read(try WorkoutExporter.data(try ExportFixtures.recording(source, id), format: .fit),
                                            file: "run.fit")
        let target = try WorkoutStore.open(path: directory + "/target.sqlite")
        #expect(try await target.importRecording(file) == .imported(id: file.id))
        let anchor = try target.changes(since: nil).anchor

        // The same device and start, edited (one more sample), at the same version: not newer.
        var edited = file
        edited.id = "00000000-0000-8000-8000-0000000000e1"
        edited.samples.append(RecordedSample(type: .heartRate, value: 199, date: file.start.addingTimeInterval(30)))
        guard case .sameWorkout(let same, let reason) = try await target.importRecording(edited) else {
            Issue.record("an edit at the same version was not recognised")
            return
        }
        #expect(same == file.id)
        #expect(reason.contains("coach delete"))
        #expect(try target.history().count == 1)

        // A higher version replaces it, in one transaction: one workout, the edit's samples.
        edited.fileVersion = (file.fileVersion ?? 0) + 60
        #expect(try await target.importRecording(edited) == .replaced(id: edited.id, previous: file.id))
        let history = try target.history()
        #expect(history.map(\.id) == [edited.id])
        #expect(try target.samples(ofWorkout: edited.id).contains { $0.value == 199 })
        let changes = try target.changes(since: anchor)
        #expect(changes.deleted.contains { $0.kind == .workout && $0.id == file.id })
        #expect(changes.added.contains { if case .workout(let workout) = $0 { workout.id == edited.id } else { false } })
    }

    @Test(arguments: [ExportFormat.tcx, .gpx, .fit])
    func anExportOfAStoredWorkoutIsThatWorkout(format: ExportFormat) async throws {
        let directory = try ExportFixtures.temporaryDirectory()
        defer { ExportFixtures.remove(directory) }
        let store = try WorkoutStore.open(path: directory + "/coach.sqlite")
        let (id, _) = try await ExportFixtures.recordRun(in: store)
        let exported = try WorkoutExporter.data(try ExportFixtures.recording(store, id), format: format)
        let read = try WorkoutImporter.read(exported, file: "run.\(format.rawValue)")
        guard case .sameWorkout(let same, _) = try await store.importRecording(read) else {
            Issue.record("the export of \(id) was imported as a second workout")
            return
        }
        #expect(same == id)
        #expect(try store.history().count == 1)
    }
}
