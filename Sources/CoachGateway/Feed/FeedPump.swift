// FeedPump: the live activity between the manager and every feed consumer. It turns snapshots (on
// change) into contents, re-evaluates exactly when the content next changes by the clock (the next
// whole elapsed second, a reading going stale, an ended summary's dismissal; never while idle), and
// fans the contents out to any number of subscribers. Socket
// subscribers take `notificationLines()`: each content is encoded once for all of them, not once
// per connection (1 000 encodings of the same content cost tens of milliseconds).

import CoachWire
import CoachCore
import Synchronization

public actor FeedPump {
    private var live: LiveActivity
    private let clock: any WorkoutClock
    private let subscribers = Mutex<[Int: AsyncStream<LiveActivityContent>.Continuation]>([:])
    private let lineSubscribers = Mutex<[Int: AsyncStream<String>.Continuation]>([:])
    private var nextID = 0
    private var current: LiveActivityContent
    /// `current` as a `feed` notification line, encoded on first use.
    private var currentLine: String?
    /// While `run` follows the manager: the armed wake-up (its instant and task), if anything is due.
    private var timer: (deadline: MonotonicInstant, task: Task<Void, Never>)?
    private var schedules = false
    /// While set, shown instead of the workout (a mirror whose primary is unreachable).
    private var notice: String?

    public init(clock: any WorkoutClock, configuration: LiveActivity.Configuration = .init(), locked: Bool = false) {
        self.clock = clock
        self.live = LiveActivity(configuration: configuration, locked: locked)
        self.current = .idle(locked: locked)
    }

    /// Every content from now on, starting with the current one. A slow reader sees the newest
    /// only: a display never needs an old frame.
    public func contents() -> AsyncStream<LiveActivityContent> {
        let (stream, continuation) = AsyncStream.makeStream(of: LiveActivityContent.self, bufferingPolicy: .bufferingNewest(1))
        continuation.yield(current)
        nextID += 1
        let id = nextID
        subscribers.withLock { $0[id] = continuation }
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            Task { await self.remove(id) }
        }
        return stream
    }

    /// Every content from now on as the protocol's `feed` notification line
    /// (`{"jsonrpc":"2.0","method":"feed","params":…}`, no newline), starting with the current one.
    /// Encoded once per content and shared by every subscriber. Newest only, like `contents()`.
    public func notificationLines() -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .bufferingNewest(1))
        continuation.yield(currentNotificationLine())
        nextID += 1
        let id = nextID
        lineSubscribers.withLock { $0[id] = continuation }
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            Task { await self.removeLine(id) }
        }
        return stream
    }

    /// The `feed` notification for a content (what `notificationLines()` carries).
    public static func notificationLine(_ content: LiveActivityContent) -> String {
        RPCMessage.notification(method: "feed", RequestRouter.json(content))
    }

    private func currentNotificationLine() -> String {
        if let currentLine { return currentLine }
        let line = Self.notificationLine(current)
        currentLine = line
        return line
    }

    private func remove(_ id: Int) { _ = subscribers.withLock { $0.removeValue(forKey: id) } }
    private func removeLine(_ id: Int) { _ = lineSubscribers.withLock { $0.removeValue(forKey: id) } }

    public func setLocked(_ locked: Bool) {
        live.setLocked(locked)
        publish()
    }

    /// Names the zone of the current heart rate from now on (nil: no zones).
    public func setHeartRateZones(_ zones: HeartRateZones?) {
        live.setHeartRateZones(zones)
        publish()
    }

    public func apply(_ snapshot: WorkoutSnapshot) {
        live.apply(snapshot)
        publish()
    }

    /// Shows `notice` instead of any workout until it is cleared (nil).
    public func setMirrorNotice(_ notice: String?) {
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
                    notifications: AsyncStream<WorkoutNotification>? = nil) async {
        schedules = true
        rearm()
        await withTaskGroup(of: Void.self) { group in
            if let notifications {
                group.addTask { for await notification in notifications { await self.apply(notification) } }
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
    }

    /// Ends every subscriber's stream.
    public func finish() {
        let all = subscribers.withLock { state in
            defer { state.removeAll() }
            return Array(state.values)
        }
        all.forEach { $0.finish() }
        let lines = lineSubscribers.withLock { state in
            defer { state.removeAll() }
            return Array(state.values)
        }
        lines.forEach { $0.finish() }
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
        for continuation in subscribers.withLock({ Array($0.values) }) { continuation.yield(content) }
        let lineReaders = lineSubscribers.withLock { Array($0.values) }
        guard !lineReaders.isEmpty else { return }
        let line = currentNotificationLine()
        for continuation in lineReaders { continuation.yield(line) }
    }
}

extension TmuxPusher {
    /// Pushes every content as the compact tmux line until the stream ends, then clears the option.
    /// A tmux that is not running is not an error: the next change tries again.
    public func follow(_ contents: AsyncStream<LiveActivityContent>, language: DisplayLanguage = .en,
                       presentation: FeedPresentation = .compact) async {
        let renderer = FeedRenderer(language: language)
        for await content in contents {
            _ = try? await push(renderer.render(content, presentation: presentation, format: .tmux))
        }
        await close()
    }
}
