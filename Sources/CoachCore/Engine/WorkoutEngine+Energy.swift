// Generated active energy in the engine (issue 33, item 2): a measured power or heart-rate sample,
// or a strap's Energy Expended, closes an interval whose energy the generator computes
// (Energy/ActiveEnergyGenerator.swift); the engine adds it as its own sample, marked as generated,
// journaled like any other so recovery rebuilds the same total.

import CoachWire

extension WorkoutEngine {
    /// A strap's cumulative Energy Expended (kJ): energy for the running workout when nothing
    /// better counts. While not running it only moves the strap's baseline.
    public mutating func observeEnergyExpended(_ kilojoules: Double, sensor: String, at now: Timestamp) -> [WorkoutAction] {
        guard workout != nil else { return [] }
        guard state == .running, generatesEnergy else {
            _ = workout!.energy.observe(energyExpended: kilojoules, sensor: sensor, at: now.monotonic)
            return []
        }
        let generated = workout!.energy.observe(energyExpended: kilojoules, sensor: sensor, at: now.monotonic)
        return addGenerated(generated, at: now) + checkMilestones(at: now) + checkGoal(at: now) + reschedule(at: now.monotonic)
    }

    /// Whether the workout generates active energy: it collects the type and no client sent any.
    var generatesEnergy: Bool {
        guard let current = workout else { return false }
        return current.configuration.collects(.activeEnergy) && !current.builder.hasOwnEnergy
    }

    /// The energy a measured power or heart-rate sample closes, as its own generated sample.
    mutating func generateEnergy(from sample: QuantitySample, at now: Timestamp) -> [WorkoutAction] {
        guard sample.source?.isGenerated != true, generatesEnergy else { return [] }
        switch sample.type {
        case .power: return addGenerated(workout!.energy.observe(power: sample.value, at: sample.at.monotonic), at: now)
        case .heartRate: return addGenerated(workout!.energy.observe(heartRate: sample.value, at: sample.at.monotonic), at: now)
        default: return []
        }
    }

    private mutating func addGenerated(_ generated: GeneratedEnergy?, at now: Timestamp) -> [WorkoutAction] {
        guard let generated, workout != nil else { return [] }
        let source = SampleSource(name: ClientIdentity.userName, version: CoachVersion.current, generatedFrom: generated.basis.rawValue)
        let sample = QuantitySample(type: .activeEnergy, value: generated.kilocalories, at: now, source: source)
        guard workout!.builder.add(sample) == .added else { return [] }
        return [.journal(JournalEntry(workoutID: workout!.id, kind: .sample(sample), at: now)), .publish]
    }
}
