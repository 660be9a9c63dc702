// ResponseComposer: turns an outcome into the sentence a person reads, in their language, from the
// response texts and word tables in Intents/<lang>/_responses.yaml.

import CoachWire
import CoachCore
import CoachLanguage
import Foundation

struct ResponseComposer: Sendable {
    let catalog: ResponseCatalog
    /// The catalog's names of activities and places, per language: the same words the feed shows.
    let wordings: [Language: Wording]
    /// The figures each distance or time announcement adds (`announce: say:`).
    let reportStatistics: [ReportStatistic]

    init(catalog: ResponseCatalog, reportStatistics: [ReportStatistic] = []) {
        self.catalog = catalog
        self.reportStatistics = reportStatistics
        wordings = Dictionary(uniqueKeysWithValues: Language.allCases.map { ($0, Wording(catalog, language: $0)) })
    }

    func wording(_ language: Language) -> Wording { wordings[language] ?? Wording(catalog, language: language) }

    // MARK: - Messages for outcomes

    func message(for outcome: IntentOutcome, language: Language, locked: Bool) -> String {
        let intent = outcome.intent.rawValue
        var key = outcome.code.rawValue
        let snapshot = outcome.snapshot
        var values = placeholders(snapshot, language: language, locked: locked)
        if outcome.intent == .startWorkout, outcome.phase == .resolve || outcome.phase == .confirm, snapshot.activity == nil,
           case .start(let start)? = outcome.resolved {
            values["workout"] = workout(start.activity, start.location, language: language)
        }
        values["options"] = outcome.options.compactMap(ActivityType.init(rawValue:))
            .map { activityName($0, language: language) }.joined(separator: language == .ja ? "、" : ", ")

        switch (outcome.intent, outcome.code) {
        case (.startWorkout, .success):
            if let goal = snapshot.goal, goal != .open { key = "successWithGoal" }
        case (.startWorkout, .unsupported) where outcome.parameter == "goal":
            if catalog.has(intent: intent, code: "unsupportedGoal", language: language) { key = "unsupportedGoal" }
        case (.workoutStatus, .success) where snapshot.state == .notStarted:
            key = IntentCode.failureNoMatchingWorkout.rawValue
        // A plan running: the answer says the step ("Interval 2 of 5, 180 m left, on pace").
        case (.workoutStatus, .success) where snapshot.step != nil:
            if catalog.has(intent: intent, code: "successWithStep", language: language) { key = "successWithStep" }
        // Same code (nothing was paused or resumed), but say why: it already is.
        case (.pauseWorkout, .failureNoMatchingWorkout) where snapshot.state == .paused && outcome.namesTheWorkout:
            key = "alreadyPaused"
        case (.resumeWorkout, .failureNoMatchingWorkout) where snapshot.state == .running && outcome.namesTheWorkout:
            key = "alreadyRunning"
        case (.endWorkout, .success) where outcome.discardReason == .tooShort:
            return event("discardedTooShort", values: values, language: language)
        // A race is not a plan the user made: it is said as a race ("Racing your past self over 5 kilometers").
        case (.startPlannedWorkout, .success) where snapshot.step?.purpose == .race:
            if catalog.has(intent: intent, code: "successRace", language: language) { key = "successRace" }
            values["race_distance"] = snapshot.step.map { goal($0.goal, language: language) } ?? ""
        // No past workout to race: say that, not that there is no such plan.
        case (.startPlannedWorkout, .failureNoMatchingWorkout) where outcome.parameter == "race":
            if catalog.has(intent: intent, code: "noRace", language: language) { key = "noRace" }
        case (.markLap, .success):
            values["lap"] = String(snapshot.laps)
            values["lap_time"] = clock(snapshot.lastLap ?? 0, language: language)
        default: break
        }
        if key == "successWithGoal", !catalog.has(intent: intent, code: key, language: language) { key = "success" }
        if key.hasPrefix("already"), !catalog.has(intent: intent, code: key, language: language) { key = outcome.code.rawValue }
        var text = catalog.text(intent: intent, code: key, language: language, values: values)
        if outcome.code == .needsValue, !outcome.options.isEmpty {
            let numbered = outcome.options.prefix(9).enumerated().compactMap { index, raw in
                ActivityType(rawValue: raw).map { "\(index + 1)) \(activityName($0, language: language))" }
            }
            text += "\n  " + numbered.joined(separator: "  ")
        }
        // HealthKit's disableCollection, said where the workout is started and where it is asked about.
        if (outcome.intent == .startWorkout || outcome.intent == .workoutStatus), outcome.code == .success,
           !snapshot.refusedTypes.isEmpty, !locked {
            // The shorter list: "Collecting only: heartRate, power." rather than nine refused types.
            let collected = QuantityType.allCases.filter { !snapshot.refusedTypes.contains($0) }
            text += " " + (collected.count < snapshot.refusedTypes.count
                ? event("collectingOnly", values: ["types": collected.map(\.rawValue).joined(separator: ", ")], language: language)
                : event("notCollected", values: ["types": snapshot.refusedTypes.map(\.rawValue).joined(separator: ", ")], language: language))
        }
        if let problem = outcome.journalProblem {
            let reason = problem.message.hasSuffix(".") ? String(problem.message.dropLast()) : problem.message
            if outcome.intent == .endWorkout, outcome.code == .success {
                // The end itself happened; what to say is whether the workout was kept.
                values["reason"] = reason
                let key = problem.code == "errorNotPermissibleForGuestUserMode" ? "endedGuest" : "endedNotYetSaved"
                return event(key, values: values, language: language)
            }
            text += " " + event("notSaved", values: ["reason": reason], language: language)
        }
        return text
    }

