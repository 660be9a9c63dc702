// ContextTests: hassil's intent context (Matching/Grammar+Context.swift, ContextCondition.swift):
// requires_context / excludes_context with a value, a list, null and {value, slot}; the caller's
// context screening data blocks; list values' own context. Every expectation below is what
// hassil 3.12.1 answers on the same grammar (`recognize` and `recognize_best` agree on each).

import Foundation
import Testing
@testable import CoachLanguage

@Suite struct ContextTests {
    static let grammar = """
        language: en
        lists:
          area:
            values:
              - in: kitchen
                out: Kitchen
              - in: office
                out: Office
          device:
            values:
              - in: lamp
                context: {domain: light}
              - in: ceiling light
                out: ceiling light
                context: {domain: light}
              - in: fan
                out: fan
                context: {domain: fan}
              - in: front door
                out: front door
                context: {domain: lock}
          room_device:
            values:
              - in: "{device} in the hall"
                out: hall device
                context: {area: Hall}
              - in: "{device} upstairs"
                out: upstairs device
        intents:
          GetTemperature:
            data:
              - sentences: ["what is the temperature [in here]"]
                requires_context:
                  area:
                    slot: true
              - sentences: ["what is the temperature in {area}"]
          WhereAmI:
            data:
              - sentences: ["where am i"]
                requires_context:
                  area:
                    slot: room
          Mode:
            data:
              - sentences: ["which mode"]
                requires_context:
                  mode:
                    value: [eco, comfort]
                    slot: true
          Present:
            data:
              - sentences: ["anyone there"]
                requires_context:
                  presence:
          Dim:
            data:
              - sentences: ["dim {device}", "dim the lights"]
                requires_context:
                  domain: light
          TurnOn:
            data:
              - sentences: ["turn on {device}"]
                excludes_context:
                  domain: [lock, fan]
          Unlock:
            data:
              - sentences: ["open {device}"]
                excludes_context:
                  domain:
                    value: light
          Pair:
            data:
              - sentences: ["pair {device:first} and {device:second}"]
                requires_context:
                  domain: light
          Heat:
            data:
              - sentences: ["heat [in] {area}", "heat here"]
                slots:
                  area: Default
                requires_context:
                  area:
                    slot: true
          Check:
            data:
              - sentences: ["check {room_device}"]
                requires_context:
                  domain: light
              - sentences: ["inspect {room_device}"]
                requires_context:
                  area: Hall
        """

    static let recognizer: Recognizer = {
        let dir = try! TestSupport.temporaryIntents(["en/context.yaml": grammar])
        return try! Recognizer(intentsDirectory: dir)
    }()

