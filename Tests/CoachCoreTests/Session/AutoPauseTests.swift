// Auto-pause in virtual time: the machine alone (hysteresis, no flapping, the user's pauses win)
// and through the engine (stop-and-go runs, traffic lights, GPS jitter, journal replay, the feed).

import CoachCore
import Testing

@Suite("Auto-pause")
struct AutoPauseTests {
    /// Feeds one speed a second from `speeds` starting at `start`; returns (second, decision) for
    /// every decision that was not `.none`.
    static func drive(_ machine: inout AutoPause, _ speeds: [Double], start: Double = 0) -> [(Double, AutoPauseDecision)] {
        var decisions: [(Double, AutoPauseDecision)] = []
        for (index, speed) in speeds.enumerated() {
            let second = start + Double(index)
            let decision = machine.observe(speed: speed, at: at(second).monotonic)
            if decision != .none { decisions.append((second, decision)) }
        }
        return decisions
    }

    static func repeated(_ speed: Double, _ seconds: Int) -> [Double] { Array(repeating: speed, count: seconds) }

    // MARK: - The machine

    @Test func stopAndGoPausesAfterNAndResumesAfterM() {
        var machine = AutoPause(settings: .running)  // stop < 0.8, move ≥ 1.2, 5 s, 3 s
        let speeds = Self.repeated(3, 60) + Self.repeated(0, 20) + Self.repeated(3, 30)
        let decisions = Self.drive(&machine, speeds)
        #expect(decisions.map(\.1) == [.pause, .resume])
        #expect(decisions.map(\.0) == [65, 83])  // first stop reading at 60, first moving one at 80
    }

    @Test func aShortStopDoesNotPause() {
        var machine = AutoPause(settings: .running)
        let speeds = Self.repeated(3, 10) + Self.repeated(0.2, 4) + Self.repeated(3, 10)
        #expect(Self.drive(&machine, speeds).isEmpty)
    }

    @Test func hoveringInsideTheBandNeverFlaps() {
        var machine = AutoPause(settings: .running)
        // Between stopSpeed and moveSpeed: neither a stop nor movement, however long it lasts.
        #expect(Self.drive(&machine, (0..<300).map { 0.8 + 0.39 * Double($0 % 7) / 6 }).isEmpty)
        // Around the stop threshold: the stop readings pause once; no reading resumes.
        var second = AutoPause(settings: .running)
        let around = (0..<300).map { $0.isMultiple(of: 2) ? 0.75 : 0.85 }
        #expect(Self.drive(&second, around).map(\.1) == [.pause])
    }

    @Test func noFlappingOnAnySpeedSequence() {
        var random = SplitMix(seed: 42)
        for _ in 0..<200 {
            var machine = AutoPause(settings: .cycling)
            var speeds: [Double] = []
            while speeds.count < 600 {
                // Runs of a speed, some shorter and some longer than the waits.
                speeds += Self.repeated(Double.random(in: 0...4, using: &random), Int.random(in: 1...12, using: &random))
            }
            let decisions = Self.drive(&machine, speeds)
            for (index, (second, decision)) in decisions.enumerated() {
                #expect(decision == (index.isMultiple(of: 2) ? .pause : .resume), "decisions alternate")
                guard index > 0 else { continue }
                let gap = second - decisions[index - 1].0
                let wait = decision == .pause ? AutoPauseSettings.cycling.pauseAfter : AutoPauseSettings.cycling.resumeAfter
                #expect(gap >= wait.seconds, "a \(decision) \(gap) s after the previous change")
                // The wait was earned: every reading of it was on the right side of its threshold.
                let window = speeds[Int(second - wait.seconds)...Int(second)]
                #expect(window.allSatisfy { decision == .pause ? $0 < 2.0 : $0 >= 1.2 })
            }
        }
    }

