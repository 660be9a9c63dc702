// The documented example of each method's result, as values of the result types: docs/protocol.md's
// "Results" section is their encoding (RoutesDocumentationTests), and each one is decoded and
// encoded again by its type in the tests, so the doc, the types and the gateway cannot drift apart.
// The sentences are what an English gateway says; they are examples for client authors, not words
// the gateway takes from here (those come from Intents/en/_responses.yaml).

public enum WireExamples {
    /// An example sentence of the docs (WordsInSourcesTests allows it by this name).
    static func docSentence(_ text: String) -> String { text }

    static let workoutID = "5f0c2a8e-3b1d-4c7a-9e2f-8d6b1a4c3e70"
    static let startDate = "2026-05-01T07:30:12.480Z"

    /// An outdoor run ten minutes in, with a heart-rate strap and a distance goal.
    public static let runningWorkout = WireWorkout(
        id: workoutID, state: "running", activity: "running", location: "outdoor", goal: .distance(meters: 10000),
        elapsed: 605.214, start: startDate, laps: 2, locked: false, goalProgress: 0.457, goalReached: false,
        metrics: [("heartRate", WireStatistics(count: 598, average: 158.3, minimum: 92, maximum: 176, mostRecent: 173, unit: "bpm")),
                  ("distance", WireStatistics(count: 121, sum: 4567, mostRecent: 38.2, unit: "m")),
                  ("activeEnergy", WireStatistics(count: 60, sum: 389, mostRecent: 6.4, unit: "kcal"))])

    public static let start = IntentResult(
        intent: "StartWorkout", code: "success", phase: "handle", state: "prepared", elapsed: 0,
        message: docSentence("Starting your outdoor run. Goal: 30 minutes."), lang: "en",
        workout: WireWorkout(id: workoutID, state: "prepared", activity: "running", location: "outdoor",
                             goal: .time(seconds: 1800), elapsed: 0, countdown: 3, laps: 0, locked: false,
                             goalProgress: 0, goalReached: false, metrics: []))

    public static let say = IntentResult(
        intent: "PauseWorkout", code: "success", phase: "handle", state: "paused", elapsed: 61.2,
        message: docSentence("Paused your outdoor run."), lang: "en", confidence: 0.97)

    public static let sayNeedsValue = IntentResult(
        intent: "StartWorkout", code: "needsValue", phase: "resolve", state: "notStarted", elapsed: 0,
        message: docSentence("Which workout? 1) run 2) walk 3) ride"), lang: "en", parameter: "activity",
        options: ["running", "walking", "cycling"], confidence: 0.9)

    public static let pause = IntentResult(
        intent: "PauseWorkout", code: "success", phase: "handle", state: "paused", elapsed: 61.2,
        message: docSentence("Paused your outdoor run."), lang: "en")

    public static let resume = IntentResult(
        intent: "ResumeWorkout", code: "failureNoMatchingWorkout", phase: "handle", state: "running", elapsed: 75.031,
        message: docSentence("Your outdoor run is already running."), lang: "en")

    public static let end = IntentResult(
        intent: "EndWorkout", code: "success", phase: "handle", state: "ended", elapsed: 1834.5,
        message: docSentence("Ended your outdoor run after 30 minutes 34 seconds. Saved."), lang: "en",
        workout: WireWorkout(id: workoutID, state: "ended", activity: "running", location: "outdoor",
                             goal: .time(seconds: 1800), elapsed: 1834.5, start: startDate, end: "2026-05-01T08:01:02.113Z",
                             laps: 3, locked: false, goalProgress: 1, goalReached: true,
                             metrics: [("heartRate", WireStatistics(count: 1801, average: 161.2, minimum: 92, maximum: 181,
                                                                    mostRecent: 168, unit: "bpm"))]))

    public static let cancel = IntentResult(
        intent: "CancelWorkout", code: "confirmationRequired", phase: "confirm", state: "running", elapsed: 312.4,
        message: docSentence("Discard your outdoor run? Nothing will be saved."), lang: "en", parameter: "confirmation")

    public static let lap = IntentResult(
        intent: "MarkLap", code: "success", phase: "handle", state: "running", elapsed: 605.214,
        message: docSentence("Lap 2: 5:01."), lang: "en", workout: runningWorkout)

