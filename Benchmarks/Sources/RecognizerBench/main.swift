// RecognizerBench: times Coach's recogniser on a list of utterances and prints, as one JSON
// object, load time, per-utterance median times and every answer (for comparison with hassil).
// Usage: RecognizerBench INTENTS_DIR SENTENCES.json [REPEATS]
//   SENTENCES.json: [{"lang": "en", "text": "…"}, …]

import CoachLanguage
import CoachWire
import Foundation

let args = CommandLine.arguments
guard args.count >= 3 else {
    FileHandle.standardError.write("usage: RecognizerBench INTENTS_DIR SENTENCES.json [REPEATS]\n".data(using: .utf8)!)
    exit(64)
}
let repeats = args.count > 3 ? Int(args[3]) ?? 201 : 201
let data = try Data(contentsOf: URL(fileURLWithPath: args[2]))
let items = try JSONSerialization.jsonObject(with: data) as! [[String: String]]

let clock = ContinuousClock()
func micros(_ d: Duration) -> Double {
    Double(d.components.seconds) * 1e6 + Double(d.components.attoseconds) / 1e12
}

// Load + compile every language, several times; report the median.
var loads: [Double] = []
var recognizer: Recognizer! = nil
for _ in 0 ..< 5 {
    let t0 = clock.now
    recognizer = try Recognizer(intentsDirectory: args[1])
    loads.append(micros(clock.now - t0))
}
loads.sort()

var answers: [[String: Any]] = []
var medians: [Double] = []
var samples = [Double](repeating: 0, count: repeats)
for item in items {
    let lang = Language(rawValue: item["lang"] ?? "en") ?? .en
    let text = item["text"] ?? ""
    var r = recognizer.recognize(text, language: lang)
    for i in 0 ..< repeats {
        let t0 = clock.now
        r = recognizer.recognize(text, language: lang)
        samples[i] = micros(clock.now - t0)
    }
    samples.sort()
    medians.append(samples[repeats / 2])
    var slots: [String: Any] = [:]
    for (k, v) in r.slots.values {
        switch v {
        case .string(let s): slots[k] = s
        case .number(let d): slots[k] = d
        case .bool(let b): slots[k] = b
        }
    }
    answers.append([
        "lang": lang.rawValue, "text": text, "intent": r.intent ?? NSNull(), "slots": slots, "exact": r.isExact,
        "method": r.method.rawValue, "suggested": r.suggestedIntent ?? NSNull(), "confidence": r.confidence,
        "median_us": samples[repeats / 2],
    ])
}
let sorted = medians.sorted()
func pct(_ p: Double) -> Double { sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] }
let out: [String: Any] = [
    "load_ms": loads[loads.count / 2] / 1000, "median_us": pct(0.5), "p90_us": pct(0.9), "p99_us": pct(0.99),
    "max_us": sorted.last ?? 0, "count": items.count, "repeats": repeats, "answers": answers,
]
let json = try JSONSerialization.data(withJSONObject: out, options: [.sortedKeys])
FileHandle.standardOutput.write(json)
print()
