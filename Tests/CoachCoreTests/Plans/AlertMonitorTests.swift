// Alerts with hysteresis: a noisy heart rate that crosses the edge of its range many times says
// one alert and one "back in range" per excursion, never a flood.

import CoachCore
import Foundation
import Testing

@Suite("Plan alerts")
struct AlertMonitorTests {
    /// Heart rate around `centre` with ±`noise` bpm of deterministic jitter, one reading a second.
    private func noisy(_ centre: Double, seconds: Range<Int>, noise: Double) -> [(Double, Double)] {
        seconds.map { s in (Double(s), centre + noise * sin(Double(s) * 2.1) ) }
    }

    @Test func aNoisySeriesAlertsOncePerExcursion() {
        var monitor = AlertMonitor(threshold: 5)
        let range = 150.0...160.0
        // In range with noise that touches the edges, two excursions above with noise dipping back
        // inside for a second or two, and back.
        let series = noisy(155, seconds: 0..<60, noise: 6)       // pokes over 160 and under 150 for a second
            + noisy(166, seconds: 60..<120, noise: 8)             // excursion 1, dipping under 160 now and then
            + noisy(160, seconds: 120..<140, noise: 3)            // a ragged return across the edge
            + noisy(155, seconds: 140..<180, noise: 4)
            + noisy(168, seconds: 180..<240, noise: 9)            // excursion 2
            + noisy(155, seconds: 240..<300, noise: 6)
        var changes: [(Double, AlertChange)] = []
        for (t, value) in series {
            if let change = monitor.observe(value, in: range, at: t) { changes.append((t, change)) }
        }
        #expect(changes.map(\.1) == [.outOfRange(.above), .backInRange, .outOfRange(.above), .backInRange])
        guard changes.count == 4 else { return }
        #expect(changes[0].0 > 60 && changes[0].0 < 72)
        #expect(changes[2].0 > 180 && changes[2].0 < 192)
    }

    @Test func aShortExcursionSaysNothing() {
        var monitor = AlertMonitor(threshold: 5)
        var said: [AlertChange] = []
        for t in 0..<30 {
            let value = (10..<15).contains(t) ? 170.0 : 155.0  // out for 5 s: not more than 5
            if let change = monitor.observe(value, in: 150...160, at: Double(t)) { said.append(change) }
        }
        #expect(said.isEmpty)
    }

    @Test func theEngineAlertsOnceForAHeartRateStepAndWordsIt() {
        let plan = WorkoutPlan(name: "z3", activity: .running, kind: .custom(CustomPlan(blocks: [
            IntervalBlock(steps: [PlanStep(purpose: .work, goal: .time(seconds: 600),
                                           alert: PlanAlert(metric: .heartRate, target: .range(low: 140, high: 150)))])])))
        var driver = EngineDriver(countdown: .zero)
        driver.perform(.start(StartWorkoutIntent(activity: .running, location: .indoor, plan: plan)))
        var notices: [PlanNotice] = []
        for t in 1...120 {
            driver.advance(by: 1)
            let value = t < 30 ? 145 + 6 * sin(Double(t)) : (t < 80 ? 158 + 9 * sin(Double(t)) : 145.0)
            let (_, actions) = driver.engine.add(QuantitySample(type: .heartRate, value: value, at: driver.now), at: driver.now)
            for case .notify(.plan(let notice)) in actions { notices.append(notice) }
        }
        let alerts = notices.filter { if case .alert = $0 { return true }; if case .backInRange = $0 { return true }; return false }
        #expect(alerts.count == 2)
        guard case .alert(.heartRate, .above, let step)? = alerts.first else { Issue.record("no alert: \(alerts)"); return }
        #expect(step.target == 140...150)
    }
}
