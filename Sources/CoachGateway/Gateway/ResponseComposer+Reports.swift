// What a distance or time announcement adds when `announce: say:` asks for figures ("average pace
// 5:12 per kilometer, heart rate 151."): each figure worded from `events:` report* in
// Intents/<lang>/_responses.yaml; a figure not measured yet is left out; nothing while locked.

import CoachCore
import CoachLanguage
import CoachWire

extension ResponseComposer {
    func report(_ statistics: [ReportStatistic], snapshot: WorkoutSnapshot, language: Language, locked: Bool) -> String? {
        guard !locked, !statistics.isEmpty else { return nil }
        let metres = snapshot.current(.distance) ?? 0
        let parts = statistics.compactMap { statistic -> String? in
            let value: String?
            switch statistic {
            case .elapsed: value = clock(snapshot.elapsed, language: language)
            case .distance: value = metres > 0 ? distance(metres) : nil
            case .pace: value = metres >= 10 ? clock(snapshot.elapsed / (metres / 1000), language: language) : nil
            case .speed: value = snapshot.elapsed > 0 && metres > 0 ? JSONText.number(metres / snapshot.elapsed * 3.6, decimals: 1) : nil
            case .heartRate: value = snapshot.current(.heartRate).map { String(Int($0.rounded())) }
            case .power: value = snapshot.current(.power).map { String(Int($0.rounded())) }
            case .cadence: value = snapshot.current(.cadence).map { String(Int($0.rounded())) }
            case .energy: value = snapshot.current(.activeEnergy).map { String(Int($0.rounded())) }
            }
            let key = "report" + statistic.rawValue.prefix(1).uppercased() + statistic.rawValue.dropFirst()
            return value.map { event(key, values: ["value": $0], language: language) }
        }
        guard !parts.isEmpty else { return nil }
        let separator = event("reportSeparator", values: [:], language: language)
        return event("report", values: ["statistics": parts.joined(separator: separator)], language: language)
    }

    /// An announcement with the figures asked for after it, when there are any.
    func withReport(_ announcement: String, snapshot: WorkoutSnapshot, language: Language, locked: Bool) -> String {
        guard let report = report(reportStatistics, snapshot: snapshot, language: language, locked: locked) else { return announcement }
        let capitalised = report.prefix(1).uppercased() + report.dropFirst()
        return event("reportAfter", values: ["announcement": announcement, "report": capitalised], language: language)
    }
}
