// Guest mode: the workout runs, nothing is written, and saving says the workout was not kept.

import CoachCore
import CoachStore
import Testing

@Suite struct GuestJournalTests {
    @Test func savingAnswersNotPermissibleForGuestUserMode() async throws {
        let manager = Fixtures.manager(journal: GuestJournal(), clock: ManualWorkoutClock(start: Fixtures.start))
        let start = await manager.perform(.start(Fixtures.run))
        #expect(start.journalProblem == nil)
        await manager.advance(by: .seconds(60))
        #expect(try await manager.addSample(.heartRate, value: 120) == .added)
        let end = await manager.perform(.end())
        #expect(end.code == .success)
        #expect(end.journalProblem == JournalProblem(code: "errorNotPermissibleForGuestUserMode",
                                                     message: "Guest mode: this workout was not kept."))
    }

    @Test func theRefusalIsReportedOnceNotForEveryLaterWrite() async throws {
        let manager = Fixtures.manager(journal: GuestJournal(), clock: ManualWorkoutClock(start: Fixtures.start))
        _ = await manager.perform(.start(Fixtures.run))
        await manager.advance(by: .seconds(60))
        #expect(await manager.perform(.end()).journalProblem?.code == "errorNotPermissibleForGuestUserMode")
        let next = await manager.perform(.start(Fixtures.run))
        #expect(next.code == .success)
        #expect(next.journalProblem == nil)
    }

    @Test func cancellingInGuestModeIsNotAProblem() async throws {
        let manager = Fixtures.manager(journal: GuestJournal(), clock: ManualWorkoutClock(start: Fixtures.start))
        _ = await manager.perform(.start(Fixtures.run))
        await manager.advance(by: .seconds(60))
        #expect(await manager.perform(.cancel(confirmed: true)).journalProblem == nil)
    }
}
