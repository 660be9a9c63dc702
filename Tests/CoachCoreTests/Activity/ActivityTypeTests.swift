// Activity types: HealthKit's full list, raw values, and names in both languages.

import CoachCore
import Testing

@Suite("ActivityType")
struct ActivityTypeTests {
    @Test func healthKitRawValuesMatchTheHeader() {
        #expect(ActivityType.americanFootball.healthKitValue == 1)
        #expect(ActivityType.cycling.healthKitValue == 13)
        #expect(ActivityType.running.healthKitValue == 37)
        #expect(ActivityType.traditionalStrengthTraining.healthKitValue == 50)
        #expect(ActivityType.walking.healthKitValue == 52)
        #expect(ActivityType.highIntensityIntervalTraining.healthKitValue == 63)
        #expect(ActivityType.mixedCardio.healthKitValue == 73)
        #expect(ActivityType.cardioDance.healthKitValue == 77)
        #expect(ActivityType.pickleball.healthKitValue == 79)
        #expect(ActivityType.cooldown.healthKitValue == 80)
        #expect(ActivityType.underwaterDiving.healthKitValue == 84)
        #expect(ActivityType.other.healthKitValue == 3000)
        #expect(ActivityType(healthKitValue: 37) == .running)
        #expect(ActivityType(healthKitValue: 81) == nil)
    }

    @Test func rawValuesAreUniqueAndTheListIsComplete() {
        let values = ActivityType.allCases.map(\.healthKitValue)
        #expect(Set(values).count == values.count)
        #expect(ActivityType.allCases.count == 84)
    }

    @Test func everyActivityHasADistinctNameInBothLanguages() {
        let english = ActivityType.allCases.map { $0.displayName(.en) }
        let japanese = ActivityType.allCases.map { $0.displayName(.ja) }
        #expect(Set(english).count == english.count)
        #expect(Set(japanese).count == japanese.count)
        #expect(english.allSatisfy { !$0.isEmpty && $0.unicodeScalars.allSatisfy(\.isASCII) })
        // Japanese names are written in Japanese (HIIT is said as is).
        #expect(japanese.allSatisfy { $0 == "HIIT" || $0.unicodeScalars.contains { $0.value >= 0x3000 } })
    }
}
