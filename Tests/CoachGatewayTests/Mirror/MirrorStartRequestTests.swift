// A start said on a mirror reaches the primary with the types to collect (issue 33, item 10):
// the mirror forwards `collect` / `noCollect` with the rest of the start.

import CoachCore
@testable import CoachGateway
import CoachWire
import Testing

@Suite struct MirrorStartRequestTests {
    @Test func collectedAndExcludedTypesAreForwarded() {
        let start = StartWorkoutIntent(activity: .cycling, collectedTypes: [.heartRate, .power], excludedTypes: [.cadence])
        let (method, params) = MirrorLink.request(for: .start(start), language: .en)
        #expect(method == "start")
        #expect(params["collect"] == .array([.string("heartRate"), .string("power")]))
        #expect(params["noCollect"] == .array([.string("cadence")]))
        let plain = MirrorLink.request(for: .start(StartWorkoutIntent(activity: .running)), language: .en).1
        #expect(plain["collect"] == nil && plain["noCollect"] == nil)
    }
}
