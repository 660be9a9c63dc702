// Damaged files through every importer, without libFuzzer: seeded random mutations (bytes
// flipped, inserted, deleted, spans duplicated) of real GPX, TCX and FIT exports. Each must come
// back as a recording or as an ImportProblem naming the file — never a trap, never a hang. (The
// libFuzzer targets in Fuzz/ run the same readers for hours; this keeps a quick check in the suite.)

@testable import CoachExport
import CoachStore
import CoachWire
import Foundation
import Testing

@Suite struct ImportMutationTests {

    private static func mutate(_ data: [UInt8], _ random: inout SplitMix64) -> [UInt8] {
        var bytes = data
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            guard !bytes.isEmpty else { break }
            let at = Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<5, using: &random) {
            case 0: bytes[at] ^= UInt8(1 << Int.random(in: 0..<8, using: &random))
            case 1: bytes[at] = [0x00, 0xFF, 0x3C, 0x3E, 0x26, 0x22, 0x7F][Int.random(in: 0..<7, using: &random)]
            case 2: bytes.insert(UInt8.random(in: 0...255, using: &random), at: at)
            case 3: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...64, using: &random)))
            default:
                let end = min(bytes.count, at + Int.random(in: 1...256, using: &random))
                bytes.insert(contentsOf: bytes[at..<end], at: Int.random(in: 0...bytes.count, using: &random))
            }
        }
        return bytes
    }

    /// A FIT file around mutated messages: the header's size and both CRCs made right again, so
    /// the damage reaches the message decoder instead of stopping at the CRC check.
    private static func refitted(_ original: [UInt8], _ random: inout SplitMix64) -> [UInt8] {
        let headerSize = Int(original[0])
        var body = mutate(Array(original[headerSize..<(original.count - 2)]), &random)
        if body.isEmpty { body = [0] }
        var header = Array(original[0..<headerSize])
        let size = UInt32(body.count)
        header[4] = UInt8(size & 0xFF); header[5] = UInt8(size >> 8 & 0xFF)
        header[6] = UInt8(size >> 16 & 0xFF); header[7] = UInt8(size >> 24)
        if headerSize == 14 {
            let crc = FIT.crc(header[0..<12])
            header[12] = UInt8(crc & 0xFF); header[13] = UInt8(crc >> 8)
        }
        let file = header + body
        let crc = FIT.crc(file)
        return file + [UInt8(crc & 0xFF), UInt8(crc >> 8)]
    }

    @Test func fitMessagesDamagedBehindValidCRCsAreReadOrRefusedNeverTrap() async throws {
        let store = try WorkoutStore.inMemory()
        let (id, _) = try await ExportFixtures.recordRun(in: store, seconds: 40)
        let seed = [UInt8](try WorkoutExporter.data(try ExportFixtures.recording(store, id), format: .fit))
        var random = SplitMix64(seed: 0xF17)
        var read = 0, refused = 0
        for round in 0..<600 {
            do {
                _ = try WorkoutImporter.read(Data(Self.refitted(seed, &random)), file: "f\(round).fit")
                read += 1
            } catch {
                #expect(error.file == "f\(round).fit")
                #expect(!error.message.contains("CRC"), "the CRCs were made right: \(error.message)")
                refused += 1
            }
        }
        print("fit behind valid CRCs: 600 mutations, \(read) read, \(refused) refused")
        #expect(read > 0 && refused > 0, "read \(read), refused \(refused)")
    }

    @Test(arguments: [ExportFormat.gpx, .tcx, .fit])
    func mutatedFilesAreReadOrRefusedByNameNeverTrap(format: ExportFormat) async throws {
        let store = try WorkoutStore.inMemory()
        let (id, _) = try await ExportFixtures.recordRun(in: store, seconds: 40)
        let seed = [UInt8](try WorkoutExporter.data(try ExportFixtures.recording(store, id), format: format))
        var random = SplitMix64(seed: 0xC0AC4 &+ UInt64(seed.count))
        var read = 0, refused = 0
        for round in 0..<400 {
            let file = "m\(round).\(format.rawValue)"
            do {
                let recording = try WorkoutImporter.read(Data(Self.mutate(seed, &random)), file: file)
                #expect(recording.end >= recording.start, "\(file): a recording that ends before it starts")
                read += 1
            } catch {
                #expect(error.file == file, "the problem names the file")
                #expect(!error.message.isEmpty)
                refused += 1
            }
        }
        print("\(format.rawValue): 400 mutations, \(read) read, \(refused) refused")
        // Both outcomes happen: damage in a value is read past, damage in the structure refused.
        #expect(read > 0 && refused > 0, "read \(read), refused \(refused)")
    }
}