    @Test func aManualPauseIsNeverAutoResumed() {
        var machine = AutoPause(settings: .running)
        _ = Self.drive(&machine, Self.repeated(3, 10))
        machine.userPaused()
        #expect(Self.drive(&machine, Self.repeated(0, 30) + Self.repeated(4, 60), start: 10).isEmpty)
        #expect(machine.phase == .manuallyPaused)
    }

    @Test func afterAManualResumeItWaitsForMovementBeforePausingAgain() {
        var machine = AutoPause(settings: .running)
        #expect(Self.drive(&machine, Self.repeated(0, 6)).map(\.1) == [.pause])
        machine.userResumed()  // "resume" while standing at the lights: the user means it
        #expect(Self.drive(&machine, Self.repeated(0, 60), start: 6).isEmpty)
        // Moving for resumeAfter re-arms it; the next stop pauses again.
        let decisions = Self.drive(&machine, Self.repeated(3, 10) + Self.repeated(0, 10), start: 66)
        #expect(decisions.map(\.1) == [.pause])
        #expect(decisions.first?.0 == 81)
    }

    @Test func readingsThatAreNotSpeedsChangeNothing() {
        var machine = AutoPause(settings: .running)
        for second in 0..<30 {
            #expect(machine.observe(speed: second.isMultiple(of: 2) ? .nan : -1, at: at(Double(second)).monotonic) == .none)
        }
        #expect(machine.phase == .watching)
    }

    @Test func defaultsAreOnForOutdoorRunsAndRidesOnly() {
        #expect(AutoPauseSettings.defaults(for: .running, location: .outdoor) == .running)
        #expect(AutoPauseSettings.defaults(for: .cycling, location: .outdoor) == .cycling)
        #expect(AutoPauseSettings.defaults(for: .running, location: .indoor) == nil)
        #expect(AutoPauseSettings.defaults(for: .walking, location: .outdoor) == nil)
        #expect(AutoPausePolicy.defaults.settings(for: .yoga, location: .outdoor) == nil)
        let custom = AutoPausePolicy(overrides: [.hiking: .running, .running: nil])
        #expect(custom.settings(for: .hiking, location: .outdoor) == .running)
        #expect(custom.settings(for: .running, location: .outdoor) == nil)
        #expect(custom.settings(for: .hiking, location: .indoor) == nil)
        // As the settings file says it: on/off per activity.
        let switches = AutoPausePolicy(switches: [.running: false, .hiking: true, .handCycling: true])
        #expect(switches.settings(for: .running, location: .outdoor) == nil)
        #expect(switches.settings(for: .hiking, location: .outdoor) == .running)
        #expect(switches.settings(for: .handCycling, location: .outdoor) == .cycling)
        #expect(switches.settings(for: .cycling, location: .outdoor) == .cycling)
    }

    @Test func speedFromDistanceIgnoresASingleJump() {
        var estimator = SpeedEstimator(window: .seconds(5))
        #expect(estimator.add(metres: 3, at: at(0).monotonic) == nil)
        var last: Double?
        for second in 1...10 { last = estimator.add(metres: 3, at: at(Double(second)).monotonic) }
        #expect(last == 3)
        // Stopping: the median follows within half the window.
        var afterStop: [Double?] = []
        for second in 11...20 { afterStop.append(estimator.add(metres: 0, at: at(Double(second)).monotonic)) }
        #expect(afterStop[2] == 0 && afterStop.last == 0)
        // One 10 m GPS jump among still readings: no 10 m/s spike, and none for the rest of the window.
        #expect(estimator.add(metres: 10, at: at(21).monotonic) == 0)
        // Two seconds between increments: metres over the time they took.
        for second in stride(from: 23, through: 33, by: 2) { last = estimator.add(metres: 4, at: at(Double(second)).monotonic) }
        #expect(last == 2)
    }
}

@Suite("Auto-pause in the engine")
struct AutoPauseEngineTests {
    static let ride = StartWorkoutIntent(activity: .cycling, location: .outdoor)

