// A race's kilometre announcement says how far ahead or behind the past self you are, in English
// and Japanese, and says nothing of it while locked (the gap is a metric).

@testable import CoachGateway
import CoachCore
import CoachLanguage
import Foundation
import Testing

@Suite("Race announcements")
struct RaceAnnouncementTests {
    private func snapshot(gap: Double?) -> WorkoutSnapshot {
        let track = RaceTrack(workoutID: "past", date: Date(timeIntervalSince1970: 0), elapsed: [0, 360], distance: [0, 1000])
        let planned = WorkoutPlan(name: "race", activity: .running, kind: .race(track)).steps[0]
        var step = PlanStepStatus(planName: "race", index: 0, count: 1, planned: planned, remaining: 500, target: nil)
        step.gap = gap
        return WorkoutSnapshot(state: .running, activity: .running, location: .outdoor, elapsed: 300, step: step,
                               at: Timestamp(monotonic: .zero, date: Date(timeIntervalSince1970: 0)))
    }

    @Test func eachKilometreSaysTheGap() throws {
        let composer = ResponseComposer(catalog: ResponseCatalog.builtIn)
        let milestone = WorkoutNotification.milestone(.distance(count: 1, unit: .kilometers),
                                                      at: Timestamp(monotonic: .zero, date: Date(timeIntervalSince1970: 0)))
        let ahead = try #require(composer.announcement(milestone, snapshot: snapshot(gap: 12.4), language: .en, locked: false))
        #expect(ahead.contains("12 s ahead"), "\(ahead)")
        let behind = try #require(composer.announcement(milestone, snapshot: snapshot(gap: -75), language: .en, locked: false))
        #expect(behind.contains("1:15 behind"), "\(behind)")
        let japanese = try #require(composer.announcement(milestone, snapshot: snapshot(gap: 12), language: .ja, locked: false))
        #expect(japanese.contains("リード"), "\(japanese)")
        let locked = try #require(composer.announcement(milestone, snapshot: snapshot(gap: 12), language: .en, locked: true))
        #expect(!locked.contains("ahead"), "\(locked)")
        let plain = try #require(composer.announcement(milestone, snapshot: snapshot(gap: nil), language: .en, locked: false))
        #expect(!plain.contains("ahead") && !plain.contains("behind"), "\(plain)")
    }
}
