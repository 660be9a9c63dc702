// FIT activity files (Garmin's "Activity File"): file_id, device_info, a timer start event, records
// with timer stop_all/start events around each pause, a lap message at each lap's end, the final
// stop, session and activity — timestamps ascending, header and file CRCs as the SDK checks them.

import CoachCore
import Foundation

public enum FITWriter {
    private enum Local {
        static let fileID: UInt8 = 0, device: UInt8 = 1, event: UInt8 = 2, record: UInt8 = 3
        static let lap: UInt8 = 4, session: UInt8 = 5, activity: UInt8 = 6
    }

    public static func write(_ recording: WorkoutRecording) -> Data {
        write(recording, timeline: Timeline(recording))
    }

    public static func write(_ recording: WorkoutRecording, timeline: Timeline) -> Data {
        let startSecond = ExportText.unixSecond(timeline.start) ?? 0
        let endSecond = Swift.max(ExportText.unixSecond(timeline.end) ?? startSecond, startSecond)
        let start = FIT.timestamp(startSecond)
        let end = FIT.timestamp(endSecond)
        var fit = FITEncoder()

        fit.fileID(local: Local.fileID, type: 4, created: start)   // an activity file

        fit.define(local: Local.device, global: 23, [
            FITField(number: 253, size: 4, base: FIT.Base.uint32),       // timestamp
            FITField(number: 0, size: 1, base: FIT.Base.uint8),          // device_index (0 = creator)
            FITField(number: 2, size: 2, base: FIT.Base.uint16),         // manufacturer
            FITField(number: 4, size: 2, base: FIT.Base.uint16),         // product
            FITField(number: 5, size: 2, base: FIT.Base.uint16),         // software_version (×100)
        ])
        fit.message(local: Local.device, [start, 0, 255, 1, 10])

        fit.define(local: Local.event, global: 21, [
            FITField(number: 253, size: 4, base: FIT.Base.uint32),       // timestamp
            FITField(number: 0, size: 1, base: FIT.Base.enumeration),    // event (0 = timer)
            FITField(number: 1, size: 1, base: FIT.Base.enumeration),    // event_type (0 start, 4 stop_all)
        ])
        fit.message(local: Local.event, [start, 0, 0])

        // Speed only when a speed sensor measured some: a file without it stays as it always was.
        let hasSpeed = timeline.points.contains { $0.speed != nil }
        fit.define(local: Local.record, global: 20, [
            FITField(number: 253, size: 4, base: FIT.Base.uint32),       // timestamp
            FITField(number: 0, size: 4, base: FIT.Base.sint32),         // position_lat (semicircles)
            FITField(number: 1, size: 4, base: FIT.Base.sint32),         // position_long
            FITField(number: 2, size: 2, base: FIT.Base.uint16),         // altitude (m ×5 +500)
            FITField(number: 3, size: 1, base: FIT.Base.uint8),          // heart_rate
            FITField(number: 4, size: 1, base: FIT.Base.uint8),          // cadence
            FITField(number: 5, size: 4, base: FIT.Base.uint32),         // distance (m ×100)
            FITField(number: 7, size: 2, base: FIT.Base.uint16),         // power
            FITField(number: 53, size: 1, base: FIT.Base.uint8),         // fractional_cadence (1/128 rpm)
        ] + (hasSpeed ? [FITField(number: 6, size: 2, base: FIT.Base.uint16)] : []))  // speed (m/s ×1000)
        fit.define(local: Local.lap, global: 19, summaryFields(lap: true))

        // Pauses (stop_all) and resumes (start), between the running intervals.
        var timerEvents: [(second: Int64, type: UInt64)] = []
        for (index, run) in timeline.running.enumerated() {
            if index > 0, let second = ExportText.unixSecond(run.start) { timerEvents.append((second, 0)) }
            if index < timeline.running.count - 1, let second = ExportText.unixSecond(run.end) { timerEvents.append((second, 4)) }
        }
        var nextEvent = 0
        let stepsPerUnit = FIT.stepsPerCadenceUnit(sport: sport(recording.activity))
        for (lapIndex, lap) in timeline.laps.enumerated() {
            for index in lap.pointRange {
                let point = timeline.points[index]
                while nextEvent < timerEvents.count, timerEvents[nextEvent].second <= point.second {
                    fit.message(local: Local.event, [FIT.timestamp(timerEvents[nextEvent].second), 0, timerEvents[nextEvent].type])
                    nextEvent += 1
                }
                // Whole revolutions and the 1/128 rest, so 165 steps a minute come back as 165.
                let cadence = point.cadence.map { steps -> (whole: Double, fraction: Double) in
                    let rpm = Swift.min(Swift.max(steps / stepsPerUnit, 0), 254)
                    let sixteenths = (rpm * 128).rounded()
                    return ((sixteenths / 128).rounded(.down), sixteenths.truncatingRemainder(dividingBy: 128) / 128)
                }
                fit.message(local: Local.record, [
                    FIT.timestamp(point.second), FIT.semicircles(point.latitude), FIT.semicircles(point.longitude),
                    FIT.scaled(point.altitude, scale: 5, offset: 500, bytes: 2),
                    FIT.scaled(point.heartRate.map { Swift.min($0, 254) }, bytes: 1),
                    FIT.scaled(cadence?.whole, bytes: 1),
                    FIT.scaled(point.distance, scale: 100, bytes: 4), FIT.scaled(point.power, bytes: 2),
                    FIT.scaled(cadence?.fraction, scale: 128, bytes: 1),
                ] + (hasSpeed ? [FIT.scaled(point.speed, scale: 1000, bytes: 2)] : []))
            }
            let lapEnd = ExportText.unixSecond(lap.span.end) ?? endSecond
            let isLast = lapIndex == timeline.laps.count - 1
            while nextEvent < timerEvents.count, isLast || timerEvents[nextEvent].second <= lapEnd {
                fit.message(local: Local.event, [FIT.timestamp(timerEvents[nextEvent].second), 0, timerEvents[nextEvent].type])
                nextEvent += 1
            }
            if isLast { fit.message(local: Local.event, [end, 0, 4]) }
            fit.message(local: Local.lap, summaryValues(
                index: lapIndex, timestamp: FIT.timestamp(lapEnd), start: FIT.timestamp(ExportText.unixSecond(lap.span.start) ?? startSecond),
                elapsed: lap.span.seconds, timer: lap.timerSeconds, distance: lap.distance, energy: lap.energy,
                averageHeartRate: lap.averageHeartRate, maximumHeartRate: lap.maximumHeartRate,
                averageCadence: lap.averageCadence.map { $0 / stepsPerUnit }, averagePower: lap.averagePower, sport: sport(recording.activity), lap: true))
        }

        let heart = timeline.points.compactMap(\.heartRate)
        let cadence = timeline.points.compactMap(\.cadence)
        let power = timeline.points.compactMap(\.power)
        fit.define(local: Local.session, global: 18, summaryFields(lap: false))
        fit.message(local: Local.session, summaryValues(
            index: 0, timestamp: end, start: start, elapsed: timeline.elapsedSeconds, timer: timeline.timerSeconds,
            distance: timeline.totalDistance, energy: timeline.totalEnergy,
            averageHeartRate: heart.isEmpty ? nil : heart.reduce(0, +) / Double(heart.count), maximumHeartRate: heart.max(),
            averageCadence: cadence.isEmpty ? nil : cadence.reduce(0, +) / Double(cadence.count) / stepsPerUnit,
            averagePower: power.isEmpty ? nil : power.reduce(0, +) / Double(power.count),
            sport: sport(recording.activity), lap: false, numberOfLaps: timeline.laps.count))

        fit.define(local: Local.activity, global: 34, [
            FITField(number: 253, size: 4, base: FIT.Base.uint32),       // timestamp
            FITField(number: 0, size: 4, base: FIT.Base.uint32),         // total_timer_time (s ×1000)
            FITField(number: 1, size: 2, base: FIT.Base.uint16),         // num_sessions
            FITField(number: 2, size: 1, base: FIT.Base.enumeration),    // type (0 manual)
            FITField(number: 3, size: 1, base: FIT.Base.enumeration),    // event (26 activity)
            FITField(number: 4, size: 1, base: FIT.Base.enumeration),    // event_type (1 stop)
        ])
        fit.message(local: Local.activity, [end, FIT.scaled(timeline.timerSeconds, scale: 1000, bytes: 4), 1, 0, 26, 1])
        return fit.file()
    }