    /// The exact match (intent and slots) in both modes, or nil when no template accepts the line.
    func match(_ text: String, _ context: RecognitionContext = [:]) -> (String, [String: SlotValue])? {
        let first = Self.recognizer.recognize(text, language: .en, context: context)
        let best = Self.recognizer.recognizeBest(text, language: .en, context: context)
        #expect(first.method == best.method && first.intent == best.intent && first.slots.values == best.slots.values,
                "recognize and recognizeBest differ on \(text)")
        guard first.method == .template, let intent = first.intent else { return nil }
        return (intent, first.slots.values)
    }

    // MARK: - slot: true / slot: NAME

    @Test func slotTrueFillsTheSlotFromTheCallersContext() {
        // A satellite in the office: "in here" is the office.
        let here = match("what is the temperature in here", ["area": .string("Office")])
        #expect(here?.0 == "GetTemperature")
        #expect(here?.1 == ["area": .string("Office")])
        #expect(match("what is the temperature", ["area": .string("Office")])?.1 == ["area": .string("Office")])
        // Without the context the block cannot match: the key is required.
        #expect(match("what is the temperature in here") == nil)
        // A slot the sentence fills itself beats the context.
        #expect(match("what is the temperature in kitchen", ["area": .string("Office")])?.1 == ["area": .string("Kitchen")])
        #expect(match("heat kitchen", ["area": .string("Office")])?.1 == ["area": .string("Kitchen")])
    }

    @Test func aContextSlotBeatsAFixedSlotOfTheSameName() {
        // hassil adds the data block's fixed slots first, then the context's.
        #expect(match("heat here", ["area": .string("Office")])?.1 == ["area": .string("Office")])
        #expect(match("heat here") == nil)
    }

    @Test func slotNameCopiesIntoADifferentlyNamedSlot() {
        #expect(match("where am i", ["area": .string("Office")])?.1 == ["room": .string("Office")])
        #expect(match("where am i") == nil)
    }

    // MARK: - Values: one value, a list, null

    @Test func requiredListOfAllowedValuesInAMapping() {
        // `mode: {value: [eco, comfort], slot: true}`: one of the list, copied into `mode`.
        #expect(match("which mode", ["mode": .string("eco")])?.1 == ["mode": .string("eco")])
        #expect(match("which mode", ["mode": .string("comfort")])?.1 == ["mode": .string("comfort")])
        #expect(match("which mode", ["mode": .string("away")]) == nil)
        #expect(match("which mode") == nil)
        // Null: any value, as long as the key is set.
        #expect(match("anyone there", ["presence": .string("yes")])?.0 == "Present")
        #expect(match("anyone there", ["presence": .bool(false)])?.0 == "Present")
        #expect(match("anyone there") == nil)
    }

    @Test func requiredValueFromTheCallerOrAListValue() {
        #expect(match("dim the lights", ["domain": .string("light")])?.0 == "Dim")
        #expect(match("dim the lights", ["domain": .string("fan")]) == nil)
        #expect(match("dim the lights") == nil)
        // The matched list value brings domain: light with it, also a value without `out:`.
        #expect(match("dim lamp")?.1 == ["device": .string("lamp")])
        #expect(match("dim ceiling light")?.1 == ["device": .string("ceiling light")])
        #expect(match("dim fan") == nil)
    }

    @Test func theCallersContextScreensBlocksBeforeMatching() {
        // The lamp would bring domain: light, but the caller's domain: fan already rules the
        // block out (hassil screens data blocks by the caller's context before matching) …
        #expect(match("dim lamp", ["domain": .string("fan")]) == nil)
        #expect(match("dim ceiling light", ["domain": .string("fan")]) == nil)
        // … and an excluded caller value does too, whatever the list value says later.
        #expect(match("turn on ceiling light")?.0 == "TurnOn")
        #expect(match("turn on ceiling light", ["domain": .string("lock")]) == nil)
    }

    // MARK: - excludes_context

    @Test func excludedValues() {
        // A list: `domain: [lock, fan]`.
        #expect(match("turn on lamp")?.0 == "TurnOn")
        #expect(match("turn on fan") == nil)
        #expect(match("turn on front door") == nil)
        #expect(match("turn on lamp", ["domain": .string("lock")]) == nil)
        // A mapping: `domain: {value: light}`, here excluded by a value without `out:`.
        #expect(match("open front door")?.1 == ["device": .string("front door")])
        #expect(match("open lamp") == nil)
        #expect(match("open ceiling light") == nil)
    }

    // MARK: - List values' own context

    @Test func aListValueThatContradictsTheBlockIsNotMatched() {
        #expect(match("pair lamp and lamp")?.1 == ["first": .string("lamp"), "second": .string("lamp")])
        #expect(match("pair ceiling light and lamp")?.0 == "Pair")
        // The fan is filtered out as a value even though the last value's domain: light would
        // satisfy the block in the end.
        #expect(match("pair fan and ceiling light") == nil)
        #expect(match("pair fan and lamp") == nil)
    }

    @Test func aValueWithContextReplacesWhatValuesInsideItAdded() {
        // "… in the hall" has context {area: Hall}: laid over the context from before it, so
        // the inner light's domain: light is gone and `check` (domain: light) does not match.
        #expect(match("check ceiling light in the hall") == nil)
        #expect(match("check lamp in the hall") == nil)
        #expect(match("check ceiling light upstairs")?.1
            == ["device": .string("ceiling light"), "room_device": .string("upstairs device")])
        #expect(match("check fan upstairs") == nil)
        #expect(match("inspect fan in the hall")?.0 == "Check")
        #expect(match("inspect lamp upstairs") == nil)
        #expect(match("inspect lamp upstairs", ["area": .string("Hall")])?.0 == "Check")
    }

    // MARK: - Reading the YAML

    @Test func conditionsAreReadAsHassilReadsThem() throws {
        let yaml = VocabularyYAML(file: "conditions.yaml")
        let node = try #require(try VocabularyYAML.document("""
            area: {slot: true}
            room: {slot: where, value: Office}
            mode: [eco, comfort]
            presence: null
            domain: light
            level: 3
            """, file: yaml.file))
        let conditions = try IntentDefinitions.contextConditions(node, "requires_context", yaml)
        #expect(conditions.map(\.key) == ["area", "domain", "level", "mode", "presence", "room"])
        #expect(conditions[0] == ContextCondition(key: "area", expected: .any, slot: "area"))
        #expect(conditions[1].expected == .value(.string("light")))
        #expect(conditions[2].expected == .value(.number(3)))
        #expect(conditions[3].expected == .oneOf([.string("eco"), .string("comfort")]))
        #expect(conditions[4] == ContextCondition(key: "presence", expected: .any))
        #expect(conditions[5] == ContextCondition(key: "room", expected: .value(.string("Office")), slot: "where"))
    }

    @Test func valuesCompareAsPythonCompares() {
        #expect(ContextCondition.equal(.bool(true), .number(1)))
        #expect(ContextCondition.equal(.number(2), .number(2.0)))
        #expect(!ContextCondition.equal(.string("1"), .number(1)))
    }
}
