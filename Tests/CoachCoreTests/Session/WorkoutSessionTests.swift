// WorkoutSession: one expectation per transition, including the countdown and ignored duplicates.

import CoachCore
import Testing

@Suite("WorkoutSession")
struct WorkoutSessionTests {
    @Test func prepareStartsACountdownWithTicksOnWholeSeconds() {
        var session = WorkoutSession()
        let transition = session.prepare(at: at(0), countdown: .seconds(3))
        #expect(transition == .applied([
            .changeState(from: .notStarted, to: .prepared, at: at(0)), .publish, .scheduleTick(at: at(1).monotonic),
        ]))
        #expect(session.countdownRemaining(at: at(0).monotonic) == 3)
        let step1 = session.tick(at: at(1))
        #expect(step1 == .applied([.publish, .scheduleTick(at: at(2).monotonic)]))
        #expect(session.countdownRemaining(at: at(1).monotonic) == 2)
        let step2 = session.tick(at: at(2))
        #expect(step2 == .applied([.publish, .scheduleTick(at: at(3).monotonic)]))
        let step3 = session.tick(at: at(3))
        #expect(step3 == .applied([.cancelTick, .changeState(from: .prepared, to: .running, at: at(3)), .publish]))
        #expect(session.state == .running)
        #expect(session.startDate == at(3))
    }

    @Test func aLateTickStartsTheActivityAtTheDeadline() {
        var session = WorkoutSession()
        _ = session.prepare(at: at(0), countdown: .seconds(3))
        _ = session.tick(at: at(7.5))
        #expect(session.startDate?.monotonic == at(3).monotonic)
        #expect(session.startDate?.date == at(3).date)
    }

    @Test func zeroCountdownRunsAtOnce() {
        var session = WorkoutSession()
        let transition = session.prepare(at: at(0), countdown: .zero)
        #expect(transition == .applied([
            .changeState(from: .notStarted, to: .prepared, at: at(0)),
            .changeState(from: .prepared, to: .running, at: at(0)), .publish,
        ]))
    }

    @Test func pauseAndResumeEmitEventsAndDuplicatesAreIgnored() {
        var session = WorkoutSession()
        _ = session.prepare(at: at(0), countdown: .zero)
        let step4 = session.resume(at: at(1))
        #expect(step4 == .ignored(.alreadyRunning))
        let step5 = session.pause(at: at(2))
        #expect(step5.actions.contains(.emit(WorkoutEvent(type: .pause, at: at(2)))))
        let step6 = session.pause(at: at(3))
        #expect(step6 == .ignored(.alreadyPaused))
        let step7 = session.resume(at: at(4))
        #expect(step7.actions.contains(.emit(WorkoutEvent(type: .resume, at: at(4)))))
        #expect(session.events.map(\.type) == [.pause, .resume])
    }

    @Test func theFirstEventIsNeverAResume() {
        var session = WorkoutSession()
        _ = session.prepare(at: at(0), countdown: .zero)
        _ = session.resume(at: at(1))
        _ = session.lap(at: at(2))
        #expect(session.events.first?.type == .lap)
    }

    @Test func lapsSpanFromThePreviousLap() {
        var session = WorkoutSession()
        _ = session.prepare(at: at(0), countdown: .zero)
        _ = session.lap(at: at(60))
        _ = session.lap(at: at(150))
        #expect(session.events.map(\.duration) == [.seconds(60), .seconds(90)])
        #expect(session.events.map { $0.metadata["lap"] } == ["1", "2"])
        let step8 = session.lapCount
        #expect(step8 == 2)
    }

    @Test func stopThenEnd() {
        var session = WorkoutSession()
        _ = session.prepare(at: at(0), countdown: .zero)
        let step9 = session.stopActivity(at: at(5))
        #expect(step9.actions.first == .changeState(from: .running, to: .stopped, at: at(5)))
        let step10 = session.pause(at: at(6))
        #expect(step10 == .rejected(SessionError(input: "pause", state: .stopped)))
        let step11 = session.end(at: at(7))
        #expect(step11.actions.first == .changeState(from: .stopped, to: .ended, at: at(7)))
        let step12 = session.endDate
        #expect(step12 == at(7))
    }

    @Test func endDuringCountdownCancelsTheTick() {
        var session = WorkoutSession()
        _ = session.prepare(at: at(0), countdown: .seconds(3))
        let step13 = session.end(at: at(1))
        #expect(step13.actions.first == .cancelTick)
        let step14 = session.tick(at: at(3))
        #expect(step14 == .ignored(.nothingDue))
    }

    @Test func anEndedSessionCannotBeReused() {
        var session = WorkoutSession()
        _ = session.prepare(at: at(0), countdown: .zero)
        _ = session.end(at: at(1))
        let step15 = session.prepare(at: at(2), countdown: .zero)
        #expect(step15 == .rejected(SessionError(input: "prepare", state: .ended)))
        let step16 = session.end(at: at(2))
        #expect(step16 == .rejected(SessionError(input: "end", state: .ended)))
    }

    @Test func healthKitRawValues() {
        #expect(SessionState.allCases.map(\.healthKitValue) == [1, 2, 3, 4, 5, 6])
        #expect(WorkoutEventType.allCases.map(\.healthKitValue) == Array(1...8))
    }
}
