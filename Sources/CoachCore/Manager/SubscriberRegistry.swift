// Fan-out of notifications and status snapshots to any number of async-sequence subscribers.

import Synchronization

final class SubscriberRegistry: Sendable {
    private struct State {
        var nextID = 0
        var notifications: [Int: AsyncStream<WorkoutNotification>.Continuation] = [:]
        var snapshots: [Int: AsyncStream<WorkoutSnapshot>.Continuation] = [:]
    }

    private let state = Mutex(State())

    func notifications(backlog: Int) -> AsyncStream<WorkoutNotification> {
        let (stream, continuation) = AsyncStream.makeStream(of: WorkoutNotification.self,
                                                             bufferingPolicy: .bufferingNewest(backlog))
        let id = register { $0.notifications[$1] = continuation }
        continuation.onTermination = { [weak self] _ in self?.state.withLock { _ = $0.notifications.removeValue(forKey: id) } }
        return stream
    }

    func snapshots(initial: WorkoutSnapshot) -> AsyncStream<WorkoutSnapshot> {
        // Only the newest status matters to a display; older ones are dropped for a slow reader.
        let (stream, continuation) = AsyncStream.makeStream(of: WorkoutSnapshot.self, bufferingPolicy: .bufferingNewest(1))
        continuation.yield(initial)
        let id = register { $0.snapshots[$1] = continuation }
        continuation.onTermination = { [weak self] _ in self?.state.withLock { _ = $0.snapshots.removeValue(forKey: id) } }
        return stream
    }

    private func register(_ add: (inout State, Int) -> Void) -> Int {
        state.withLock { state in
            state.nextID += 1
            add(&state, state.nextID)
            return state.nextID
        }
    }

    func send(_ notification: WorkoutNotification) {
        for continuation in state.withLock({ Array($0.notifications.values) }) { continuation.yield(notification) }
    }

    func publish(_ snapshot: WorkoutSnapshot) {
        for continuation in state.withLock({ Array($0.snapshots.values) }) { continuation.yield(snapshot) }
    }

    func finishAll() {
        let (notifications, snapshots) = state.withLock { state in
            defer { state.notifications.removeAll(); state.snapshots.removeAll() }
            return (Array(state.notifications.values), Array(state.snapshots.values))
        }
        notifications.forEach { $0.finish() }
        snapshots.forEach { $0.finish() }
    }
}
