// The person the energy estimates are for: the settings file's `profile:` (weight, age, sex, FTP),
// handed to the engine (generated active energy) and to the power zones (FTP).

public struct EnergyProfile: Sendable, Hashable, Codable {
    public enum Sex: String, Sendable, Hashable, Codable, CaseIterable { case male, female }

    /// Kilograms.
    public var weight: Double?
    /// Years.
    public var age: Int?
    public var sex: Sex?

    public init(weight: Double? = nil, age: Int? = nil, sex: Sex? = nil) {
        self.weight = weight
        self.age = age
        self.sex = sex
    }

    /// Keytel's formula needs all three: without them no energy is generated from heart rate.
    public var isComplete: Bool { weight != nil && age != nil && sex != nil }
}