    /// A running workout, driven one second at a time with a speed reading each second.
    static func running(_ intent: StartWorkoutIntent = run) -> EngineDriver {
        var driver = EngineDriver()
        driver.perform(.start(intent))
        driver.advance(by: 3)
        precondition(driver.state == .running)
        return driver
    }

    static func ride(_ driver: inout EngineDriver, speed: Double, seconds: Int) {
        for _ in 0..<seconds {
            driver.advance(by: 1)
            driver.appendActions(driver.engine.observeSpeed(speed, at: driver.now))
        }
    }

    static func events(_ driver: EngineDriver) -> [WorkoutEventType] {
        driver.engine.workout?.session.events.map(\.type) ?? []
    }

    @Test func trafficLightsOnARide() {
        var driver = Self.running(Self.ride)
        Self.ride(&driver, speed: 8, seconds: 120)
        Self.ride(&driver, speed: 0, seconds: 30)   // red light
        Self.ride(&driver, speed: 8, seconds: 120)
        Self.ride(&driver, speed: 1.5, seconds: 20) // rolling up to an amber light, inside the band
        Self.ride(&driver, speed: 8, seconds: 60)
        Self.ride(&driver, speed: 0, seconds: 3)    // a brief stop, shorter than the wait
        Self.ride(&driver, speed: 8, seconds: 60)
        Self.ride(&driver, speed: 0, seconds: 45)   // another red light
        Self.ride(&driver, speed: 8, seconds: 30)
        #expect(Self.events(driver) == [.motionPaused, .motionResumed, .motionPaused, .motionResumed])
        // Paused 4 s into each stop, resumed 2 s into the movement: (30 − 4 + 2) + (45 − 4 + 2) s off the clock.
        let total = 120 + 30 + 120 + 20 + 60 + 3 + 60 + 45 + 30
        #expect(driver.elapsed == Double(total - (30 - 4 + 2) - (45 - 4 + 2)))
        #expect(driver.actions.contains(.journal(JournalEntry(workoutID: "w1", kind: .motionPaused, at: at(3 + 121 + 4)))))
    }

    @Test func gpsJitterWhileStandingStillPausesOnceAndNeverResumes() {
        var driver = Self.running()
        var random = SplitMix(seed: 2026)
        func distance(_ metres: Double) {
            driver.advance(by: 1)
            let sample = QuantitySample(type: .distance, value: metres, at: driver.now)
            driver.appendActions(driver.engine.add(sample, at: driver.now).1)
        }
        for _ in 0..<60 { distance(3 + Double.random(in: -0.5...0.5, using: &random)) }
        // Standing: GPS fixes wander by up to 2 m a second, occasionally one jumps 4 m.
        for second in 0..<180 { distance(second % 37 == 0 ? 4 : Double.random(in: 0...2, using: &random) * 0.5) }
        #expect(Self.events(driver) == [.motionPaused])
        #expect(driver.engine.snapshot(at: driver.now).autoPaused)
        for _ in 0..<20 { distance(3) }
        #expect(Self.events(driver) == [.motionPaused, .motionResumed])
        // Distance kept arriving while paused, but only what was covered while running counts.
        let total = driver.engine.workout?.builder.total(.distance) ?? 0
        #expect(total > 60 * 2.5 && total < 60 * 3.5 + 25 + 20 * 3)
    }

    @Test func routePointsStopAndGo() {
        var driver = Self.running()
        var latitude = 35.6812
        func fix(moving metres: Double) {
            driver.advance(by: 1)
            latitude += metres / 111_195
            let point = LocationSample(latitude: latitude, longitude: 139.7671, at: driver.now)
            driver.appendActions(driver.engine.add(point, at: driver.now).1)
        }
        for _ in 0..<30 { fix(moving: 3) }
        for _ in 0..<20 { fix(moving: 0.1) }   // waiting at a crossing
        #expect(Self.events(driver) == [.motionPaused])
        for _ in 0..<10 { fix(moving: 3) }
        #expect(Self.events(driver) == [.motionPaused, .motionResumed])
    }

