// A change carries who caused it: the origin a command was performed with, on every notification
// that command produced (the "saved" after an end too); the clock's changes carry none.

import CoachCore
import Testing

@Suite struct ChangeOriginTests {
    @Test func aCommandsChangesCarryItsOriginAndTheClocksNone() async {
        let clock = ManualWorkoutClock()
        let manager = WorkoutManager(clock: clock, configuration: EngineConfiguration(countdown: .seconds(1)), timerMode: .manual)
        let changes = manager.changes()
        _ = await manager.perform(.start(StartWorkoutIntent(activity: .running)), origin: 7)
        await manager.advance(by: .seconds(10))
        _ = await manager.perform(.end(saveShort: true), origin: 8)
        await manager.shutdown()

        var seen: [(String, Int?)] = []
        for await change in changes {
            switch change.notification {
            case .stateChanged(_, let to, _): seen.append((to.rawValue, change.origin))
            case .saved: seen.append(("saved", change.origin))
            default: break
            }
        }
        #expect(seen.map(\.0) == ["prepared", "running", "stopped", "ended", "saved"])
        #expect(seen.map(\.1) == [7, nil, 8, 8, 8])
    }
}
