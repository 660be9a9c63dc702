// HAIntentsBench: Home Assistant's English intent tests through Coach's recogniser, the way HA's
// runner calls hassil — best match, each test's intent_context, `name` as the preferred slot —
// and every answer as one JSON object (Benchmarks/ha-intents/compare.py scores it).
// Usage: HAIntentsBench INTENTS_DIR TESTS.json
//   INTENTS_DIR, TESTS.json: written by Benchmarks/ha-intents/prepare.py.

import CoachLanguage
import Foundation

let args = CommandLine.arguments
guard args.count == 3 else {
    FileHandle.standardError.write("usage: HAIntentsBench INTENTS_DIR TESTS.json\n".data(using: .utf8)!)
    exit(64)
}
let tests = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: args[2]))) as! [[String: Any]]

/// JSON scalars as hassil's context values (a YAML number is a number, true/false a bool).
func slotValue(_ value: Any) -> SlotValue {
    if let text = value as? String { return .string(text) }
    if let number = value as? NSNumber {
        // JSONSerialization gives true/false as NSNumbers of type char.
        if String(cString: number.objCType) == "c" { return .bool(number.boolValue) }
        return .number(number.doubleValue)
    }
    return .string("\(value)")
}

func json(_ value: SlotValue) -> Any {
    switch value {
    case .string(let s): return s
    case .number(let d): return d == d.rounded() && abs(d) < 1e15 ? Int(d) as Any : d
    case .bool(let b): return b
    }
}

let clock = ContinuousClock()
let loadStart = clock.now
let recognizer = try Recognizer(intentsDirectory: args[1])
let loadTime = clock.now - loadStart

var answers: [[String: Any]] = []
var elapsed = Duration.zero
for test in tests {
    let text = test["sentence"] as? String ?? ""
    let context = (test["context"] as? [String: Any] ?? [:]).mapValues(slotValue)
    let start = clock.now
    let r = recognizer.recognizeBest(text, language: .en, context: context, bestSlot: "name")
    elapsed += clock.now - start
    answers.append([
        "sentence": text, "intent": r.intent ?? NSNull(), "slots": r.slots.values.mapValues(json),
        "method": r.method.rawValue, "template": r.template ?? NSNull(),
    ])
}
func seconds(_ d: Duration) -> Double { Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18 }
let out: [String: Any] = ["load_seconds": seconds(loadTime), "seconds": seconds(elapsed), "answers": answers]
FileHandle.standardOutput.write(try JSONSerialization.data(withJSONObject: out, options: [.sortedKeys]))
print()
