// Racing a past self: the gap at the same distance (the seconds the past self needed to get there
// minus yours), told only on the same route and within the past distance; a pacer's gap to its
// even pace the same way; both in the step's line, hidden while locked.

import CoachCore
import Foundation
import Testing

@Suite("Race your past self")
struct RaceTrackTests {
    /// The `plan:` words a race's line needs (the real ones are in Intents/<lang>/_responses.yaml).
    static let words = Wording(language: .en) { group, key in
        group == "plan" ? ["race": "Race", "ahead": "{time} ahead", "behind": "{time} behind", "level": "level",
                            "gapSeconds": "{value} s"][key] : nil
    }

    /// 1000 m in 360 s at an even pace, a point every 10 s.
    static let past = RaceTrack(workoutID: "past", date: Date(timeIntervalSince1970: 1_700_000_000),
                                elapsed: stride(from: 0.0, through: 360, by: 10).map { $0 },
                                distance: stride(from: 0.0, through: 360, by: 10).map { $0 * 1000 / 360 })

    @Test func theTimeToCoverADistanceIsInterpolated() throws {
        #expect(try #require(Self.past.seconds(toCover: 500)) == 180)
        #expect(abs(try #require(Self.past.seconds(toCover: 400)) - 144) < 1e-9)
        #expect(Self.past.seconds(toCover: 1001) == nil)
        #expect(Self.past.seconds(toCover: -1) == nil)
        // Ahead: 400 m in 120 s against 144 s; behind: in 150 s.
        #expect(abs(try #require(Self.past.gap(elapsed: 120, distance: 400, at: nil)) - 24) < 1e-9)
        #expect(abs(try #require(Self.past.gap(elapsed: 150, distance: 400, at: nil)) + 6) < 1e-9)
        #expect(Self.past.gap(elapsed: 10, distance: 30, at: nil) == nil, "too early to tell")
    }

    @Test func pointsWhereTimeGoesBackOrDistanceStandsAreDropped() {
        let track = RaceTrack(workoutID: "x", date: Date(), elapsed: [0, 10, 20, 5, 30], distance: [0, 30, 30, 50, 90])
        #expect(track.elapsed == [0, 10, 30])
        #expect(track.distance == [0, 30, 90])
    }

    @Test func offThePastRouteNothingIsCompared() {
        var track = Self.past
        track.route = [RacePoint(latitude: 51.5007, longitude: -0.1246), RacePoint(latitude: 51.5016, longitude: -0.1246)]
        let near = RacePoint(latitude: 51.50100, longitude: -0.12490)   // ~20 m west of the line
        let far = RacePoint(latitude: 51.5100, longitude: -0.1246)      // ~900 m north
        #expect(track.isOnRoute(near))
        #expect(!track.isOnRoute(far))
        #expect(track.gap(elapsed: 120, distance: 400, at: near) != nil)
        #expect(track.gap(elapsed: 120, distance: 400, at: far) == nil)
    }

    @Test func aRaceShowsItsGapInTheStepLine() throws {
        let race = WorkoutPlan(name: "race", activity: .running, kind: .race(Self.past))
        var plan = PlanDriver(plan: race)
        plan.run(until: 120)   // 40 samples of 10 m: 400 m in 120 s
        let step = try #require(plan.driver.engine.snapshot(at: plan.driver.now).step)
        #expect(step.purpose == .race)
        #expect(abs(try #require(step.gap) - 24) < 1e-6)
        let words = Self.words
        #expect(words.stepLine(step, locked: false).hasSuffix("24 s ahead"), "\(words.stepLine(step, locked: false))")
        #expect(words.stepLine(step, locked: true) == "Race")
        // The race is its past distance: it ends there.
        plan.run(until: 400)
        #expect(plan.notices.contains { if case .finished = $0.notice { return true } else { return false } })
    }

    @Test func aPacerShowsItsGapToTheEvenPace() throws {
        let pacer = WorkoutPlan(name: "1k", activity: .running, kind: .pacer(meters: 1000, seconds: 360))
        var plan = PlanDriver(plan: pacer)
        plan.run(until: 150)   // 500 m in 150 s against 180 s
        let step = try #require(plan.driver.engine.snapshot(at: plan.driver.now).step)
        #expect(abs(try #require(step.gap) - 30) < 1e-6)
        #expect(Self.words.gapText(-65) == "1:05 behind")
        #expect(Self.words.gapText(0.3) == "level")
    }
}
