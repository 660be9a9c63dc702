// SourceSwitch: the gateway's current WorkoutSource, and one stream of what it shows that follows
// the gateway from source to source — the feed subscribes once, whether the gateway runs its own
// workout or mirrors another's. The manager's stream lives as long as the gateway, so its end (the
// manager shut down) ends the displays' stream too.

import CoachCore
import Synchronization

final class SourceSwitch: Sendable {
    let local: LocalWorkout
    private let shown = FanOut<WorkoutSnapshot>()
    private let state: Mutex<(current: any WorkoutSource, generation: Int, forwarder: Task<Void, Never>?)>

    init(local: LocalWorkout) {
        self.local = local
        state = Mutex((local, 0, nil))
        let shown = self.shown
        Task { [weak self] in
            for await snapshot in await local.snapshots() where self?.current is LocalWorkout { shown.yield(snapshot) }
            shown.finishAll()
        }
    }

    var current: any WorkoutSource { state.withLock { $0.current } }

    /// What the current source shows, from now on, starting with the current status.
    func snapshots() -> AsyncStream<WorkoutSnapshot> {
        shown.subscribe(buffering: .bufferingNewest(1), initial: current.currentStatus())
    }

    /// Makes `source` the gateway's (nil: its own workout again); the displays show it at once.
    func use(_ source: (any WorkoutSource)?) {
        let next = source ?? local
        let (generation, previous) = state.withLock { state -> (Int, Task<Void, Never>?) in
            state.generation += 1
            defer { state.current = next; state.forwarder = nil }
            return (state.generation, state.forwarder)
        }
        previous?.cancel()
        guard source != nil else {
            shown.yield(local.currentStatus())
            return
        }
        let forwarder = Task { [weak self] in
            for await snapshot in await next.snapshots() {
                guard let self, self.isCurrent(generation) else { break }
                self.shown.yield(snapshot)
            }
        }
        state.withLock { state in
            if state.generation == generation { state.forwarder = forwarder } else { forwarder.cancel() }
        }
    }

    private func isCurrent(_ generation: Int) -> Bool { state.withLock { $0.generation == generation } }
}
