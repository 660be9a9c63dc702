// FIT workout files (file type 5) into a plan: the `workout` and `workout_step` messages of a file
// a watch, Garmin Connect or Garmin's SDK wrote. Steps before a "repeat until steps complete" step
// back to step k form a block repeated N times; a leading warm-up and a trailing cool-down are the
// plan's own; other steps are blocks of one. A speed target on foot is read as a pace.

import CoachCore
import CoachWire
import Foundation

public enum FITWorkoutReader {
    public static func read(_ data: Data, name: String, file: String) throws(ImportProblem) -> WorkoutPlan {
        let messages = try FITMessageReader.messages(data, file: file)
        guard messages.contains(where: { $0.global == 0 && $0.fields[0] == 5 }) else {
            throw ImportProblem(file: file, message: "not a FIT workout file (file_id type is not 5, workout)")
        }
        let sport = messages.first { $0.global == 26 }?.fields[4]
        let activity = FITReader.activity(fitSport: sport ?? 0)
        let onFoot = [UInt64(1), 11, 17].contains(sport ?? 0)
        let rows = messages.filter { $0.global == 27 }.map(\.fields)
        guard !rows.isEmpty else { throw ImportProblem(file: file, message: "the workout has no steps") }

        var pending: [(index: Int, step: PlanStep)] = []
        var blocks: [(first: Int, block: IntervalBlock)] = []
        for (position, fields) in rows.enumerated() {
            let index = fields[254].flatMap { $0 == FIT.invalidUInt16 ? nil : Int($0) } ?? position
            if fields[1] == 6, let from = fields[2].map(Int.init) {   // repeat_until_steps_cmplt
                let iterations = Int(fields[4] ?? 1)
                let inBlock = pending.filter { $0.index >= from }
                pending.removeAll { $0.index >= from }
                blocks.append((from, IntervalBlock(steps: inBlock.map(\.step), iterations: max(iterations, 1))))
            } else {
                pending.append((index, step(fields, onFoot: onFoot)))
            }
        }
        // What no repeat took: steps in their order, a warm-up first and a cool-down last kept apart.
        let singles = pending.map { (first: $0.index, block: IntervalBlock(steps: [$0.step], iterations: 1)) }
        var warmup: PlanStep?
        var cooldown: PlanStep?
        var all = (blocks + singles).sorted { $0.first < $1.first }
        if let first = all.first, first.block.iterations == 1, first.block.steps.count == 1, first.block.steps[0].purpose == .warmup {
            warmup = first.block.steps[0]
            all.removeFirst()
        }
        if let last = all.last, last.block.iterations == 1, last.block.steps.count == 1, last.block.steps[0].purpose == .cooldown {
            cooldown = last.block.steps[0]
            all.removeLast()
        }
        // Consecutive steps outside any repeat make one block, as a person would write them.
        var merged: [IntervalBlock] = []
        for entry in all {
            if entry.block.iterations == 1, let last = merged.last, last.iterations == 1 {
                merged[merged.count - 1].steps += entry.block.steps
            } else {
                merged.append(entry.block)
            }
        }
        return WorkoutPlan(name: name, activity: activity, kind: .custom(CustomPlan(warmup: warmup, blocks: merged, cooldown: cooldown)))
    }

    static func step(_ fields: [UInt8: UInt64], onFoot: Bool) -> PlanStep {
        func valid(_ key: UInt8) -> Double? {
            guard let raw = fields[key], raw != FIT.invalidUInt32 else { return nil }
            return Double(raw)
        }
        let goal: WorkoutGoal
        switch fields[1] {
        case 0?: goal = valid(2).map { .time(seconds: $0 / 1000) } ?? .open
        case 1?: goal = valid(2).map { .distance(meters: $0 / 100) } ?? .open
        case 4?: goal = valid(2).map { .energy(kilocalories: $0) } ?? .open
        default: goal = .open
        }
        let purpose: StepPurpose
        switch fields[7] {
        case 1?: purpose = .recovery
        case 2?: purpose = .warmup
        case 3?: purpose = .cooldown
        default: purpose = .work
        }
        var alert: PlanAlert?
        let low = valid(5), high = valid(6)
        switch fields[3] {
        case 0?:   // speed, mm/s
            if let low, let high, low > 0, high > 0 {
                alert = onFoot
                    ? PlanAlert(metric: .pace, target: .range(low: (1_000_000 / high).rounded(), high: (1_000_000 / low).rounded()))
                    : PlanAlert(metric: .speed, target: .range(low: low / 1000, high: high / 1000))
            }
        case 1?:   // heart rate: a zone, or bpm + 100
            if let zone = valid(4), (1...5).contains(zone) { alert = PlanAlert(metric: .heartRate, target: .zone(Int(zone))) }
            else if let low, let high, low > 100 { alert = PlanAlert(metric: .heartRate, target: .range(low: low - 100, high: high - 100)) }
        case 3?:
            if let low, let high { alert = PlanAlert(metric: .cadence, target: .range(low: low, high: high)) }
        case 4?:   // power: a zone, or W + 1000
            if let low, let high, low > 1000 { alert = PlanAlert(metric: .power, target: .range(low: low - 1000, high: high - 1000)) }
        default: break
        }
        return PlanStep(purpose: purpose, goal: goal, alert: alert)
    }
}