    func notUnderstood(_ recognition: Recognition, language: Language) -> String {
        if let suggested = recognition.suggested {
            // Composed from the structured suggestion: the catalog's frame around the example.
            return catalog.text(intent: "errors", code: "didYouMean", language: language, values: ["suggestion": suggested.example])
        }
        return catalog.text(intent: "errors", code: "notUnderstood", language: language)
    }

    /// "Did you mean: end your run?" for an End or Cancel that was only guessed.
    func confirmGuess(_ intent: WorkoutIntent, snapshot: WorkoutSnapshot, language: Language) -> String {
        let values = placeholders(snapshot, language: language, locked: true)
        let text = catalog.text(intent: intent.kind.rawValue, code: IntentCode.confirmationRequired.rawValue,
                                language: language, values: values)
        return text + (catalog.phrase("phrases", "yes_no", language: language) ?? "")
    }

    // MARK: - Announcements

    func event(_ key: String, values: [String: String], language: Language) -> String {
        let template = catalog.phrase("events", key, language: language) ?? catalog.phrase("events", key, language: .en) ?? key
        return catalog.fill(template, values: values)
    }

    /// The line announced for a notification, or nil for notifications that are not worth a line.
    func announcement(_ notification: WorkoutNotification, snapshot: WorkoutSnapshot, language: Language, locked: Bool) -> String? {
        var values = placeholders(snapshot, language: language, locked: locked)
        switch notification {
        case .countdown(let left):
            return event("countdown", values: ["seconds": String(left)], language: language)
        case .stateChanged(let from, let to, _):
            switch (from, to) {
            case (.prepared, .running): return event("started", values: values, language: language)
            case (.running, .paused):
                return event(snapshot.autoPaused ? "autoPaused" : "paused", values: values, language: language)
            case (.paused, .running): return event("resumed", values: values, language: language)
            case (_, .stopped): return event("stopped", values: values, language: language)
            default: return nil
            }
        case .event(let event) where event.type == .lap:
            values["lap"] = event.metadata["lap"] ?? "?"
            values["lap_time"] = clock(event.duration?.seconds ?? 0, language: language)
            return self.event("lap", values: values, language: language)
        case .event:
            return nil
        case .goalReached(let goal, _):
            values["goal"] = self.goal(goal, language: language)
            return event("goalReached", values: values, language: language)
        case .milestone(.distance(let count, let unit), _):
            values["distance"] = quantity(Double(count), unit: unit == .miles ? "mile" : "kilometer", language: language)
            // Racing a past self or a pacer: each kilometre also says how far ahead or behind.
            if !locked, let gap = snapshot.step?.gap {
                values["gap"] = wording(language).gapText(gap)
                return withReport(event("milestoneRace", values: values, language: language), snapshot: snapshot, language: language, locked: locked)
            }
            return withReport(event("milestoneDistance", values: values, language: language), snapshot: snapshot, language: language, locked: locked)
        case .milestone(.time(let minutes), _):
            values["elapsed"] = clock(Double(minutes) * 60, language: language)
            return withReport(event("milestoneTime", values: values, language: language), snapshot: snapshot, language: language, locked: locked)
        case .milestone(.halfway(let goal), _):
            values["goal"] = self.goal(goal, language: language)
            return event("halfway", values: values, language: language)
        case .saved(let finished):
            values["elapsed"] = clock(finished.elapsed, language: language)
            return event("saved", values: values, language: language)
        case .discarded(_, let reason):
            return event(reason == .tooShort ? "discardedTooShort" : "discarded", values: values, language: language)
        case .recovered:
            return event("recovered", values: values, language: language)
        case .plan(let notice):
            return planAnnouncement(notice, values: values, language: language, locked: locked)
        }
    }

    // MARK: - Placeholder values

