// The settings file's `profile:` section (docs/settings.md): who is working out, for the estimates
// that need it — active energy from heart rate (weight, age, sex; Keytel's formula) and power zones
// (`ftp` overrides the FTP Coach estimates from saved rides).

import Foundation

extension CoachSettings {
    public struct Profile: Codable, Sendable, Equatable {
        /// Kilograms.
        public var weight: Double?
        /// Years; also estimates the maximum heart rate when `heart_rate` gives neither.
        public var age: Int?
        /// `male` or `female`: Keytel's formula differs by sex.
        public var sex: String?
        /// Functional threshold power in watts; overrides the estimate.
        public var ftp: Double?

        public init(weight: Double? = nil, age: Int? = nil, sex: String? = nil, ftp: Double? = nil) {
            self.weight = weight
            self.age = age
            self.sex = sex
            self.ftp = ftp
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            weight = try c.decodeIfPresent(Double.self, forKey: .weight)
            age = try c.decodeIfPresent(Int.self, forKey: .age)
            sex = try c.decodeIfPresent(String.self, forKey: .sex)
            ftp = try c.decodeIfPresent(Double.self, forKey: .ftp)
            // A bad value names its key (config.yaml: bad value for 'profile.weight'), as every section's does.
            if let weight, !(weight >= 20 && weight <= 300) {
                throw DecodingError.dataCorruptedError(forKey: .weight, in: c, debugDescription: "kilograms from 20 to 300")
            }
            if let age, !(10...100).contains(age) {
                throw DecodingError.dataCorruptedError(forKey: .age, in: c, debugDescription: "years from 10 to 100")
            }
            if let sex, !["male", "female"].contains(sex.lowercased()) {
                throw DecodingError.dataCorruptedError(forKey: .sex, in: c, debugDescription: "male or female")
            }
            if let ftp, !(ftp >= 50 && ftp <= 600) {
                throw DecodingError.dataCorruptedError(forKey: .ftp, in: c, debugDescription: "watts from 50 to 600")
            }
        }

        enum CodingKeys: String, CodingKey { case weight, age, sex, ftp }
    }
}
