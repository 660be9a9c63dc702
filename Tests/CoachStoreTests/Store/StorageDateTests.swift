// The store's hand-written date text is GRDB's, byte for byte: rows written either way (samples
// through the fast path, imports through GRDB's Codable) read back alike and sort alike.

import Foundation
import GRDB
import Testing
@testable import CoachStore

@Suite struct StorageDateTests {
    private static func grdbText(_ date: Date) -> String? { String.fromDatabaseValue(date.databaseValue) }

    @Test func theTextIsGRDBsForTwentyThousandDates() {
        var generator = SystemRandomNumberGenerator()
        var dates: [Date] = [
            Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: -0.0005), Date(timeIntervalSince1970: 1_764_000_000.9999),
            Date(timeIntervalSince1970: 1_764_000_000.0005), Date(timeIntervalSince1970: 951_782_400), // 2000-02-29
            Date(timeIntervalSince1970: -2_208_988_800.25), Date(timeIntervalSince1970: 4_102_444_799.999),
        ]
        for _ in 0..<20_000 {
            // 1900 to 2100, with sub-millisecond fractions.
            dates.append(Date(timeIntervalSince1970: Double.random(in: -2_208_988_800...4_102_444_800, using: &generator)))
        }
        var mismatches: [String] = []
        for date in dates where StorageDate.text(date) != Self.grdbText(date) {
            mismatches.append("\(date.timeIntervalSince1970): \(StorageDate.text(date) ?? "nil") vs \(Self.grdbText(date) ?? "nil")")
        }
        #expect(mismatches.count == 0, "\(mismatches.count) differ, e.g. \(Array(mismatches.prefix(5)))")
    }

    @Test func datesOutsideTheFixedWidthAreLeftToGRDB() {
        let far = Date(timeIntervalSince1970: 400_000_000_000)  // year 14 645
        #expect(StorageDate.text(far) == nil)
        #expect(StorageDate.databaseValue(far) == far.databaseValue)
    }
}
