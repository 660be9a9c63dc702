// `coach import`: which reader a file needs (by its content, not its name), and the workout id
// that makes importing the same file twice give one workout: a UUID made of the file's SHA-256.

import CoachWire
import Foundation

public enum WorkoutImporter {
    /// Reads a GPX, TCX or FIT file. The recording's id comes from the content's hash.
    public static func read(_ data: Data, file: String) throws(ImportProblem) -> WorkoutRecording {
        let id = workoutID(for: data)
        if data.count >= 12, data[data.startIndex + 8] == 0x2E, data[data.startIndex + 9] == 0x46,
           data[data.startIndex + 10] == 0x49, data[data.startIndex + 11] == 0x54 {
            return try FITReader.read(data, id: id, file: file)
        }
        // XML: the root element tells GPX from TCX.
        let head = String(decoding: data.prefix(4096), as: UTF8.self)
        if head.contains("<TrainingCenterDatabase") { return try TCXReader.read(data, id: id, file: file) }
        if head.contains("<gpx") { return try GPXReader.read(data, id: id, file: file) }
        if data.isEmpty { throw ImportProblem(file: file, message: "the file is empty") }
        throw ImportProblem(file: file, message: "not a GPX, TCX or FIT file (Coach reads those three)")
    }

    /// A lowercase UUID (version 8, "custom") from the first 128 bits of the content's SHA-256.
    public static func workoutID(for data: Data) -> String {
        var digest = Array(SHA256.hash(data).prefix(16))
        digest[6] = (digest[6] & 0x0F) | 0x80
        digest[8] = (digest[8] & 0x3F) | 0x80
        let hex = digest.map { byte in
            let text = String(byte, radix: 16)
            return byte < 16 ? "0" + text : text
        }.joined()
        let parts = [hex.prefix(8), hex.dropFirst(8).prefix(4), hex.dropFirst(12).prefix(4), hex.dropFirst(16).prefix(4), hex.dropFirst(20)]
        return parts.joined(separator: "-")
    }
}