    public static let status = IntentResult(
        intent: "WorkoutStatus", code: "success", phase: "handle", state: "running", elapsed: 605.214,
        message: docSentence("Your outdoor run is in progress: 10:05, 4.57 km, 389 kcal."), lang: "en", workout: runningWorkout)

    public static let statusLocked = IntentResult(
        intent: "WorkoutStatus", code: "success", phase: "handle", state: "running", elapsed: 605.214,
        message: docSentence("Your outdoor run is in progress: 10:05."), lang: "en",
        workout: WireWorkout(id: workoutID, state: "running", activity: "running", elapsed: 605.214, start: startDate, locked: true))

    public static let skipStep = IntentResult(
        intent: "SkipStep", code: "success", phase: "handle", state: "running", elapsed: 420,
        message: docSentence("Skipped to step 3 of 8: work, 400 m."), lang: "en")

    public static let stepStatus = IntentResult(
        intent: "StepStatus", code: "success", phase: "handle", state: "running", elapsed: 455.5,
        message: docSentence("Step 3 of 8: work, 220 m to go."), lang: "en")

    public static let parse = ParseResult(
        text: docSentence("start a 30 minute outdoor run"), lang: "en", intent: "StartWorkout",
        slots: WireSlots(activity: "running", location: "outdoor", goal: .time(seconds: 1800)), confidence: 1)

    public static let parseNearMiss = ParseResult(
        text: docSentence("and the run"), lang: "en", intent: nil, confidence: 0.41,
        suggestion: WireSuggestion(intent: "EndWorkout", slots: WireSlots(activity: "running"), confidence: 0.41))

    public static let sample = SampleResult(accepted: true, outcome: "added")

    public static let sampleRejected = SampleResult(
        accepted: false, outcome: "rejected", reason: "typeNotCollected",
        message: docSentence("power is not collected in this outdoor run (it was started with --collect or --no-collect): nothing recorded."))

    public static let lock = LockResult(locked: true, message: docSentence("Locked: metrics are hidden."))
    public static let unlock = LockResult(locked: false, message: docSentence("Unlocked: metrics are shown."))
    public static let subscribe = SubscribeResult(events: true, status: true, feed: false, changes: false)
    public static let unsubscribe = UnsubscribeResult()
    public static let endpoints = EndpointsResult(["http": "http://127.0.0.1:8787/"])
    public static let tmuxFollow = FollowResult(following: "default")

    static let savedRun = WireWorkoutSummary(
        id: workoutID, activity: "running", location: "outdoor", goal: .time(seconds: 1800), startDate: "2026-05-01T07:30:12Z",
        endDate: "2026-05-01T08:01:02Z", elapsed: 1834.5, state: "saved", goalReached: true, totalDistance: 5012.3, totalEnergy: 412,
        source: WireSource(name: "coach", version: "0.9.0"))

    public static let history = HistoryResult([savedRun])

    public static let show = ShowResult(
        summary: savedRun,
        statistics: [WireStatistics(type: "heartRate", count: 1801, average: 161.2, minimum: 92, maximum: 181, mostRecent: 168,
                                    mostRecentDate: "2026-05-01T08:01:01Z", unit: "bpm"),
                     WireStatistics(type: "distance", count: 1790, sum: 5012.3, mostRecent: 2.9, mostRecentDate: "2026-05-01T08:01:02Z", unit: "m")],
        events: [WireEvent(type: "lap", date: "2026-05-01T07:40:15Z", duration: 603.1, metadata: [("lap", "1")])],
        sampleCount: 3591,
        sources: [WireSourceSamples(source: WireSource(name: "coach", version: "0.9.0", deviceName: "HRM-Pro", deviceManufacturer: "Garmin"),
                                    count: 3591, types: [("distance", 1790), ("heartRate", 1801)])],
        distanceSource: "samples")

    public static let changes = ChangesResult(
        added: [.workout(savedRun),
                .sample(WireSample(id: 48213, workoutID: workoutID, type: "heartRate", value: 168, date: "2026-05-01T08:01:01Z",
                                   syncIdentifier: "strap-1:9f2c", syncVersion: 1, source: WireSource(name: "hr-bridge", version: "1.2")))],
        deleted: [WireDeletedObject(kind: "sample", id: "48190", workoutID: workoutID)], anchor: 9731, more: false)
}
