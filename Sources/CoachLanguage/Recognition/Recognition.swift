// Recognition: what the recogniser understood from one utterance — the public result type.

import CoachWire

/// Where a slot's text is in the caller's string, in Unicode-scalar offsets (as hassil's
/// `text_span`, which counts Python code points).
public struct SlotSpan: Sendable, Equatable, Codable {
    public var start: Int
    public var end: Int
    public init(start: Int, end: Int) {
        self.start = start
        self.end = end
    }
}

public struct RecognizedSlots: Sendable, Equatable {
    /// HealthKit activity type name in lowerCamelCase ("running", "highIntensityIntervalTraining").
    public var activity: String?
    /// "indoor" or "outdoor".
    public var location: String?
    public var goal: WorkoutGoal?
    public var openEnded: Bool?
    public var workoutName: String?
    /// Spans of the slots found in the text, by template slot name ("activity", "goal_value", …).
    public var spans: [String: SlotSpan]
    /// Every slot as the templates produced it (hassil's entities: name → value), e.g.
    /// `goal_value: 30`, `goal_unit: minute`. What the hassil comparison checks.
    public var values: [String: SlotValue]

    public init(
        activity: String? = nil, location: String? = nil, goal: WorkoutGoal? = nil, openEnded: Bool? = nil,
        workoutName: String? = nil, spans: [String: SlotSpan] = [:], values: [String: SlotValue] = [:]
    ) {
        self.activity = activity
        self.location = location
        self.goal = goal
        self.openEnded = openEnded
        self.workoutName = workoutName
        self.spans = spans
        self.values = values
    }

    public var isEmpty: Bool { activity == nil && location == nil && goal == nil && openEnded == nil && workoutName == nil }
}

/// A near miss the caller should ask about ("Did you mean: end your run?") instead of acting:
/// what would have been done, and how sure the recogniser is (below the acting threshold, or an
/// End/Cancel that is never acted on from a guess).
public struct Suggestion: Sendable, Equatable {
    public var intent: String
    public var slots: RecognizedSlots
    public var confidence: Double
    /// The intent's shortest template rendered ("end workout"), for composing the question.
    public var example: String

    public init(intent: String, slots: RecognizedSlots = RecognizedSlots(), confidence: Double, example: String) {
        self.intent = intent
        self.slots = slots
        self.confidence = confidence
        self.example = example
    }
}

public struct Recognition: Sendable, Equatable {
    /// How the intent was found.
    public enum Method: String, Sendable, Codable {
        /// A template accepted the text as typed (after normalisation and skip words).
        case template
        /// A template accepted the text after correcting typos (the corrected line is `heard`).
        case typo
        /// A template accepted one clause of a longer line; the rest were asides ("my laces came
        /// undone, pause"). The clause is `heard`.
        case clause
        /// No template matched; keywords and slot values voted.
        case keywords
        /// Nothing understood.
        case none
    }

    public var text: String
    public var language: Language
    /// "StartWorkout", "PauseWorkout", …; nil = not understood.
    public var intent: String?
    public var slots: RecognizedSlots
    /// 0…1; 1.0 for an exact template match.
    public var confidence: Double
    /// The template that matched (for typo-corrected matches too); nil for keyword guesses.
    public var template: String?
    public var isExact: Bool
    public var method: Method
    /// True when the intent is a guess that must be confirmed before acting (End/Cancel
    /// found only by keywords or typo correction). Callers must ask, never act.
    public var needsConfirmation: Bool
    /// "did you mean: start a run?" when something close was found but not accepted.
    public var suggestion: String?
    /// The same near miss as structured data (intent, slots, confidence): what `--json` and
    /// socket replies carry, and what the gateway composes its question from.
    public var suggested: Suggestion?
    /// The intent the suggestion is about (e.g. "EndWorkout" for a keyword guess, which is
    /// never returned as `intent`).
    public var suggestedIntent: String?
    /// What was matched when it is not the line as typed: the typo-corrected line, or the
    /// command clause (normalised). nil for exact and keyword matches.
    public var heard: String?
    /// Response key of the matched data block (hassil's `response`), "default" when absent.
    public var response: String?

    public init(
        text: String, language: Language, intent: String? = nil, slots: RecognizedSlots = RecognizedSlots(),
        confidence: Double = 0, template: String? = nil, isExact: Bool = false, method: Method = .none,
        needsConfirmation: Bool = false, suggestion: String? = nil, suggestedIntent: String? = nil,
        response: String? = nil
    ) {
        self.suggestedIntent = suggestedIntent
        self.text = text
        self.language = language
        self.intent = intent
        self.slots = slots
        self.confidence = confidence
        self.template = template
        self.isExact = isExact
        self.method = method
        self.needsConfirmation = needsConfirmation
        self.suggestion = suggestion
        self.response = response
    }

    public var isUnderstood: Bool { intent != nil }
}
