// Bad, truncated and foreign files: a clear error naming the file and what is wrong, and the store
// unchanged. No input traps (the readers check every length and number).

import CoachCore
@testable import CoachExport
import CoachStore
import Foundation
import Testing

@Suite struct BadFileTests {
    private func exported(_ format: ExportFormat) async throws -> Data {
        let store = try WorkoutStore.inMemory()
        let (id, _) = try await ExportFixtures.recordRun(in: store, seconds: 30)
        return try WorkoutExporter.data(try ExportFixtures.recording(store, id), format: format)
    }

    private func problem(_ data: Data, _ file: String) -> ImportProblem? {
        do { _ = try WorkoutImporter.read(data, file: file); return nil } catch { return error }
    }

    @Test func truncatedAndDamagedFITFilesAreRefusedByName() async throws {
        let fit = try await exported(.fit)
        let cut = problem(fit.prefix(fit.count - 100), "cut.fit")
        #expect(cut?.file == "cut.fit")
        #expect(cut?.message.contains("truncated") == true)
        var flipped = fit
        flipped[200] ^= 0x10
        #expect(problem(flipped, "flip.fit")?.message.contains("CRC") == true)
        #expect(problem(fit.prefix(13), "tiny.fit")?.message.contains("truncated") == true)
        #expect(problem(fit.prefix(10), "tiny.fit")?.file == "tiny.fit")
        // Every prefix and many single-byte damages: an error or a recording, never a trap.
        for length in stride(from: 0, to: fit.count, by: 7) { _ = problem(fit.prefix(length), "p.fit") }
    }

    @Test func brokenXMLAndMissingTimesAreRefusedByName() async throws {
        let tcx = try await exported(.tcx)
        let cut = problem(tcx.prefix(tcx.count / 2), "half.tcx")
        #expect(cut?.file == "half.tcx")
        #expect(cut?.message.contains("not well-formed XML") == true, "\(cut?.message ?? "")")
        let noEnd = String(decoding: tcx, as: UTF8.self).replacingOccurrences(of: "</TrainingCenterDatabase>", with: "")
        #expect(problem(Data(noEnd.utf8), "open.tcx")?.message.contains("ends inside <TrainingCenterDatabase>") == true)
        let noTime = """
            <?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
            <trkpt lat="1" lon="2"><ele>3</ele></trkpt></trkseg></trk></gpx>
            """
        #expect(problem(Data(noTime.utf8), "route.gpx")?.message.contains("has no time") == true)
        let badTime = noTime.replacingOccurrences(of: "<ele>3</ele>", with: "<time>yesterday</time>")
        #expect(problem(Data(badTime.utf8), "t.gpx")?.message.contains("not ISO 8601") == true)
        #expect(problem(Data(), "empty.gpx")?.message == "the file is empty")
        #expect(problem(Data("hello".utf8), "note.txt")?.message.contains("not a GPX, TCX or FIT") == true)
        let empty = #"<?xml version="1.0"?><gpx version="1.1"><trk><trkseg></trkseg></trk></gpx>"#
        #expect(problem(Data(empty.utf8), "empty-track.gpx")?.message.contains("no track points") == true)
    }

    @Test func aRefusedFileChangesNothingInTheStore() async throws {
        let directory = try ExportFixtures.temporaryDirectory()
        defer { ExportFixtures.remove(directory) }
        let store = try WorkoutStore.open(path: directory + "/coach.sqlite")
        let (_, _) = try await ExportFixtures.recordRun(in: store, seconds: 10, withPause: false)
        let before = try store.changes(since: nil).anchor
        let fit = try await exported(.fit)
        #expect(problem(fit.prefix(fit.count - 3), "cut.fit") != nil)
        #expect(try store.changes(since: nil).anchor == before)
        #expect(try store.history().count == 1)
    }

    @Test func pointsOutOfTimeOrderNeverMakeAWorkoutEndBeforeItStarts() throws {
        let gpx = """
            <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
            <trkpt lat="51.5" lon="0.1"><time>2026-11-20T07:10:00Z</time></trkpt>
            <trkpt lat="51.6" lon="0.1"><time>2026-11-20T07:00:00Z</time></trkpt>
            <trkpt lat="51.7" lon="0.1"><time>2026-11-20T07:05:00Z</time></trkpt>
            </trkseg></trk></gpx>
            """
        let recording = try WorkoutImporter.read(Data(gpx.utf8), file: "backwards.gpx")
        #expect(recording.start == ExportText.parseISODate("2026-11-20T07:00:00Z"))
        #expect(recording.end == ExportText.parseISODate("2026-11-20T07:10:00Z"))
    }
}
