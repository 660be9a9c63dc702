// Wording: what Coach calls things in one language — activities, places, "outdoor run", the status
// feed's labels — handed to every presentation as data. The words live in `responses:` of Intents/<lang>/_responses.yaml and
// are read once at start-up (CoachGateway's Wording+Catalog.swift); replies, the status feed, the
// widget, history and the REPL all take them from here, so a workout has one name per language.

import CoachWire

public struct Wording: Sendable, Hashable {
    public let language: Language
    /// The noun in a sentence, after "your": "run", "yoga session", "ランニング".
    let activities: [ActivityType: String]
    /// The activity as a title on its own ("yoga" beside "yoga session"), only where the language
    /// words the two differently; otherwise the noun is the title.
    let activityLabels: [ActivityType: String]
    let locations: [LocationType: String]
    /// How a location and an activity combine: "{location} {activity}", "{location}{activity}".
    let withLocation: String
    let alone: String
    /// A workout whose activity is not known: "workout", "ワークアウト".
    let unknownWorkout: String
    /// The status feed's own words by key ("elapsed" → "Elapsed"): Wording+Feed.swift.
    let feed: [String: String]
    /// A plan's words by key ("interval" → "Interval {iteration}/{iterations}"): Wording+Plan.swift.
    let plan: [String: String]

    /// Reads every word this wording needs through `lookup(group, key)`, one entry of the responses'
    /// word tables (`lookup("activities", "running")` → "run"); nil where the table has no entry.
    /// A missing name falls back to the identifier, so a gap shows as `stairClimbing`, never as "".
    public init(language: Language, lookup: (_ group: String, _ key: String) -> String?) {
        self.language = language
        var activities: [ActivityType: String] = [:], labels: [ActivityType: String] = [:]
        for activity in ActivityType.allCases {
            activities[activity] = lookup("activities", activity.rawValue)
            labels[activity] = lookup("activityLabels", activity.rawValue)
        }
        var locations: [LocationType: String] = [:]
        for location in LocationType.allCases where location != .unknown {
            locations[location] = lookup("locations", location.rawValue)
        }
        self.activities = activities
        self.activityLabels = labels
        self.locations = locations
        withLocation = lookup("phrases", "workout_with_location") ?? "{location} {activity}"
        alone = lookup("phrases", "workout") ?? "{activity}"
        unknownWorkout = lookup("phrases", "workout_unknown") ?? "workout"
        var feed: [String: String] = [:]
        for key in Self.feedKeys { feed[key] = lookup("feed", key) }
        self.feed = feed
        var plan: [String: String] = [:]
        for key in Self.planKeys { plan[key] = lookup("plan", key) }
        self.plan = plan
    }

    /// The activity as a sentence names it: "Starting your **run**", "**ランニング**を開始します".
    public func activity(_ activity: ActivityType) -> String {
        activities[activity] ?? activity.rawValue
    }

    /// The activity as a title: the status line, the widget, `coach history`.
    public func label(_ activity: ActivityType) -> String {
        activityLabels[activity] ?? self.activity(activity)
    }

    /// "outdoor", "屋外"; empty for `.unknown`, which is not said.
    public func location(_ location: LocationType) -> String {
        location == .unknown ? "" : locations[location] ?? location.rawValue
    }

    /// The workout as a sentence names it ("outdoor run", "屋外ランニング", "workout"): the place only
    /// where it changes what is measured, as HealthKit's indoor and outdoor runs differ.
    public func workout(_ activity: ActivityType?, _ location: LocationType?) -> String {
        guard let activity else { return unknownWorkout }
        return combine(self.activity(activity), activity, location)
    }

    /// The workout as a title ("outdoor run", "outdoor cycling"), built as `workout` is.
    public func title(_ activity: ActivityType, _ location: LocationType?) -> String {
        combine(label(activity), activity, location)
    }

    private func combine(_ name: String, _ activity: ActivityType, _ location: LocationType?) -> String {
        let place = activity.distinguishesLocation ? location.map(self.location) ?? "" : ""
        return Self.fill(place.isEmpty ? alone : withLocation, ["activity": name, "location": place])
    }

    /// `{name}` placeholders replaced from `values`; an unknown one is kept as written.
    static func fill(_ template: String, _ values: [String: String]) -> String {
        var out = ""
        var name: String?
        for character in template {
            switch (character, name) {
            case ("{", _): out += name.map { "{" + $0 } ?? ""; name = ""
            case ("}", let open?): out += values[open] ?? "{\(open)}"; name = nil
            case (_, let open?): name = open + String(character)
            case (_, nil): out.append(character)
            }
        }
        return out + (name.map { "{" + $0 } ?? "")
    }
}