/// The messages of a FIT file as global number and raw integer fields (developer fields and
/// strings skipped): enough for files whose meaning is in numbers, such as workouts.
enum FITMessageReader {
    struct Message { var global: UInt16; var fields: [UInt8: UInt64] }
    private struct Definition { var global: UInt16; var bigEndian: Bool; var fields: [(number: UInt8, size: Int)]; var developerBytes: Int }

    static func messages(_ data: Data, file: String) throws(ImportProblem) -> [Message] {
        let bytes = [UInt8](data)
        func fail(_ message: String) -> ImportProblem { ImportProblem(file: file, message: message) }
        guard bytes.count >= 14, bytes[8] == 0x2E, bytes[9] == 0x46, bytes[10] == 0x49, bytes[11] == 0x54 else {
            throw fail("not a FIT file (no .FIT signature in the header)")
        }
        let headerSize = Int(bytes[0])
        let dataSize = Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16 | Int(bytes[7]) << 24
        let end = headerSize + dataSize
        guard bytes.count >= end + 2 else { throw fail("truncated: the file is shorter than its header says") }
        guard UInt16(bytes[end]) | UInt16(bytes[end + 1]) << 8 == FIT.crc(bytes[0..<end]) else {
            throw fail("the file's CRC does not match: the file is damaged")
        }
        var definitions: [UInt8: Definition] = [:]
        var messages: [Message] = []
        var offset = headerSize
        while offset < end {
            let header = bytes[offset]
            offset += 1
            if header & 0x80 == 0, header & 0x40 != 0 {
                guard offset + 5 <= end else { throw fail("truncated definition message") }
                let bigEndian = bytes[offset + 1] == 1
                let global = bigEndian ? UInt16(bytes[offset + 2]) << 8 | UInt16(bytes[offset + 3])
                                       : UInt16(bytes[offset + 2]) | UInt16(bytes[offset + 3]) << 8
                let count = Int(bytes[offset + 4])
                offset += 5
                guard offset + count * 3 <= end else { throw fail("truncated definition message") }
                let fields = (0..<count).map { (number: bytes[offset + $0 * 3], size: Int(bytes[offset + $0 * 3 + 1])) }
                offset += count * 3
                var developerBytes = 0
                if header & 0x20 != 0 {
                    let developerCount = Int(bytes[offset])
                    offset += 1
                    guard offset + developerCount * 3 <= end else { throw fail("truncated developer fields") }
                    developerBytes = (0..<developerCount).reduce(0) { $0 + Int(bytes[offset + $1 * 3 + 1]) }
                    offset += developerCount * 3
                }
                definitions[header & 0x0F] = Definition(global: global, bigEndian: bigEndian, fields: fields, developerBytes: developerBytes)
            } else {
                let local = header & 0x80 != 0 ? (header >> 5) & 0x03 : header & 0x0F
                guard let definition = definitions[local] else { throw fail("a data message before its definition") }
                var fields: [UInt8: UInt64] = [:]
                for field in definition.fields {
                    guard offset + field.size <= end else { throw fail("truncated data message") }
                    if field.size <= 8 {
                        var value: UInt64 = 0
                        for i in 0..<field.size {
                            let byte = UInt64(bytes[offset + (definition.bigEndian ? i : field.size - 1 - i)])
                            value = value << 8 | byte
                        }
                        fields[field.number] = value
                    }
                    offset += field.size
                }
                offset += definition.developerBytes
                messages.append(Message(global: definition.global, fields: fields))
            }
        }
        return messages
    }
}
