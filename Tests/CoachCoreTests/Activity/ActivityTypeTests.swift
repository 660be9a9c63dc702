// Activity types: HealthKit's full list and raw values (their names: Wording/WordingTests.swift).

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
}
