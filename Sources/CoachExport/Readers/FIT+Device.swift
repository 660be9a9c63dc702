// The device a FIT file's file_id names: manufacturer (FIT profile's `manufacturer` type, the
// common ones by name, others by number) and product number. An import's samples carry it.

import CoachCore

extension FIT {
    /// A few well-known values of the FIT profile's `manufacturer` enum.
    static let manufacturers: [UInt64: String] = [
        1: "Garmin", 15: "Dynastream", 23: "Suunto", 32: "Wahoo Fitness", 69: "Stages Cycling", 70: "Sigma Sport",
        76: "Moxy", 89: "Tacx", 123: "Polar", 255: "development", 260: "Zwift", 263: "Hammerhead", 265: "Strava",
        267: "Bryton", 289: "Hammerhead", 294: "Coros",
    ]

    static func device(manufacturer: UInt64?, product: UInt64?) -> SampleDevice? {
        let maker = manufacturer.map { manufacturers[$0] ?? "manufacturer \($0)" }
        return SampleDevice(name: nil, model: product.map { "\($0)" }, manufacturer: maker).nonEmpty
    }
}
