// WorkoutSession under random inputs: what it reports always agrees with its state (a countdown
// only while prepared, a start date from running on, an end date only once ended, "paused by
// motion" only while paused), and every state change it announces starts where the session was.

import CoachCore
import PropertyBased
import Testing

@Suite("WorkoutSession properties")
struct WorkoutSessionPropertyTests {
    /// Each step: the last digit picks an input, the rest is how many milliseconds pass first.
    @Test func reportedFieldsAlwaysAgreeWithTheState() async {
        await propertyCheck(count: 2000, input: Gen.int(in: 0...99_999).array(of: 1...50), Gen.int(in: 0...3)) { steps, countdown in
            var session = WorkoutSession()
            var seconds = 0.0
            var startedOnce = false
            for step in steps {
                seconds += Double(step / 10) / 1000
                let now = at(seconds)
                let before = session.state
                let transition: SessionTransition
                switch step % 10 {
                case 0: transition = session.prepare(at: now, countdown: .seconds(countdown))
                case 1: transition = session.tick(at: now)
                case 2: transition = session.startActivity(at: now)
                case 3: transition = session.pause(at: now)
                case 4: transition = session.resume(at: now)
                case 5: transition = session.motionPause(at: now)
                case 6: transition = session.motionResume(at: now)
                case 7: transition = session.lap(at: now)
                case 8: transition = session.stopActivity(at: now)
                default: transition = session.end(at: now)
                }
                if case .applied(let actions) = transition {
                    var from = before
                    for case .changeState(let edgeFrom, let edgeTo, _) in actions {
                        #expect(edgeFrom == from, "\(edgeFrom) → \(edgeTo) announced from \(from)")
                        from = edgeTo
                    }
                    #expect(from == session.state, "the last change announced ends where the session is")
                } else {
                    #expect(session.state == before, "a refused or ignored input changes nothing")
                }
                let state = session.state
                if state == .running { startedOnce = true }
                #expect((session.countdownDeadline != nil) ? state == .prepared : true)
                #expect(!session.pausedByMotion || state == .paused)
                #expect((session.endDate != nil) == (state == .ended))
                switch state {
                case .running, .paused, .stopped: #expect(session.startDate != nil)
                case .notStarted, .prepared: #expect(session.startDate == nil)
                case .ended: #expect((session.startDate != nil) == startedOnce)
                }
            }
        }
    }
}