    func placeholders(_ snapshot: WorkoutSnapshot, language: Language, locked: Bool) -> [String: String] {
        var values: [String: String] = [
            "workout": workout(snapshot.activity, snapshot.location, name: snapshot.workoutName, language: language),
            "activity": snapshot.activity.map { activityName($0, language: language) } ?? "",
            "location": snapshot.location.flatMap { locationName($0, language: language) } ?? "",
            "state": catalog.phrase("states", snapshot.state.rawValue, language: language) ?? snapshot.state.rawValue,
            "elapsed": clock(snapshot.elapsed, language: language),
            "lap": String(snapshot.laps),
            "goal": snapshot.goal.map { goal($0, language: language) } ?? "",
            "step": snapshot.step.map { wording(language).stepLine($0, locked: locked) } ?? "",
            "spoken_step": snapshot.step.map { wording(language).spokenStep($0, locked: locked) } ?? "",
            "next_step": snapshot.step.map { wording(language).nextStep($0) } ?? "",
            "plan": planName(snapshot.step?.planName ?? snapshot.workoutName ?? "", language: language),
        ]
        if locked {
            let hidden = event("hidden", values: [:], language: language)
            values["distance"] = hidden
            values["energy"] = hidden
        } else {
            values["distance"] = snapshot.current(.distance).map { distance($0) } ?? event("noDistance", values: [:], language: language)
            values["energy"] = snapshot.current(.activeEnergy).map { "\(Int($0.rounded())) kcal" } ?? event("noEnergy", values: [:], language: language)
        }
        return values
    }

    /// A library plan as a reply names it ("ramp test", 「ランプテスト」: `planNames:`); any other by its own name.
    func planName(_ name: String, language: Language) -> String {
        catalog.phrase("planNames", name, language: language) ?? name
    }

    func activityName(_ activity: ActivityType, language: Language) -> String {
        wording(language).activity(activity)
    }

    func locationName(_ location: LocationType, language: Language) -> String? {
        location == .unknown ? nil : wording(language).location(location)
    }

    /// "outdoor run", "屋外ランニング", "workout"; the user's own name for it when there is one.
    func workout(_ activity: ActivityType?, _ location: LocationType?, name: String? = nil, language: Language) -> String {
        name ?? wording(language).workout(activity, location)
    }

    /// "30 minutes", "5 kilometers", "500 calories", "30分".
    func goal(_ goal: WorkoutGoal, language: Language) -> String {
        let (value, unit): (Double, String)
        switch goal {
        case .open: return ""
        case .time(let seconds):
            if seconds >= 3600, seconds.truncatingRemainder(dividingBy: 3600) == 0 { (value, unit) = (seconds / 3600, "hour") }
            else if seconds.truncatingRemainder(dividingBy: 60) == 0 { (value, unit) = (seconds / 60, "minute") }
            else { (value, unit) = (seconds, "second") }
        case .distance(let meters):
            (value, unit) = meters >= 1000 ? (meters / 1000, "kilometer") : (meters, "meter")
        case .energy(let kilocalories):
            (value, unit) = (kilocalories, "kilocalorie")
        }
        return quantity(value, unit: unit, language: language)
    }

    /// "5 kilometers", "1 mile", "5キロ": a number and a unit from the units table, as spoken.
    func quantity(_ value: Double, unit: String, language: Language) -> String {
        let number = JSONText.number(value, decimals: 2)
        let template = catalog.phrase("phrases", "goal", language: language) ?? "{value} {unit}"
        var unitName = catalog.phrase("units", unit, language: language) ?? unit
        if language == .en, number == "1" {
            // "1 kilometer", "1 hour": the table holds plurals.
            unitName = unitName == "feet" ? "foot" : (unitName.hasSuffix("s") ? String(unitName.dropLast()) : unitName)
        }
        return catalog.fill(template, values: ["value": number, "unit": unitName])
    }

    /// "12:05" / "1:02:03"; Japanese "12分05秒" / "1時間02分03秒".
    func clock(_ seconds: Double, language: Language) -> String {
        let total = Int(seconds.rounded(.down))
        let (hours, minutes, secs) = (total / 3600, (total % 3600) / 60, total % 60)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        if language == .ja {
            return hours > 0 ? "\(hours)時間\(two(minutes))分\(two(secs))秒" : "\(minutes)分\(two(secs))秒"
        }
        return hours > 0 ? "\(hours):\(two(minutes)):\(two(secs))" : "\(minutes):\(two(secs))"
    }

    func distance(_ meters: Double) -> String {
        guard meters >= 1000 else { return "\(Int(meters.rounded())) m" }
        let hundredths = Int((meters / 10).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction) km"
    }
}

private extension IntentOutcome {
    /// The intent was about the ongoing workout: it named no activity, or the workout's own.
    var namesTheWorkout: Bool {
        switch resolved {
        case .pause(let named)?, .resume(let named)?: return named == nil || named == snapshot.activity
        default: return false
        }
    }
}
