// The documented examples of the notifications' params (docs/protocol.md, "Notifications"): the
// list of notifications whose params have a type in CoachWire, with an example of each. `feed`
// (CoachCore's Live Activity content) is added by RequestRouter.notifications; `mirror.ready` has
// no params.

extension WireExamples {
    public static let event = EventNotification(
        event: "stateChanged", message: docSentence("Your outdoor run is paused."), state: "paused", elapsed: 61.2)
    public static let disconnect = DisconnectNotification(
        reason: docSentence("subscriber stopped reading: 256 notifications behind; reconnect to resubscribe"))
    public static let disconnectDropped = DisconnectNotification(
        reason: docSentence("the run is over, thanks"), dropped: true, primary: "laptop")
    public static let changesNotification = ChangesResult(
        since: 9731, added: [.workout(savedRun)], deleted: [], anchor: 9732, more: false)

    /// Every notification with typed params, in the order the doc lists them.
    public static let notifications: [NotificationDescription] = [
        NotificationDescription("event", examples: [.init(event)]),
        NotificationDescription("status", examples: [.init(runningWorkout)]),
        NotificationDescription("changes", examples: [.init(changesNotification)]),
        NotificationDescription("disconnect", examples: [.init(disconnect), .init(disconnectDropped, caption: docSentence("a mirror its primary dropped"))]),
    ]
}
