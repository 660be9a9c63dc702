// The intent result: what say, start, pause, resume, end, cancel, lap, status, skipStep and
// stepStatus answer (docs/protocol.md, "Intent results"). SiriKit's response code, the phase the
// intent stopped in, the workout afterwards, the sentence to show or say.

public struct IntentResult: WireMessage {
    /// StartWorkout, PauseWorkout…; nil when the utterance was not understood.
    public var intent: String?
    /// A SiriKit code (`success`, `failureOngoingWorkout`, `needsValue`…) or `notUnderstood`.
    public var code: String
    /// resolve, confirm or handle; nil when nothing was acted on.
    public var phase: String?
    /// The session state and elapsed seconds afterwards (with `phase`).
    public var state: String?
    public var elapsed: Double?
    public var message: String
    public var lang: String
    /// What a `needsValue` asks for ("activity") and the candidates.
    public var parameter: String?
    public var options: [String]?
    public var reason: String?
    /// Why an end did not save the workout.
    public var discarded: String?
    public var storeError: StoreError?
    /// For start, status, end and lap once handled.
    public var workout: WireWorkout?
    /// A start's remembered sensors as the countdown found them.
    public var sensors: Sensors?
    public var confidence: Double?
    /// "did you mean …": the near miss as data ({intent, slots, confidence}) or as text.
    public var suggestion: JSONValue?

    /// The change was applied but could not be written (HealthKit's code); it is retried.
    public struct StoreError: WireMessage {
        public var code: String
        public var message: String

        public init(code: String, message: String) {
            self.code = code
            self.message = message
        }

        public init(json: JSONValue) throws(WireDecodingError) {
            let fields = try WireFields(json)
            code = try fields.string("code")
            message = try fields.string("message")
        }

        public var json: JSONValue { ["code": .string(code), "message": .string(message)] }
    }

    /// Which remembered sensors the countdown found connected.
    public struct Sensors: WireMessage {
        public var connected: [String]
        public var missing: [String]
        public var heartRateStrap: Bool

        public init(connected: [String], missing: [String], heartRateStrap: Bool) {
            self.connected = connected
            self.missing = missing
            self.heartRateStrap = heartRateStrap
        }

        public init(json: JSONValue) throws(WireDecodingError) {
            let fields = try WireFields(json)
            connected = try fields.optionalStrings("connected") ?? []
            missing = try fields.optionalStrings("missing") ?? []
            heartRateStrap = try fields.optionalBool("heartRateStrap") ?? false
        }

        public var json: JSONValue {
            .object([("connected", .array(connected.map(JSONValue.string))), ("missing", .array(missing.map(JSONValue.string))),
                     ("heartRateStrap", .bool(heartRateStrap))])
        }
    }

    public init(intent: String?, code: String, phase: String? = nil, state: String? = nil, elapsed: Double? = nil,
                message: String, lang: String, parameter: String? = nil, options: [String]? = nil, reason: String? = nil,
                discarded: String? = nil, storeError: StoreError? = nil, workout: WireWorkout? = nil, sensors: Sensors? = nil,
                confidence: Double? = nil, suggestion: JSONValue? = nil) {
        self.intent = intent
        self.code = code
        self.phase = phase
        self.state = state
        self.elapsed = elapsed
        self.message = message
        self.lang = lang
        self.parameter = parameter
        self.options = options
        self.reason = reason
        self.discarded = discarded
        self.storeError = storeError
        self.workout = workout
        self.sensors = sensors
        self.confidence = confidence
        self.suggestion = suggestion
    }

    public init(json: JSONValue) throws(WireDecodingError) {
        let fields = try WireFields(json)
        intent = try fields.optionalString("intent")
        code = try fields.string("code")
        phase = try fields.optionalString("phase")
        state = try fields.optionalString("state")
        elapsed = try fields.optionalNumber("elapsed")
        message = try fields.optionalString("message") ?? ""
        lang = try fields.optionalString("lang") ?? "en"
        parameter = try fields.optionalString("parameter")
        options = try fields.optionalStrings("options")
        reason = try fields.optionalString("reason")
        discarded = try fields.optionalString("discarded")
        storeError = try fields.optionalMessage("storeError")
        workout = try fields.optionalMessage("workout")
        sensors = try fields.optionalMessage("sensors")
        confidence = try fields.optionalNumber("confidence")
        suggestion = fields["suggestion"]
    }

    public var json: JSONValue {
        var out = WireMembers()
        out.add("intent", JSONValue.optional(intent))
        out.add("code", .string(code))
        out.add("phase", phase)
        out.add("state", state)
        out.add("elapsed", elapsed)
        out.add("message", .string(message))
        out.add("lang", .string(lang))
        out.add("parameter", parameter)
        out.add("options", options.flatMap { $0.isEmpty ? nil : $0 })
        out.add("reason", reason)
        out.add("discarded", discarded)
        out.add("storeError", storeError)
        out.add("workout", workout)
        out.add("sensors", sensors)
        out.add("confidence", confidence)
        out.add("suggestion", suggestion)
        return out.json
    }

    public static let notUnderstood = "notUnderstood"

    /// success, or `ready` (a start whose countdown began).
    public var isSuccess: Bool { code == "success" || code == "ready" }
}
