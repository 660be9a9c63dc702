// Generated active energy through the engine (issue 33, item 2): from power, else a strap's
// Energy Expended, else heart rate with the profile; marked as generated; a client's own energy
// wins; pauses burn nothing; journaled, so recovery rebuilds the same total.

import CoachCore
import Testing

@Suite("Generated active energy")
struct GeneratedEnergyTests {
    static let man = EnergyProfile(weight: 80, age: 35, sex: .male)

    struct Ride {
        var engine: WorkoutEngine
        var journal: [JournalEntry] = []

        init(profile: EnergyProfile = GeneratedEnergyTests.man, start: StartWorkoutIntent = StartWorkoutIntent(activity: .cycling, location: .indoor)) {
            engine = WorkoutEngine(configuration: EngineConfiguration(countdown: .zero, energyProfile: profile))
            keep(engine.perform(.start(start), at: at(0), newWorkoutID: "ride").actions)
        }

        mutating func keep(_ actions: [WorkoutAction]) {
            for case .journal(let entry) in actions { journal.append(entry) }
        }

        @discardableResult
        mutating func add(_ type: QuantityType, _ value: Double, at seconds: Double, source: SampleSource? = nil) -> SampleOutcome {
            let (outcome, actions) = engine.add(QuantitySample(type: type, value: value, at: at(seconds), source: source), at: at(seconds))
            keep(actions)
            return outcome
        }

        mutating func perform(_ intent: WorkoutIntent, at seconds: Double) { keep(engine.perform(intent, at: at(seconds), newWorkoutID: "x").actions) }

        var energy: Double { engine.snapshot(at: at(10_000)).statistics[.activeEnergy]?.sum ?? 0 }
        var generated: [QuantitySample] {
            engine.workout?.builder.samples.filter { $0.type == .activeEnergy && $0.source?.isGenerated == true } ?? []
        }
    }

    @Test func fromPowerAtTwentyFourPercent() {
        var ride = Ride()
        for second in 0...60 { ride.add(.power, 200, at: Double(second)) }
        // 60 one-second intervals at 200 W: 12 kJ of work → 12 ÷ (0.24 × 4.184) = 11.950 kcal.
        #expect(abs(ride.energy - 11.9503) < 0.0001)
        #expect(ride.generated.count == 60)
        #expect(ride.generated.allSatisfy { $0.source?.generatedFrom == "power" && $0.source?.name == "coach" })
    }

    @Test func fromHeartRateWithTheProfileAndNotWithoutIt() {
        var ride = Ride()
        for second in 0...60 { ride.add(.heartRate, 150, at: Double(second)) }
        // Keytel, man, 80 kg, 35 years, 150 bpm for a minute: 62.5016 kJ = 14.938 kcal.
        #expect(abs(ride.energy - 14.9382) < 0.0001)
        #expect(ride.generated.allSatisfy { $0.source?.generatedFrom == "heartRate" })
        var anonymous = Ride(profile: EnergyProfile(weight: 80))
        for second in 0...60 { anonymous.add(.heartRate, 150, at: Double(second)) }
        #expect(anonymous.energy == 0, "no age or sex: no estimate")
    }

    @Test func powerWinsOverHeartRate() {
        var ride = Ride()
        for second in 0...60 {
            ride.add(.heartRate, 150, at: Double(second))
            ride.add(.power, 200, at: Double(second))
        }
        #expect(abs(ride.energy - 11.9503) < 0.0001)
        #expect(ride.generated.allSatisfy { $0.source?.generatedFrom == "power" })
    }

    @Test func aStrapsEnergyExpendedWhenThereIsNoPower() {
        var ride = Ride()
        ride.keep(ride.engine.observeEnergyExpended(100, sensor: "strap", at: at(1)))
        ride.add(.heartRate, 150, at: 2)
        ride.keep(ride.engine.observeEnergyExpended(120, sensor: "strap", at: at(10)))
        ride.add(.heartRate, 150, at: 11)
        // 20 kJ = 4.780 kcal; heart rate counts nothing while the strap's own figure is fresh.
        #expect(abs(ride.energy - 20 / 4.184) < 1e-9)
        #expect(ride.generated.map { $0.source?.generatedFrom } == ["energyExpended"])
        ride.keep(ride.engine.observeEnergyExpended(3, sensor: "strap", at: at(12)))
        #expect(abs(ride.energy - 20 / 4.184) < 1e-9, "a reset strap is a new baseline, not negative energy")
    }

    @Test func aClientsOwnEnergyWins() {
        var ride = Ride()
        for second in 0...10 { ride.add(.power, 200, at: Double(second)) }
        #expect(ride.energy > 1.9)
        ride.add(.activeEnergy, 5, at: 11, source: SampleSource(name: "trainer-app"))
        #expect(ride.energy == 5)
        for second in 12...20 { ride.add(.power, 200, at: Double(second)) }
        #expect(ride.energy == 5)
        #expect(ride.generated.count == 10, "nothing more is generated once a client sends energy")
    }

    @Test func pausesBurnNothingAndRecoveryRebuildsTheTotal() {
        var ride = Ride()
        for second in 0...10 { ride.add(.power, 200, at: Double(second)) }
        ride.perform(.pause(), at: 10.5)
        ride.perform(.resume(), at: 70)
        for second in 71...81 { ride.add(.power, 200, at: Double(second)) }
        // 10 + 10 intervals of a second (the first reading after the resume is a baseline).
        let expected = EnergyFormulas.kilocalories(watts: 200, seconds: 20)
        #expect(abs(ride.energy - expected) < 1e-9)
        let (recovered, _) = WorkoutEngine.recovering(from: ride.journal, configuration: ride.engine.configuration, at: at(82))
        #expect(abs((recovered.snapshot(at: at(82)).statistics[.activeEnergy]?.sum ?? 0) - expected) < 1e-9)
    }

    @Test func refusedTypesAreSaidAndGenerateNothing() {
        var ride = Ride(start: StartWorkoutIntent(activity: .cycling, location: .indoor, excludedTypes: [.activeEnergy, .cadence]))
        #expect(ride.add(.cadence, 90, at: 1) == .rejected(.typeNotCollected))
        #expect(ride.add(.activeEnergy, 5, at: 1) == .rejected(.typeNotCollected))
        for second in 0...10 { ride.add(.power, 200, at: Double(second)) }
        #expect(ride.energy == 0)
        #expect(ride.engine.snapshot(at: at(11)).refusedTypes == [.activeEnergy, .cadence])
        var only = Ride(start: StartWorkoutIntent(activity: .cycling, collectedTypes: [.heartRate, .power, .distance]))
        #expect(only.add(.power, 200, at: 1) == .added)
        #expect(only.add(.distanceCycling, 8, at: 1) == .added, "distance takes its sensor kinds along")
        #expect(only.add(.cadence, 90, at: 1) == .rejected(.typeNotCollected))
    }
}
