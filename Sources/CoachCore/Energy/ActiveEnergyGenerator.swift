// ActiveEnergyGenerator: active energy the workout generates when no client sends its own, as
// HealthKit's live data source generates activeEnergyBurned. Fed readings with the time, it
// returns the energy of the interval each reading closes; the engine turns that into a sample
// marked as generated. One basis counts at a time, the best available: power, else a strap's
// own Energy Expended, else heart rate with the profile (EnergyFormulas.swift).

import CoachWire

/// What generated energy was computed from (the sample source's `generatedFrom`).
public enum EnergyBasis: String, Sendable, Hashable, Codable, CaseIterable {
    case power, energyExpended, heartRate
}

/// Energy for one interval.
public struct GeneratedEnergy: Sendable, Hashable {
    public var kilocalories: Double
    public var basis: EnergyBasis

    /// The workout's own sample for it, marked as generated (journaled like any other, so recovery
    /// rebuilds the same total).
    func sample(at now: Timestamp) -> QuantitySample {
        let source = SampleSource(name: ClientIdentity.userName, version: CoachVersion.current, generatedFrom: basis.rawValue)
        return QuantitySample(type: .activeEnergy, value: kilocalories, at: now, source: source)
    }
}

public struct ActiveEnergyGenerator: Sendable, Hashable {
    /// A reading holds until the next one for at most this long (as heart-rate zones count it):
    /// a dropped sensor does not burn energy.
    public static let maximumHold: Duration = .seconds(10)
    /// A better basis heard within this long keeps a worse one from counting.
    public static let basisFresh: Duration = .seconds(30)
    /// More kilojoules than this between two Energy Expended values is a restarted strap.
    static let maximumExpendedStep = 100.0

    struct Reading: Sendable, Hashable {
        var value: Double
        var at: MonotonicInstant
    }

    public var profile: EnergyProfile
    private var power: Reading?
    private var heart: Reading?
    private var expended: [String: Reading] = [:]
    private var lastExpendedAt: MonotonicInstant?

    public init(profile: EnergyProfile = EnergyProfile()) { self.profile = profile }

    /// A pause (or stop) ends every interval: time not running burns nothing here.
    public mutating func interrupt() {
        power = nil
        heart = nil
        expended = [:]
    }

    /// A measured power or heart-rate sample (not one this generator made): the energy of the
    /// interval it closes.
    public mutating func observe(_ sample: QuantitySample) -> GeneratedEnergy? {
        guard sample.source?.isGenerated != true else { return nil }
        switch sample.type {
        case .power: return observe(power: sample.value, at: sample.at.monotonic)
        case .heartRate: return observe(heartRate: sample.value, at: sample.at.monotonic)
        default: return nil
        }
    }

    /// A power reading: the previous reading's watts over the interval since it.
    public mutating func observe(power watts: Double, at now: MonotonicInstant) -> GeneratedEnergy? {
        defer { power = Reading(value: watts, at: now) }
        guard let previous = power, let seconds = Self.held(since: previous.at, until: now) else { return nil }
        let kilocalories = EnergyFormulas.kilocalories(watts: previous.value, seconds: seconds)
        return kilocalories > 0 ? GeneratedEnergy(kilocalories: kilocalories, basis: .power) : nil
    }

    /// A strap's cumulative Energy Expended (kJ): the step since its previous value, unless power
    /// is counting. A smaller value means the strap reset it (a new baseline).
    public mutating func observe(energyExpended kilojoules: Double, sensor: String, at now: MonotonicInstant) -> GeneratedEnergy? {
        defer {
            expended[sensor] = Reading(value: kilojoules, at: now)
            lastExpendedAt = now
        }
        guard !isFresh(power?.at, at: now), let previous = expended[sensor], kilojoules >= previous.value,
              kilojoules - previous.value <= Self.maximumExpendedStep else { return nil }
        let kilocalories = EnergyFormulas.kilocalories(kilojoules: kilojoules - previous.value)
        return kilocalories > 0 ? GeneratedEnergy(kilocalories: kilocalories, basis: .energyExpended) : nil
    }

    /// A heart-rate reading: Keytel's estimate for the previous reading over the interval since
    /// it, when neither power nor a strap's energy figure is counting and the profile is complete.
    public mutating func observe(heartRate bpm: Double, at now: MonotonicInstant) -> GeneratedEnergy? {
        defer { heart = Reading(value: bpm, at: now) }
        guard !isFresh(power?.at, at: now), !isFresh(lastExpendedAt, at: now),
              let previous = heart, let seconds = Self.held(since: previous.at, until: now),
              let kilocalories = EnergyFormulas.kilocalories(heartRate: previous.value, seconds: seconds, profile: profile),
              kilocalories > 0 else { return nil }
        return GeneratedEnergy(kilocalories: kilocalories, basis: .heartRate)
    }

    private func isFresh(_ at: MonotonicInstant?, at now: MonotonicInstant) -> Bool {
        guard let at else { return false }
        return now - at <= Self.basisFresh
    }

    /// Seconds a reading at `since` counts until `now`: at most `maximumHold`; nil for none.
    static func held(since: MonotonicInstant, until now: MonotonicInstant) -> Double? {
        let interval = Swift.min(now - since, maximumHold)
        return interval > .zero ? interval.seconds : nil
    }
}
