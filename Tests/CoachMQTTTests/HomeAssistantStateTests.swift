// The state JSON from the feed's content: values in Home Assistant's units, null for a metric
// with no reading, `unavailable` while locked and for types the `mqtt` client may not read; state,
// activity and elapsed whatever the lock.

import CoachCore
import CoachMQTT
import CoachWire
import Foundation
import Testing

@Suite struct HomeAssistantStateTests {
    static func content(phase: FeedPhase = .running, locked: Bool = false, metrics: [FeedMetric]? = nil) -> LiveActivityContent {
        let attributes = LiveActivityAttributes(workoutID: "w1", activity: .running, location: .outdoor)
        var state = LiveActivityContentState(
            phase: phase, elapsed: 125.7,
            metrics: metrics ?? [FeedMetric(kind: .heartRate, value: 142.4), FeedMetric(kind: .distance, value: 1234.56),
                                 FeedMetric(kind: .activeEnergy, value: 88.04), FeedMetric(kind: .pace, value: 312)],
            goalProgress: 0.4123)
        if locked { state = state.redacted() }
        return LiveActivityContent(attributes: locked ? attributes.redacted() : attributes, state: state, activityState: .active)
    }

    static func parse(_ state: HomeAssistantState) throws -> JSONValue { try JSONValue(parsing: state.text) }

    @Test func valuesInHomeAssistantsUnits() throws {
        let json = try Self.parse(HomeAssistantState(content: Self.content(), readable: { _ in true }))
        #expect(json["state"] == "running")
        #expect(json["activity"] == "running")
        #expect(json["elapsed"] == 125)
        #expect(json["heart_rate"] == 142)
        #expect(json["distance"] == 1234.6)
        #expect(json["energy"] == 88)
        #expect(json["pace"] == "5:12 /km")
        #expect(json["goal_progress"] == 41.2)
        #expect(json["speed"] == .null)
        #expect(json["power"] == .null)
        #expect(json["locked"] == false)
    }

    @Test func paceInMilesWhenTheUserRunsInMiles() throws {
        let json = try Self.parse(HomeAssistantState(content: Self.content(), readable: { _ in true }, unit: .miles))
        #expect(json["pace"] == "8:22 /mi")
    }

    @Test func lockedMetricsAreUnavailableStateAndElapsedStay() throws {
        let json = try Self.parse(HomeAssistantState(content: Self.content(locked: true), readable: { _ in true }))
        for key in HomeAssistantDevice.metricKeys { #expect(json[key] == "unavailable", "\(key)") }
        #expect(json["state"] == "running")
        #expect(json["elapsed"] == 125)
        #expect(json["activity"] == "running")
        #expect(json["locked"] == true)
    }

    @Test func typesTheClientMayNotReadAreUnavailable() throws {
        let heartRateOnly = HomeAssistantState(content: Self.content(), readable: { $0 == .quantity(.heartRate) })
        let json = try Self.parse(heartRateOnly)
        #expect(json["heart_rate"] == 142)
        for key in ["distance", "pace", "speed", "energy", "goal_progress", "cadence", "power"] { #expect(json[key] == "unavailable", "\(key)") }
        #expect(json["state"] == "running")
    }

    @Test func idleHasNoActivityAndNoValues() throws {
        let json = try Self.parse(HomeAssistantState(content: .idle(), readable: { _ in true }))
        #expect(json["state"] == "idle")
        #expect(json["activity"] == .null)
        #expect(json["elapsed"] == 0)
        #expect(json["heart_rate"] == .null)
    }

    @Test func autoPauseIsSnakeCaseAsTheEnumsOptions() {
        let state = HomeAssistantState(content: Self.content(phase: .autoPaused), readable: { _ in true })
        #expect(state.phase == "auto_paused")
        #expect(HomeAssistantDevice.phases.contains(state.phase))
        for phase in FeedPhase.allCases {
            let name = HomeAssistantState(content: Self.content(phase: phase), readable: { _ in true }).phase
            #expect(HomeAssistantDevice.phases.contains(name), "\(phase)")
        }
    }

    @Test func everyMetricKeyIsInThePayloadInOneOrder() throws {
        let text = HomeAssistantState(content: Self.content(), readable: { _ in true }).text
        #expect(text.hasPrefix(#"{"state":"running","activity":"running","elapsed":125,"heart_rate":142,"#))
        let json = try JSONValue(parsing: text)
        for key in HomeAssistantDevice.metricKeys { #expect(json[key] != nil, "\(key)") }
    }

    /// Issue 44: a plan's step and the zones, as sensors read them.
    static func planContent(locked: Bool) -> LiveActivityContent {
        let attributes = LiveActivityAttributes(workoutID: "w1", activity: .cycling, location: .indoor)
        var state = LiveActivityContentState(phase: .running, elapsed: 300,
                                             metrics: [FeedMetric(kind: .heartRate, value: 160), FeedMetric(kind: .power, value: 250)])
        state.heartRateZone = 4
        state.powerZone = 5
        let planned = PlannedStep(step: PlanStep(purpose: .work, goal: .distance(meters: 400)), block: 0, iteration: 2, iterations: 5)
        state.step = PlanStepStatus(planName: "track-400s", index: 3, count: 18, planned: planned, remaining: 180, target: nil)
        if locked { state = state.redacted() }
        return LiveActivityContent(attributes: attributes, state: state, activityState: .active)
    }

    @Test func theStepAndTheZonesAreSensorsTheLockHidesTheZones() throws {
        let open = try Self.parse(HomeAssistantState(content: Self.planContent(locked: false), readable: { _ in true }))
        #expect(open["step"] == "Interval 2/5 · 400 m · 180 m left")
        #expect(open["heart_rate_zone"] == 4)
        #expect(open["power_zone"] == 5)
        // Which step it is is not a metric: it stays while locked, its distances go; the zones go.
        let locked = try Self.parse(HomeAssistantState(content: Self.planContent(locked: true), readable: { _ in true }))
        #expect(locked["step"] == "Interval 2/5")
        #expect(locked["heart_rate_zone"] == "unavailable" && locked["power_zone"] == "unavailable")
        // Not allowed to read heart rate: its zone is not shared either.
        let noHeart = try Self.parse(HomeAssistantState(content: Self.planContent(locked: false),
                                                        readable: { $0 != .quantity(.heartRate) }))
        #expect(noHeart["heart_rate_zone"] == "unavailable" && noHeart["power_zone"] == 5)
        // Without a plan the step is null.
        #expect(try Self.parse(HomeAssistantState(content: Self.content(), readable: { _ in true }))["step"] == .null)
    }

    @Test func discoveryOffersTheStepAndZoneSensors() {
        let keys = HomeAssistantDevice.entities.map(\.key)
        for key in ["step", "heart_rate_zone", "power_zone"] { #expect(keys.contains(key), "\(key)") }
        #expect(HomeAssistantDevice.metricKeys.contains("heart_rate_zone") && !HomeAssistantDevice.metricKeys.contains("step"))
    }
}
