// FeedBroadcaster: one change, every feed subscriber, one hop per event loop. Subscribers are
// grouped by the event loop their channel lives on, and each loop writes the (already encoded)
// line to all of its channels in one task — not one task and one hop per subscriber, which costs
// milliseconds once a thousand status bars listen.

import NIOCore
import Synchronization

final class FeedBroadcaster: Sendable {
    struct Subscriber: Sendable {
        let channel: any Channel
        /// Returns false when the subscriber is to be dropped (it stopped reading).
        let deliver: @Sendable (ByteBuffer, any Channel) -> Bool
    }

    private let subscribers = Mutex<[ObjectIdentifier: Subscriber]>([:])
    private let latest = Mutex<ByteBuffer?>(nil)

    /// Adds a channel; it gets the current line at once (a status bar must not start empty).
    func add(_ channel: any Channel, deliver: @escaping @Sendable (ByteBuffer, any Channel) -> Bool) {
        let subscriber = Subscriber(channel: channel, deliver: deliver)
        subscribers.withLock { $0[ObjectIdentifier(channel)] = subscriber }
        if let line = latest.withLock({ $0 }) {
            channel.eventLoop.execute { if !deliver(line, channel) { self.remove(channel) } }
        }
    }

    func remove(_ channel: any Channel) {
        _ = subscribers.withLock { $0.removeValue(forKey: ObjectIdentifier(channel)) }
    }

    /// Sends `text` to every subscriber, batching per event loop. The bytes are built once and the
    /// same (copy-on-write) buffer goes to every channel.
    func broadcast(_ text: String) {
        var line = ByteBufferAllocator().buffer(capacity: text.utf8.count + 1)
        line.writeString(text)
        line.writeInteger(UInt8(ascii: "\n"))
        latest.withLock { $0 = line }
        let all = subscribers.withLock { Array($0.values) }
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

    /// Feeds every line of `lines` to the subscribers until the stream ends.
    func run(_ lines: AsyncStream<String>) async {
        for await line in lines { broadcast(line) }
    }
}