    @Test func aManualPauseWhileAutoPausedBecomesTheUsers() {
        var driver = Self.running()
        Self.ride(&driver, speed: 3, seconds: 10)
        Self.ride(&driver, speed: 0, seconds: 10)
        #expect(driver.engine.snapshot(at: driver.now).autoPaused)
        let outcome = driver.perform(.pause())
        #expect(outcome.code == .success)
        #expect(driver.state == .paused)
        #expect(!driver.engine.snapshot(at: driver.now).autoPaused)
        Self.ride(&driver, speed: 3, seconds: 60)
        #expect(driver.state == .paused, "movement must not resume the user's pause")
        #expect(Self.events(driver) == [.motionPaused])
        driver.perform(.resume())
        #expect(driver.state == .running)
    }

    @Test func aManualPauseWhileRunningIsNotAutoResumed() {
        var driver = Self.running()
        Self.ride(&driver, speed: 3, seconds: 10)
        driver.perform(.pause())
        Self.ride(&driver, speed: 3, seconds: 60)
        #expect(driver.state == .paused)
        #expect(Self.events(driver) == [.pause])
    }

    @Test func aManualResumeWhileStandingIsKept() {
        var driver = Self.running()
        Self.ride(&driver, speed: 0, seconds: 10)
        #expect(driver.state == .paused)
        driver.perform(.resume())
        Self.ride(&driver, speed: 0, seconds: 60)
        #expect(driver.state == .running, "auto-pause must not undo the user's resume")
        Self.ride(&driver, speed: 3, seconds: 10)
        Self.ride(&driver, speed: 0, seconds: 10)
        #expect(driver.state == .paused)
        #expect(Self.events(driver) == [.motionPaused, .resume, .motionPaused])
    }

    @Test func offForIndoorWorkoutsAndWhenTheConfigurationSaysSo() {
        var indoor = Self.running(StartWorkoutIntent(activity: .running, location: .indoor))
        Self.ride(&indoor, speed: 0, seconds: 60)
        #expect(indoor.state == .running)
        var driver = EngineDriver()
        driver.engine = WorkoutEngine(configuration: EngineConfiguration(autoPause: .off))
        driver.perform(.start(run))
        driver.advance(by: 3)
        Self.ride(&driver, speed: 0, seconds: 60)
        #expect(driver.state == .running)
    }

    @Test func theJournalReplaysAutoPauses() {
        var driver = Self.running()
        Self.ride(&driver, speed: 3, seconds: 10)
        Self.ride(&driver, speed: 0, seconds: 10)
        let journal = driver.actions.compactMap { if case .journal(let entry) = $0 { entry } else { nil } }
        #expect(journal.map(\.kind).contains(.motionPaused))
        let (recovered, _) = WorkoutEngine.recovering(from: journal, at: driver.now)
        #expect(recovered.state == .paused)
        #expect(recovered.snapshot(at: driver.now).autoPaused)
        #expect(recovered.workout?.session.events.map(\.type) == [.motionPaused])
        // Recovered, it still resumes on movement.
        var next = recovered
        var resumed = false
        for second in 1...5 { resumed = resumed || next.observeSpeed(3, at: driver.now + .seconds(second)).contains(.publish) }
        #expect(resumed && next.state == .running)
    }

    @Test func theFeedSaysAutoPaused() {
        var driver = Self.running()
        Self.ride(&driver, speed: 0, seconds: 10)
        var activity = LiveActivity()
        _ = activity.apply(driver.engine.snapshot(at: driver.now))
        let content = activity.content(at: driver.now)
        #expect(content.state.phase == .autoPaused)
        #expect(content.styleClass == "autoPaused")
        let expanded = FeedView(content: content, language: .en).lines(.expanded).flatMap { $0 }.map(\.text).joined()
        #expect(expanded.contains("Auto-paused"))
        let japanese = FeedView(content: content, language: .ja).lines(.expanded).flatMap { $0 }.map(\.text).joined()
        #expect(japanese.contains("自動一時停止中"))
    }
}