    /// Lap (global 19) and session (global 18) share most fields under different numbers.
    private static func summaryFields(lap: Bool) -> [FITField] {
        var fields = [
            FITField(number: 254, size: 2, base: FIT.Base.uint16),                  // message_index
            FITField(number: 253, size: 4, base: FIT.Base.uint32),                  // timestamp
            FITField(number: 0, size: 1, base: FIT.Base.enumeration),               // event
            FITField(number: 1, size: 1, base: FIT.Base.enumeration),               // event_type
            FITField(number: 2, size: 4, base: FIT.Base.uint32),                    // start_time
            FITField(number: 7, size: 4, base: FIT.Base.uint32),                    // total_elapsed_time
            FITField(number: 8, size: 4, base: FIT.Base.uint32),                    // total_timer_time
            FITField(number: 9, size: 4, base: FIT.Base.uint32),                    // total_distance
            FITField(number: 11, size: 2, base: FIT.Base.uint16),                   // total_calories
            FITField(number: lap ? 15 : 16, size: 1, base: FIT.Base.uint8),         // avg_heart_rate
            FITField(number: lap ? 16 : 17, size: 1, base: FIT.Base.uint8),         // max_heart_rate
            FITField(number: lap ? 17 : 18, size: 1, base: FIT.Base.uint8),         // avg_cadence
            FITField(number: lap ? 19 : 20, size: 2, base: FIT.Base.uint16),        // avg_power
            FITField(number: lap ? 25 : 5, size: 1, base: FIT.Base.enumeration),    // sport
        ]
        if !lap {
            fields += [
                FITField(number: 6, size: 1, base: FIT.Base.enumeration),           // sub_sport
                FITField(number: 25, size: 2, base: FIT.Base.uint16),               // first_lap_index
                FITField(number: 26, size: 2, base: FIT.Base.uint16),               // num_laps
                FITField(number: 28, size: 1, base: FIT.Base.enumeration),          // trigger (activity_end)
            ]
        } else {
            fields.append(FITField(number: 24, size: 1, base: FIT.Base.enumeration)) // lap_trigger (manual)
        }
        return fields
    }

