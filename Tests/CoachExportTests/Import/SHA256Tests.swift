// The hand-written SHA-256 (CoachWire) that names imported workouts: FIPS 180-4's examples, and every length
// around the block and padding edges compared with coreutils' sha256sum.

@testable import CoachExport
import CoachWire
import Foundation
import Testing

@Suite struct SHA256Tests {
    private func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    @Test func knownAnswers() {
        #expect(hex(SHA256.hash(Data())) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(hex(SHA256.hash(Data("abc".utf8))) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(hex(SHA256.hash(Data("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test func lengthsAroundBlockEdgesMatchSha256sum() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sha-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var paths: [String] = [], ours: [String] = []
        for length in [1, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 129, 1000, 4097] {
            let data = Data((0..<length).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) })
            let path = directory.appendingPathComponent("\(length)").path
            try data.write(to: URL(fileURLWithPath: path))
            paths.append(path)
            // A slice that does not start at index 0 must hash the same.
            let sliced = (Data([9, 9, 9]) + data).dropFirst(3)
            #expect(SHA256.hash(sliced) == SHA256.hash(data))
            ours.append(hex(SHA256.hash(data)))
        }
        let output = try await ThirdParty.run("/usr/bin/sha256sum", paths).stdout
        let theirs = output.split(separator: "\n").map { String($0.prefix(64)) }
        #expect(theirs == ours)
    }
}
