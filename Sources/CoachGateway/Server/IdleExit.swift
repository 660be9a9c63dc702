// IdleExit: a gateway that a one-shot command started in the background stops by itself after a
// while with no workout and no client, as an idle daemon should (`coach serve --idle-exit 10m`).
// The policy is a pure state machine; the timer around it sleeps once, so an idle gateway is not
// woken before its time is up.

import Synchronization

/// When to start and stop the idle countdown, from client and workout changes.
public struct IdleExitPolicy: Sendable, Hashable {
    public enum Action: Sendable, Hashable {
        /// Idle from now: exit after this long unless something changes.
        case arm(Duration)
        /// Not idle any more.
        case disarm
        case none
    }

    public let after: Duration
    public private(set) var clients = 0
    public private(set) var workoutOngoing = false
    private var armed = false

    public init(after: Duration) { self.after = after }

    /// The gateway starts idle: nobody is connected yet and no workout runs.
    public mutating func started() -> Action { update() }

    public mutating func clientConnected() -> Action {
        clients += 1
        return update()
    }

    public mutating func clientDisconnected() -> Action {
        clients = Swift.max(clients - 1, 0)
        return update()
    }

    /// A workout counts from its countdown until it has ended (an ended summary is not a workout).
    public mutating func workout(ongoing: Bool) -> Action {
        workoutOngoing = ongoing
        return update()
    }

    private mutating func update() -> Action {
        let idle = clients == 0 && !workoutOngoing
        if idle, !armed {
            armed = true
            return .arm(after)
        }
        if !idle, armed {
            armed = false
            return .disarm
        }
        return .none
    }
}

/// Runs the policy against the real clock; `reached` yields once the idle time has passed.
final class IdleExitTimer: Sendable {
    private let state: Mutex<(policy: IdleExitPolicy, timer: Task<Void, Never>?)>
    let after: Duration
    let reached: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    init(after: Duration) {
        self.after = after
        state = Mutex((IdleExitPolicy(after: after), nil))
        (reached, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        perform { $0.started() }
    }

    func clientConnected() { perform { $0.clientConnected() } }
    func clientDisconnected() { perform { $0.clientDisconnected() } }
    func workout(ongoing: Bool) { perform { $0.workout(ongoing: ongoing) } }

    /// Still idle now (a client may have connected just as the time ran out).
    var isIdle: Bool { state.withLock { $0.policy.clients == 0 && !$0.policy.workoutOngoing } }

    func cancel() {
        state.withLock { $0.timer?.cancel() }
        continuation.finish()
    }

    private func perform(_ change: (inout IdleExitPolicy) -> IdleExitPolicy.Action) {
        state.withLock { state in
            switch change(&state.policy) {
            case .arm(let duration):
                state.timer?.cancel()
                state.timer = Task { [continuation] in
                    do { try await Task.sleep(for: duration) } catch { return }
                    continuation.yield(())
                }
            case .disarm:
                state.timer?.cancel()
                state.timer = nil
            case .none:
                break
            }
        }
    }
}