    private static func summaryValues(index: Int, timestamp: UInt64, start: UInt64, elapsed: Double, timer: Double,
                                      distance: Double, energy: Double, averageHeartRate: Double?, maximumHeartRate: Double?,
                                      averageCadence: Double?, averagePower: Double?, sport: UInt64, lap: Bool,
                                      numberOfLaps: Int = 0) -> [UInt64] {
        var values: [UInt64] = [
            UInt64(Swift.min(index, 0xFFFE)), timestamp, lap ? 9 : 8, 1, start,
            FIT.scaled(elapsed, scale: 1000, bytes: 4), FIT.scaled(timer, scale: 1000, bytes: 4),
            FIT.scaled(distance, scale: 100, bytes: 4), FIT.scaled(Swift.min(energy, 65_534), bytes: 2),
            FIT.scaled(averageHeartRate.map { Swift.min($0, 254) }, bytes: 1),
            FIT.scaled(maximumHeartRate.map { Swift.min($0, 254) }, bytes: 1),
            FIT.scaled(averageCadence.map { Swift.min($0, 254) }, bytes: 1), FIT.scaled(averagePower, bytes: 2), sport,
        ]
        if lap {
            values.append(0)
        } else {
            values += [0, 0, UInt64(Swift.min(numberOfLaps, 0xFFFE)), 0]
        }
        return values
    }

    /// FIT sport numbers (Profile: sport).
    static func sport(_ activity: ActivityType?) -> UInt64 {
        switch activity {
        case .running, .trackAndField, .wheelchairRunPace: return 1
        case .cycling, .handCycling: return 2
        case .swimming: return 5
        case .walking, .wheelchairWalkPace: return 11
        case .rowing: return 15
        case .hiking: return 17
        case .none: return 0
        default: return 10   // training
        }
    }
}
