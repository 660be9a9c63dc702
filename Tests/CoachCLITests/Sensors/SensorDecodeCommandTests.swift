// `coach sensor decode`: the JSON keys scripts read, successive CSC values, and clear errors with
// distinct exit statuses for a malformed value (1) and a bad command line (64).

import Foundation
import Testing

@Suite("coach sensor decode")
struct SensorDecodeCommandTests {
    let binary = CoachBinary.path()

    func object(_ line: Substring) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    @Test func heartRateAsJSON() async throws {
        let coach = try #require(binary)
        let result = try await runProcess(coach, ["sensor", "decode", "2a37", "1E 4B 20 01 00 04 10 04", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let value = try object(result.stdout.split(separator: "\n")[0])
        #expect(value["heartRate"] as? Double == 75)
        #expect(value["sensorContact"] as? String == "detected")
        #expect(value["energyExpended"] as? Double == 288)
        #expect(value["rrIntervals"] as? [Double] == [1.0, 1.015625])
    }

    @Test func successiveCSCValuesGiveSpeedAndCadence() async throws {
        let coach = try #require(binary)
        let result = try await runProcess(coach, ["sensor", "decode", "2a5b", "--json", "--wheel-circumference", "2",
                                            "03 FE FF FF FF 00 FC FF FF 00 F8", "03 02 00 00 00 00 00 01 00 00 FC"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(try object(lines[0])["speed"] == nil)
        let second = try object(lines[1])
        // Both counters and both event times wrapped: 4 wheel revolutions and 2 crank revolutions in 1 s.
        #expect(second["speed"] as? Double == 8)
        #expect(second["cadence"] as? Double == 120)
        #expect(second["wheelRevolutions"] as? Double == 2)
    }

    @Test func malformedValueNamesTheByte() async throws {
        let coach = try #require(binary)
        let result = try await runProcess(coach, ["sensor", "decode", "2a63", "04 00 FA 00 10"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("byte 4: accumulated torque (2 bytes) missing"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func unknownCharacteristicAndBadHexAreUsageErrors() async throws {
        let coach = try #require(binary)
        let unknown = try await runProcess(coach, ["sensor", "decode", "2a99", "00"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("2a37"))
        let badHex = try await runProcess(coach, ["sensor", "decode", "2a19", "5G"])
        #expect(badHex.status == 64)
        #expect(badHex.stderr.contains("not a hex digit"))
    }
}
