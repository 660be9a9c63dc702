// FanOut: the one registry of async-stream subscribers. The manager's changes and snapshots, the
// feed's contents and lines, and the gateway's relayed announcements each fan out through one;
// a subscriber leaves by dropping its stream (onTermination), never by asking.

import Synchronization

public final class FanOut<Element: Sendable>: Sendable {
    private struct State {
        var nextID = 0
        var continuations: [Int: AsyncStream<Element>.Continuation] = [:]
    }

    private let state = Mutex(State())

    public init() {}

    /// A new subscriber's stream, starting with `initial` when given. `buffering` says what a slow
    /// reader keeps (`.bufferingNewest(1)`: a display needs only the newest frame).
    public func subscribe(buffering: AsyncStream<Element>.Continuation.BufferingPolicy = .unbounded,
                          initial: Element? = nil) -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self, bufferingPolicy: buffering)
        if let initial { continuation.yield(initial) }
        let id = state.withLock { state in
            state.nextID += 1
            state.continuations[state.nextID] = continuation
            return state.nextID
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.continuations.removeValue(forKey: id) }
        }
        return stream
    }

    /// Hands `element` to every subscriber (outside the lock: a yield may run a termination).
    public func yield(_ element: Element) {
        for continuation in state.withLock({ Array($0.continuations.values) }) { continuation.yield(element) }
    }

    public var isEmpty: Bool { state.withLock { $0.continuations.isEmpty } }

    /// Ends every subscriber's stream.
    public func finishAll() {
        let all = state.withLock { state in
            defer { state.continuations.removeAll() }
            return Array(state.continuations.values)
        }
        all.forEach { $0.finish() }
    }
}
