// A workout built in code, second by second, for tests that need exact, known inputs (statistics,
// charts, CSV/JSON): 6 minutes with heart rate, power, cadence, energy and a route, a pause and a lap.

import CoachCore
import CoachExport
import Foundation

enum KnownWorkout {
    static let start = Date(timeIntervalSince1970: 1_767_225_600)   // 2026-01-01T00:00:00Z

    static func heartRate(_ second: Int) -> Double { Double(110 + second / 4 + (second % 7)) }
    static func power(_ second: Int) -> Double { Double(180 + (second * 37) % 90) }
    static func cadence(_ second: Int) -> Double { Double(84 + second % 5) }
    static func altitude(_ second: Int) -> Double { 20 + 15 * sin(Double(second) / 40) }

    /// Seconds with data: 0…359 except the pause from 120 to 150.
    static let seconds = Array(0..<120) + Array(150..<360)

    static func recording() -> WorkoutRecording {
        var samples: [RecordedSample] = []
        var route: [RecordedLocation] = []
        for second in seconds {
            let date = start.addingTimeInterval(Double(second) + 0.25)
            samples.append(RecordedSample(type: .heartRate, value: heartRate(second), date: date))
            samples.append(RecordedSample(type: .power, value: power(second), date: date))
            samples.append(RecordedSample(type: .cadence, value: cadence(second), date: date))
            samples.append(RecordedSample(type: .activeEnergy, value: 0.25, date: date))
            route.append(RecordedLocation(latitude: 35.6812 + Double(second) * 0.00003, longitude: 139.7671,
                                          altitude: altitude(second), date: date))
        }
        let events = [
            RecordedEvent(type: .pause, date: start.addingTimeInterval(120)),
            RecordedEvent(type: .resume, date: start.addingTimeInterval(150)),
            RecordedEvent(type: .lap, date: start.addingTimeInterval(200), duration: 200),
        ]
        return WorkoutRecording(id: "00000000-0000-4000-8000-000000000001", activity: .running, name: "Known run",
                                start: start, end: start.addingTimeInterval(360), events: events, samples: samples, route: route)
    }
}
