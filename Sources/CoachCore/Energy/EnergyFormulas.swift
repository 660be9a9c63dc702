// The formulas generated active energy uses, as pure functions with their sources. Figures against
// worked examples: Tests/CoachCoreTests/Energy/EnergyFormulaTests.swift.

public enum EnergyFormulas {
    /// Gross mechanical efficiency of cycling: about 24 % of the energy a rider burns reaches the
    /// pedals (the usual assumption of power-meter software; measured gross efficiency is roughly
    /// 20–25 %). Burned = work ÷ 0.24, and since 1 kcal = 4.184 kJ, 1 kJ of work burns
    /// 1 ÷ (0.24 × 4.184) = 0.996 kcal: the rule of thumb "kJ ≈ kcal".
    public static let cyclingEfficiency = 0.24
    /// Thermochemical calorie: 1 kcal = 4.184 kJ.
    public static let kilojoulesPerKilocalorie = 4.184

    /// Kilocalories burned producing `watts` for `seconds` (200 W for an hour: 720 kJ → 717 kcal).
    public static func kilocalories(watts: Double, seconds: Double) -> Double {
        Swift.max(0, watts) * seconds / 1000 / (cyclingEfficiency * kilojoulesPerKilocalorie)
    }

    /// Kilocalories in `kilojoules` (a strap's Energy Expended is sent in kJ).
    public static func kilocalories(kilojoules: Double) -> Double { kilojoules / kilojoulesPerKilocalorie }

    /// Energy expenditure from heart rate, kilojoules a minute: Keytel L.R., Goedecke J.H., Noakes
    /// T.D., Hiiloskorpi H., Laukkanen R., van der Merwe L., Lambert E.V. (2005), "Prediction of
    /// energy expenditure from heart rate monitoring during submaximal exercise", Journal of Sports
    /// Sciences 23(3):289–297, the equations without VO2max:
    ///   men:   EE = −55.0969 + 0.6309 × HR + 0.1988 × weight + 0.2017 × age
    ///   women: EE = −20.4022 + 0.4472 × HR − 0.1263 × weight + 0.074 × age
    /// (HR in beats a minute, weight in kg, age in years). The study fitted it to submaximal
    /// exercise; at resting heart rates it goes below zero, which is read as 0.
    public static func keytelKilojoulesPerMinute(heartRate: Double, weight: Double, age: Double, sex: EnergyProfile.Sex) -> Double {
        let value: Double
        switch sex {
        case .male: value = -55.0969 + 0.6309 * heartRate + 0.1988 * weight + 0.2017 * age
        case .female: value = -20.4022 + 0.4472 * heartRate - 0.1263 * weight + 0.074 * age
        }
        return Swift.max(0, value)
    }

    /// Keytel's estimate in kilocalories for `seconds` at `heartRate`; nil without a full profile.
    public static func kilocalories(heartRate: Double, seconds: Double, profile: EnergyProfile) -> Double? {
        guard let weight = profile.weight, let age = profile.age, let sex = profile.sex else { return nil }
        let perMinute = keytelKilojoulesPerMinute(heartRate: heartRate, weight: weight, age: Double(age), sex: sex)
        return kilocalories(kilojoules: perMinute * seconds / 60)
    }
}
