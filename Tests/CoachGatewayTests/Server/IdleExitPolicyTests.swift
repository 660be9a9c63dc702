// The idle-exit policy: armed only while no client is connected and no workout is ongoing,
// disarmed by either, armed again from the moment both are gone.

import Testing
@testable import CoachGateway

@Suite struct IdleExitPolicyTests {
    @Test func startsIdleAndClientsAndWorkoutsHoldItOff() {
        var policy = IdleExitPolicy(after: .seconds(600))
        #expect(policy.started() == .arm(.seconds(600)))
        #expect(policy.clientConnected() == .disarm)
        #expect(policy.clientConnected() == .none, "a second client changes nothing")
        #expect(policy.clientDisconnected() == .none, "one client is still there")
        #expect(policy.workout(ongoing: true) == .none)
        #expect(policy.clientDisconnected() == .none, "the workout still runs")
        #expect(policy.workout(ongoing: true) == .none, "repeated news changes nothing")
        #expect(policy.workout(ongoing: false) == .arm(.seconds(600)), "idle from the moment the workout ended")
        #expect(policy.workout(ongoing: false) == .none, "already armed: the idle time is not restarted")
    }

    @Test func moreDisconnectsThanConnectsNeverGoBelowZero() {
        var policy = IdleExitPolicy(after: .seconds(1))
        _ = policy.started()
        #expect(policy.clientDisconnected() == .none)
        #expect(policy.clients == 0)
        #expect(policy.clientConnected() == .disarm)
    }
}
