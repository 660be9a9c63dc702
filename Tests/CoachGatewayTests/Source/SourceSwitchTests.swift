// The WorkoutSource seam in process: a source that lives elsewhere (a stand-in for a mirror's)
// answers commands and samples itself and is what every display shows while it is the gateway's;
// switching back shows the gateway's own workout again, and the feed followed both without
// subscribing again.

import CoachCore
import CoachLanguage
import CoachWire
import Synchronization
import Testing
@testable import CoachGateway

/// A source elsewhere: a running walk it shows, every command answered "forwarded".
final class ElsewhereSource: WorkoutSource {
    let shown: WorkoutSnapshot
    let published = FanOut<WorkoutSnapshot>()
    let unavailable = Mutex<String?>(nil)

    init(at now: Timestamp) {
        var snapshot = WorkoutSnapshot(at: now)
        snapshot.state = .running
        snapshot.activity = .walking
        snapshot.workoutID = "elsewhere"
        shown = snapshot
    }

    func currentStatus() -> WorkoutSnapshot { shown }
    func status() async -> WorkoutSnapshot { shown }
    func snapshots() async -> AsyncStream<WorkoutSnapshot> { published.subscribe(buffering: .bufferingNewest(1), initial: shown) }
    func perform(_ intent: WorkoutIntent, origin: Int?, language: Language, locked: Bool) async -> CommandAnswer {
        guard intent != .status else {
            return .performed(IntentOutcome(intent: .workoutStatus, phase: .handle, code: .success, resolved: .status, snapshot: shown))
        }
        return .answered(GatewayResult(intent: intent.kind, code: "success", message: "forwarded", language: language, locked: locked))
    }
    func record(_ sample: LiveSample, queued: (@Sendable () -> Void)?) async throws -> SampleReply {
        .sentOn(SampleResult(accepted: true, outcome: "queued"))
    }
    func addLocation(latitude: Double, longitude: Double, altitude: Double?, horizontalAccuracy: Double?) async throws -> SampleOutcome {
        .rejected(.notCollecting)
    }
    func observeSpeed(_ speed: Double) async {}
    func observeEnergyExpended(_ kilojoules: Double, sensor: String) async {}
    var unavailableReason: String? { unavailable.withLock { $0 } }
    var keepsGatewayUp: Bool { true }
}

@Suite struct SourceSwitchTests {
    /// The first status the feed's subscribers get that satisfies `until`; nil after 5 s.
    func feedStatus(_ gateway: Gateway, until: @escaping @Sendable (WorkoutSnapshot) -> Bool) async -> WorkoutSnapshot? {
        let statuses = await gateway.displays.feed.statuses()
        return await withTaskGroup(of: WorkoutSnapshot?.self) { group in
            group.addTask {
                for await snapshot in statuses where until(snapshot) { return snapshot }
                return nil
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(5))
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }

    @Test func aSourceElsewhereAnswersForItselfAndIsShownUntilTheGatewaysOwnComesBack() async throws {
        try await TestGateway.running { test in
            let gateway = test.gateway
            let elsewhere = ElsewhereSource(at: gateway.manager.currentStatus().at)
            gateway.sources.use(elsewhere)
            #expect(await feedStatus(gateway) { $0.workoutID == "elsewhere" }?.activity == .walking)
            #expect(gateway.immediateStatus().json["workout"]?["id"] == "elsewhere")
            #expect(await gateway.perform(.pause()).message == "forwarded")
            #expect(await gateway.status().json["workout"]?["id"] == "elsewhere", "a status in words is the source's")
            guard case .sentOn(let sent)? = try? await gateway.addSample(LiveSample(.heartRate, value: 120)) else {
                Issue.record("the sample did not go to the source"); return
            }
            #expect(sent.outcome == "queued")
            #expect(await gateway.manager.status().state == .notStarted, "the manager was never asked")
            #expect(await gateway.manager.status().statistics.isEmpty, "nor given the sample")
            #expect(gateway.source.keepsGatewayUp)

            elsewhere.unavailable.withLock { $0 = "not reachable" }
            #expect(gateway.immediateStatus().message == "not reachable")

            gateway.sources.use(nil)
            #expect(await feedStatus(gateway) { $0.workoutID == nil }?.state == .notStarted)
            #expect(!gateway.source.keepsGatewayUp)
            #expect(await gateway.perform(.start(StartWorkoutIntent(activity: .running))).code == "success")
            #expect(await feedStatus(gateway) { $0.activity == .running } != nil, "the feed follows the manager again")
        }
    }
}
