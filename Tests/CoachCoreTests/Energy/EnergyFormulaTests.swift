// The formulas of generated active energy (issue 33, item 2) against worked examples, computed by
// hand from each source's own equation (EnergyFormulas.swift cites them).

import CoachCore
import Testing

@Suite("Energy formulas")
struct EnergyFormulaTests {
    @Test func powerAtTwentyFourPercentEfficiency() {
        // 200 W for an hour is 720 kJ of work; burned: 720 ÷ 0.24 = 3000 kJ = 3000 ÷ 4.184 = 717.02 kcal.
        #expect(abs(EnergyFormulas.kilocalories(watts: 200, seconds: 3600) - 717.017) < 0.001)
        // "kJ ≈ kcal": 1 kJ of work burns 0.996 kcal.
        #expect(abs(EnergyFormulas.kilocalories(watts: 1000, seconds: 1) - 0.99586) < 0.00001)
        #expect(EnergyFormulas.kilocalories(watts: -5, seconds: 10) == 0, "negative power (a sint16 glitch) burns nothing")
    }

    @Test func keytelForAManAndAWoman() throws {
        // Man, 35 years, 80 kg, 150 bpm: −55.0969 + 0.6309×150 + 0.1988×80 + 0.2017×35
        //   = −55.0969 + 94.635 + 15.904 + 7.0595 = 62.5016 kJ/min = 14.938 kcal/min.
        let man = EnergyFormulas.keytelKilojoulesPerMinute(heartRate: 150, weight: 80, age: 35, sex: .male)
        #expect(abs(man - 62.5016) < 1e-9)
        let manProfile = EnergyProfile(weight: 80, age: 35, sex: .male)
        #expect(abs(try #require(EnergyFormulas.kilocalories(heartRate: 150, seconds: 60, profile: manProfile)) - 14.9382) < 0.0001)
        // Woman, 30 years, 60 kg, 150 bpm: −20.4022 + 0.4472×150 − 0.1263×60 + 0.074×30
        //   = −20.4022 + 67.08 − 7.578 + 2.22 = 41.3198 kJ/min = 9.8756 kcal/min.
        let woman = EnergyFormulas.keytelKilojoulesPerMinute(heartRate: 150, weight: 60, age: 30, sex: .female)
        #expect(abs(woman - 41.3198) < 1e-9)
        // At rest the regression goes below zero: no energy rather than negative energy.
        #expect(EnergyFormulas.keytelKilojoulesPerMinute(heartRate: 50, weight: 80, age: 35, sex: .male) == 0)
        #expect(EnergyFormulas.kilocalories(heartRate: 150, seconds: 60, profile: EnergyProfile(weight: 80, age: 35)) == nil,
                "without sex the formula cannot be chosen")
    }

    @Test func aStrapsKilojoules() {
        #expect(abs(EnergyFormulas.kilocalories(kilojoules: 418.4) - 100) < 1e-9)
    }
}
