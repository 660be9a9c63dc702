// FeedBroadcaster: one change, every feed subscriber, one hop per event loop. Subscribers are
// grouped by the event loop their channel lives on, and each loop writes the (already encoded)
// line to all of its channels in one task — not one task and one hop per subscriber, which costs
// milliseconds once a thousand status bars listen. It follows the feed pump's lines only while it
// has a subscriber: with nobody listening, no change is encoded at all (encoding each change as
// JSON was 12 % of the gateway's CPU while samples streamed in with no feed subscriber).

import NIOCore
import Synchronization

final class FeedBroadcaster: Sendable {
    struct Subscriber: Sendable {
        let channel: any Channel
        /// Returns false when the subscriber is to be dropped (it stopped reading).
        let deliver: @Sendable (ByteBuffer, any Channel) -> Bool
    }

    private struct State {
        var subscribers: [ObjectIdentifier: Subscriber] = [:]
        /// The latest line, while following: what a subscriber who joins now gets first.
        var latest: ByteBuffer?
        /// Follows the pump's lines while anyone subscribes.
        var following: Task<Void, Never>?
    }

    private let state = Mutex(State())
    /// The pump's lines, starting with the current one (FeedPump.notificationLines).
    private let lines: @Sendable () async -> AsyncStream<String>

    init(lines: @escaping @Sendable () async -> AsyncStream<String>) { self.lines = lines }

    /// Adds a channel; it gets the current line at once (a status bar must not start empty).
    func add(_ channel: any Channel, deliver: @escaping @Sendable (ByteBuffer, any Channel) -> Bool) {
        let subscriber = Subscriber(channel: channel, deliver: deliver)
        let latest = state.withLock { state -> ByteBuffer? in
            state.subscribers[ObjectIdentifier(channel)] = subscriber
            if state.following == nil {
                // The first subscriber: follow the pump, whose first line is the current one.
                state.following = Task { [lines] in
                    for await line in await lines() { self.broadcast(line) }
                }
                return nil
            }
            return state.latest
        }
        if let latest {
            channel.eventLoop.execute { if !deliver(latest, channel) { self.remove(channel) } }
        }
    }

    func remove(_ channel: any Channel) {
        let stop = state.withLock { state -> Task<Void, Never>? in
            guard state.subscribers.removeValue(forKey: ObjectIdentifier(channel)) != nil, state.subscribers.isEmpty else { return nil }
            // The last one has gone: stop following (and encoding) until someone subscribes again.
            defer { state.following = nil; state.latest = nil }
            return state.following
        }
        stop?.cancel()
    }

    /// Stops following the pump.
    func stop() {
        state.withLock { state -> Task<Void, Never>? in
            defer { state.following = nil }
            return state.following
        }?.cancel()
    }

    /// Sends `text` to every subscriber, batching per event loop. The bytes are built once and the
    /// same (copy-on-write) buffer goes to every channel.
    func broadcast(_ text: String) {
        var built = ByteBufferAllocator().buffer(capacity: text.utf8.count + 1)
        built.writeString(text)
        built.writeInteger(UInt8(ascii: "\n"))
        let line = built
        let all = state.withLock { state -> [Subscriber] in
            state.latest = line
            return Array(state.subscribers.values)
        }
        var byLoop: [ObjectIdentifier: (any EventLoop, [Subscriber])] = [:]
        for subscriber in all {
            let loop = subscriber.channel.eventLoop
            byLoop[ObjectIdentifier(loop), default: (loop, [])].1.append(subscriber)
        }
        for (loop, group) in byLoop.values {
            loop.execute {
                for subscriber in group where !subscriber.deliver(line, subscriber.channel) {
                    self.remove(subscriber.channel)
                }
            }
        }
    }
}
