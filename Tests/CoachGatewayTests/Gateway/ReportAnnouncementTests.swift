// What each distance or time announcement says when `announce: say:` asks for figures: in the
// order asked, in English and Japanese, a figure not measured yet left out, nothing while locked.

@testable import CoachGateway
import CoachCore
import CoachLanguage
import CoachSettings
import Foundation
import Testing

@Suite("Announced figures")
struct ReportAnnouncementTests {
    private let at = Timestamp(monotonic: .zero, date: Date(timeIntervalSince1970: 0))

    private func snapshot(heartRate: Bool) -> WorkoutSnapshot {
        var statistics: [QuantityType: QuantityStatistics] = [:]
        var distance = QuantityStatistics(type: .distance)
        distance.add(QuantitySample(type: .distance, value: 2000, at: at))
        statistics[.distance] = distance
        if heartRate {
            var beats = QuantityStatistics(type: .heartRate)
            beats.add(QuantitySample(type: .heartRate, value: 151, at: at))
            statistics[.heartRate] = beats
        }
        return WorkoutSnapshot(state: .running, activity: .running, location: .outdoor, elapsed: 600, statistics: statistics, at: at)
    }

    @Test func eachAnnouncementSaysTheFiguresAskedFor() throws {
        let composer = ResponseComposer(catalog: ResponseCatalog.builtIn, reportStatistics: [.pace, .heartRate])
        let kilometre = WorkoutNotification.milestone(.distance(count: 2, unit: .kilometers), at: at)
        let english = try #require(composer.announcement(kilometre, snapshot: snapshot(heartRate: true), language: .en, locked: false))
        #expect(english.hasSuffix("Average pace 5:00 per kilometer, heart rate 151."), "\(english)")
        let timed = try #require(composer.announcement(.milestone(.time(minutes: 10), at: at), snapshot: snapshot(heartRate: true),
                                                       language: .en, locked: false))
        #expect(timed.hasPrefix("10:00."), "\(timed)")
        #expect(timed.contains("heart rate 151"), "\(timed)")
        let japanese = try #require(composer.announcement(kilometre, snapshot: snapshot(heartRate: true), language: .ja, locked: false))
        #expect(japanese.contains("心拍数151"), "\(japanese)")
        let noStrap = try #require(composer.announcement(kilometre, snapshot: snapshot(heartRate: false), language: .en, locked: false))
        #expect(!noStrap.contains("heart rate"), "\(noStrap)")
        let locked = try #require(composer.announcement(kilometre, snapshot: snapshot(heartRate: true), language: .en, locked: true))
        #expect(!locked.contains("pace") && !locked.contains("151"), "\(locked)")
        let plain = ResponseComposer(catalog: ResponseCatalog.builtIn)
        let bare = try #require(plain.announcement(kilometre, snapshot: snapshot(heartRate: true), language: .en, locked: false))
        #expect(!bare.contains("pace"), "\(bare)")
    }

    @Test func theSettingsNameEveryFigureTheEngineKnows() throws {
        #expect(CoachSettings.Announce.statistics == ReportStatistic.allCases.map(\.rawValue))
        let settings = try CoachSettings.parse("announce:\n  distance: false\n  minutes: 5\n  say: [pace, heartRate]\n")
        #expect(settings.announce.distance == false)
        #expect(settings.announce.minutes == 5)
        #expect(settings.announce.say == ["pace", "heartRate"])
        #expect(throws: SettingsError.self) { try CoachSettings.parse("announce:\n  say: [vo2max]\n") }
        do { _ = try CoachSettings.parse("announce:\n  say: [vo2max]\n") } catch {
            #expect(error.description.contains("announce.say"), "\(error.description)")
            #expect(error.description.contains("vo2max"), "\(error.description)")
        }
        #expect(throws: SettingsError.self) { try CoachSettings.parse("announce:\n  minutes: 0\n") }
    }
}
