// FeedPump: the live activity between the manager and every feed consumer. It turns snapshots (on
// change) into contents, re-evaluates exactly when the content next changes by the clock (the next
// whole elapsed second, a reading going stale, an ended summary's dismissal; never while idle), and
// fans the contents out to any number of subscribers. Socket
// subscribers take `notificationLines()`: each content is encoded once for all of them, not once
// per connection (1 000 encodings of the same content cost tens of milliseconds).
// It is the gateway's one display clock: `statuses()` (the `status` subscription) gets the
// manager's snapshots and, while a workout runs, the same snapshot moved on to each elapsed second
// the pump wakes for — data flows manager → pump → subscribers, never back to the manager.

import CoachWire
import CoachCore
import Foundation

public actor FeedPump {
    private var live: LiveActivity
    private let clock: any WorkoutClock
    private let subscribers = FanOut<LiveActivityContent>()
    private let lineSubscribers = FanOut<String>()
    private let statusSubscribers = FanOut<WorkoutSnapshot>()
    /// The manager's latest snapshot, moved on by the clock for `statuses()`.
    private var snapshot: WorkoutSnapshot?
    private var current: LiveActivityContent
    /// `current` as a `feed` notification line, encoded on first use.
    private var currentLine: String?
    /// While `run` follows the manager: the armed wake-up (its instant and task), if anything is due.
    private var timer: (deadline: MonotonicInstant, task: Task<Void, Never>)?
    private var schedules = false
    /// While set, shown instead of the workout (a source that cannot show it truthfully).
    private var notice: String?

    public init(clock: any WorkoutClock, configuration: LiveActivity.Configuration = .init(), locked: Bool = false) {
        self.clock = clock
        self.live = LiveActivity(configuration: configuration, locked: locked)
        self.current = .idle(locked: locked)
    }

    /// Every content from now on, starting with the current one. A slow reader sees the newest
    /// only: a display never needs an old frame.
    public func contents() -> AsyncStream<LiveActivityContent> {
        subscribers.subscribe(buffering: .bufferingNewest(1), initial: current)
    }

    /// The workout's status after every change and, while it runs, at every elapsed second,
    /// starting with the latest. Newest only, like `contents()`. Empty until the first snapshot.
    public func statuses() -> AsyncStream<WorkoutSnapshot> {
        statusSubscribers.subscribe(buffering: .bufferingNewest(1), initial: snapshot.map(advancedSnapshot))
    }

    /// Every content from now on as the protocol's `feed` notification line
    /// (`{"jsonrpc":"2.0","method":"feed","params":…}`, no newline), starting with the current one.
    /// Encoded once per content and shared by every subscriber. Newest only, like `contents()`.
    public func notificationLines() -> AsyncStream<String> {
        lineSubscribers.subscribe(buffering: .bufferingNewest(1), initial: currentNotificationLine())
    }

    /// The `feed` notification for a content (what `notificationLines()` carries): the content's
    /// Codable form, written once into the notification's params (not parsed back into a
    /// JSONValue and written again).
    public static func notificationLine(_ content: LiveActivityContent) -> String {
        guard let params = try? LiveActivityContent.wireEncoder.encode(content) else {
            return RPCMessage.notification(method: "feed", .null)
        }
        return #"{"jsonrpc":"2.0","method":"feed","params":"# + String(decoding: params, as: UTF8.self) + "}"
    }

    private func currentNotificationLine() -> String {
        if let currentLine { return currentLine }
        let line = Self.notificationLine(current)
        currentLine = line
        return line
    }


    /// Locks or unlocks every presentation; status subscribers get the status again to show it so.
    public func setLocked(_ locked: Bool) {
        live.setLocked(locked)
        publish()
        if let snapshot { statusSubscribers.yield(advancedSnapshot(snapshot)) }
    }

    /// Names the zone of the current power from now on: the FTP in effect (the settings', else
    /// the estimate from saved rides); nil: no zones.
    public func setPowerZones(_ zones: PowerZones?) {
        live.setPowerZones(zones)
        publish()
    }

    /// Names the zone of the current heart rate from now on (nil: no zones).
    public func setHeartRateZones(_ zones: HeartRateZones?) {
        live.setHeartRateZones(zones)
        publish()
    }

    public func apply(_ snapshot: WorkoutSnapshot) {
        self.snapshot = snapshot
        live.apply(snapshot)
        publish()
        statusSubscribers.yield(snapshot)
    }

    /// Shows `notice` instead of any workout until it is cleared (nil).
    public func setNotice(_ notice: String?) {
        self.notice = notice
        publish()
    }

    public func apply(_ notification: WorkoutNotification) {
        live.apply(notification)
    }

    /// The content shown now.
    public func currentContent() -> LiveActivityContent {
        publish()
        return current
    }

    /// Re-evaluates at the current time; publishes only if something visible changed.
    public func tick() { publish() }

    /// Consumes the manager's streams until the snapshots end, waking whenever the content changes
    /// by the clock meanwhile.
    public func run(snapshots: AsyncStream<WorkoutSnapshot>,
                    changes: AsyncStream<WorkoutChange>? = nil) async {
        schedules = true
        rearm()
        await withTaskGroup(of: Void.self) { group in
            if let changes {
                group.addTask { for await change in changes { await self.apply(change.notification) } }
            }
            for await snapshot in snapshots { apply(snapshot) }
            group.cancelAll()
        }
        schedules = false
        timer?.task.cancel()
        timer = nil
        finish()
    }

    /// Arms a wake-up at the content's next change. Nothing due, nothing armed: an idle feed sleeps.
    /// An armed one due at most a millisecond earlier stays (it fires, publishes whatever changed and
    /// arms the next): samples arrive many times a second and move the deadline by nanoseconds only.
    private func rearm() {
        guard schedules else { return }
        guard let deadline = live.nextChange(after: clock.now()) else {
            timer?.task.cancel()
            timer = nil
            return
        }
        if let timer, timer.deadline <= deadline, deadline - timer.deadline <= .milliseconds(1) { return }
        timer?.task.cancel()
        let clock = self.clock
        timer = (deadline, Task { [weak self] in
            do { try await clock.sleep(until: deadline) } catch { return }
            await self?.fire(at: deadline)
        })
    }

    private func fire(at deadline: MonotonicInstant) {
        if timer?.deadline == deadline { timer = nil }
        publish()
        // A running workout's status moves with the clock: status bars see each elapsed second.
        if let snapshot, snapshot.state == .running { statusSubscribers.yield(advancedSnapshot(snapshot)) }
    }

    /// A snapshot as it reads now (only the clock changed it since the manager took it).
    private func advancedSnapshot(_ snapshot: WorkoutSnapshot) -> WorkoutSnapshot {
        snapshot.advanced(to: clock.now(), countdownDeadline: nil)
    }

    /// Ends every subscriber's stream.
    public func finish() {
        subscribers.finishAll()
        lineSubscribers.finishAll()
        statusSubscribers.finishAll()
    }

    private func publish() {
        defer { rearm() }
        var content = live.content(at: clock.now())
        if let notice {
            content = LiveActivityContent(attributes: content.attributes,
                                          state: LiveActivityContentState(phase: .idle, laps: nil, isLocked: content.state.isLocked,
                                                                          notice: notice),
                                          activityState: .stale)
        }
        guard content != current else { return }
        current = content
        currentLine = nil
        subscribers.yield(content)
        // Encoded only when someone reads lines, once for all of them.
        guard !lineSubscribers.isEmpty else { return }
        lineSubscribers.yield(currentNotificationLine())
    }
}
