// ClassBoard: what an instructor's board knows about a class (docs/class.md), pure. Messages from
// the riders' topics in (`coach/class/<class>/<rider>/state` and `/availability`), the clock in;
// the riders out, ordered, and the changes a `--json` stream prints. A rider whose gateway said
// goodbye or died (its last will: `offline`) or that has not been heard from for `goneAfter` is
// gone (greyed); after `removeAfter` of silence it leaves the board. Riders repeat their state every
// few seconds (MQTTBridge.classHeartbeat), so silence means a gateway or a network that is gone,
// not a rider who is merely paused.

import CoachCore
import CoachWire

public struct ClassBoard: Sendable {
    public struct Rider: Sendable, Hashable {
        public var id: String
        /// The state JSON's members (HomeAssistantState: `state`, `elapsed`, `heart_rate`, …).
        public var values: [String: JSONValue] = [:]
        /// The availability topic said `offline` (a goodbye or the last will).
        public var offline = false
        public var lastHeard: MonotonicInstant
        /// When the last message arrived, in Unix seconds (for scripts; not used to decide).
        public var heardAt: Double
        public var gone = false

        public var phase: String? { values["state"]?.stringValue }
        public var elapsed: Double? { values["elapsed"]?.doubleValue }
        /// A metric's number; nil when it has none or may not be shown (`unavailable`).
        public func number(_ key: String) -> Double? { values[key]?.doubleValue }
    }

    /// What changed, in the order it happened: the lines of `coach class watch --json`.
    public enum Change: Sendable, Hashable {
        case updated(Rider)
        case gone(Rider)
        case removed(id: String)
    }

    /// How the board orders riders: by name, or by a metric, highest first.
    public enum Order: String, Sendable, CaseIterable {
        case name, elapsed, power, heartRate = "heart_rate", cadence, distance, energy, speed
    }

    public let classID: String
    public var goneAfter: Duration
    public var removeAfter: Duration
    public private(set) var riders: [String: Rider] = [:]

    public init(classID: String, goneAfter: Duration = .seconds(10), removeAfter: Duration = .seconds(60)) {
        self.classID = classID
        self.goneAfter = goneAfter
        self.removeAfter = removeAfter
    }

    /// The filters a board subscribes to.
    public var filters: [String] {
        let base = MQTTTopics.classBase(classID)
        return [base + "/+/state", base + "/+/availability"]
    }

    /// A message from the broker. `wallClock` is the arrival's Unix time, reported only.
    public mutating func received(topic: String, payload: [UInt8], at now: MonotonicInstant, wallClock: Double) -> [Change] {
        let prefix = MQTTTopics.classBase(classID) + "/"
        guard topic.hasPrefix(prefix) else { return [] }
        let levels = topic.dropFirst(prefix.count).split(separator: "/", omittingEmptySubsequences: false)
        guard levels.count == 2, !levels[0].isEmpty else { return [] }
        let id = String(levels[0])
        let text = String(decoding: payload, as: UTF8.self)
        // An empty retained message deletes a rider (MQTTSession's removal): it has left the class.
        if text.isEmpty {
            guard riders.removeValue(forKey: id) != nil else { return [] }
            return [.removed(id: id)]
        }
        var rider = riders[id] ?? Rider(id: id, lastHeard: now, heardAt: wallClock)
        switch levels[1] {
        case "state":
            guard case .object(let members)? = try? JSONValue(parsing: text) else { return [] }
            rider.values = Dictionary(members, uniquingKeysWith: { _, last in last })
        case "availability":
            rider.offline = text != "online"
        default:
            return []
        }
        rider.lastHeard = now
        rider.heardAt = wallClock
        rider.gone = rider.offline
        riders[id] = rider
        return [rider.gone ? .gone(rider) : .updated(rider)]
    }

    /// The clock: riders silent for `goneAfter` are greyed, for `removeAfter` removed.
    public mutating func tick(at now: MonotonicInstant) -> [Change] {
        var changes: [Change] = []
        for id in riders.keys.sorted() {
            guard var rider = riders[id] else { continue }
            let silence = now - rider.lastHeard
            if silence >= removeAfter {
                riders[id] = nil
                changes.append(.removed(id: id))
            } else if silence >= goneAfter, !rider.gone {
                rider.gone = true
                riders[id] = rider
                changes.append(.gone(rider))
            }
        }
        return changes
    }

    /// When `tick` next has something to do.
    public var deadline: MonotonicInstant? {
        riders.values.map { $0.lastHeard + ($0.gone ? removeAfter : goneAfter) }.min()
    }

    /// The riders as the board lists them: those still riding first, each group by `order`
    /// (metrics highest first, a rider without that metric after those with it), then by name.
    public func rows(by order: Order = .name) -> [Rider] {
        riders.values.sorted { a, b in
            if a.gone != b.gone { return !a.gone }
            if order != .name {
                let (x, y) = (Self.key(a, order), Self.key(b, order))
                if x != y {
                    guard let x else { return false }
                    guard let y else { return true }
                    return x > y
                }
            }
            return a.id < b.id
        }
    }

    static func key(_ rider: Rider, _ order: Order) -> Double? {
        order == .elapsed ? rider.elapsed : rider.number(order.rawValue)
    }
}

extension ClassBoard.Change {
    /// One line of `coach class watch --json`: the rider's state members as published, plus
    /// `rider`, `gone`, `offline` and `heard` (Unix seconds); `{"rider":…,"removed":true}` when
    /// a rider leaves the board.
    public var jsonLine: String {
        switch self {
        case .removed(let id):
            return JSONValue.object([("rider", .string(id)), ("removed", .bool(true))]).serialized()
        case .updated(let rider), .gone(let rider):
            var members: [(String, JSONValue)] = [("rider", .string(rider.id)), ("gone", .bool(rider.gone)),
                                                  ("offline", .bool(rider.offline)), ("heard", .number(JSONText.rounded(rider.heardAt, decimals: 6)))]
            for key in rider.values.keys.sorted() where key != "rider" {
                members.append((key, rider.values[key] ?? .null))
            }
            return JSONValue.object(members).serialized()
        }
    }
}
