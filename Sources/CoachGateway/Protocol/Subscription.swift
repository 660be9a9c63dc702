// Subscription: what a `subscribe` publishes — announcements as `event` notifications and the
// workout as `status` notifications, the store's change pages as `changes` notifications —
// whatever carries them: a socket connection
// (ConnectionHandler, which adds the feed through FeedBroadcaster) or an in-process one
// (InProcessConnection). The words and the filter are decided here once.

import CoachWire
import CoachCore

enum Subscription {
    /// Publishes what `request` asks for until the returned task is cancelled, or until `send` says
    /// the subscriber is gone (returns false). `send` gets each notification's method and params.
    /// The announcements are subscribed before this returns: whatever happens after `subscribe`
    /// was answered reaches the subscriber.
    static func start(_ request: SubscriptionRequest, gateway: Gateway,
                      send: @escaping @Sendable (_ method: String, _ params: JSONValue) -> Bool) -> Task<Void, Never> {
        let announcements = request.events ? gateway.displays.announcements(language: request.language) : nil
        return Task {
            await withTaskGroup(of: Void.self) { group in
                if let announcements {
                    group.addTask {
                        for await announcement in announcements where request.wants(announcement) {
                            guard send("event", announcement.eventParams) else { return }
                        }
                    }
                }
                if request.changes, let store = gateway.store() {
                    group.addTask {
                        await ChangeStream.run(store: store, from: request.anchor, scope: request.scope,
                                               isLocked: { gateway.displays.isLocked }) { page in send("changes", page) }
                    }
                }
                if request.status {
                    group.addTask {
                        for await snapshot in await gateway.displays.feed.statuses() {
                            guard send("status", snapshot.json(locked: gateway.displays.isLocked)) else { return }
                        }
                    }
                }
            }
        }
    }
}

extension Announcement {
    /// The params of its `event` notification (docs/protocol.md, "Notifications").
    public var eventParams: JSONValue {
        EventNotification(event: kind, message: text, state: state.rawValue, elapsed: GatewayResult.milliseconds(snapshot.elapsed)).json
    }
}
