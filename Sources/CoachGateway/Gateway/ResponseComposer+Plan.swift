// The announcements of a running plan: a step's start and end, a multisport transition, an alert
// and its "back in range", the plan complete. Words from `events:` and `plan:` in
// Intents/<lang>/_responses.yaml; locked, a step is named but its values are not said.

import CoachCore
import CoachWire

extension ResponseComposer {
    func planAnnouncement(_ notice: PlanNotice, values: [String: String], language: Language, locked: Bool) -> String? {
        var values = values
        let words = wording(language)
        switch notice {
        case .stepStarted(let step):
            values["step"] = words.stepLabel(step)
            values["goal"] = locked ? "" : words.stepLine(step, locked: false).split(separator: " · ").dropFirst().first.map(String.init) ?? ""
            if locked { return words.stepLabel(step) + "." }
            return event("stepStarted", values: values, language: language)
        case .stepEnded(let step, _):
            values["step"] = words.stepLabel(step)
            return event("stepEnded", values: values, language: language)
        case .transition(let from, let to):
            values["from"] = from.map { activityName($0, language: language) } ?? ""
            values["to"] = to.map { activityName($0, language: language) } ?? ""
            return event("transition", values: values, language: language)
        case .alert(let metric, let direction, let step):
            guard !locked else { return nil }
            values["alert"] = words.alertText(metric, direction, target: step.target)
            return event("alert", values: values, language: language)
        case .backInRange(let metric, let step):
            guard !locked else { return nil }
            values["alert"] = words.alertText(metric, nil, target: step.target)
            return event("backInRange", values: values, language: language)
        case .finished:
            values["plan"] = values["workout"] ?? ""
            return event("planFinished", values: values, language: language)
        }
    }
}
