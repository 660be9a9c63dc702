// RecognizerAPITests: user extensions, responses, goal conversion, JSON, vocabulary, lookup.

import CoachWire
import Foundation
import Testing
@testable import CoachLanguage

@Suite struct RecognizerAPITests {
    @Test func linesLongerThanAnyCommandAreNotUnderstood() {
        let rec = TestSupport.recognizer
        // At the limit a command is still a command (padding is whitespace the normaliser drops)…
        let padded = "pause my workout" + String(repeating: " ", count: Recognizer.maximumUtteranceBytes - 16)
        #expect(padded.utf8.count == Recognizer.maximumUtteranceBytes)
        #expect(rec.recognize(padded, language: .en).intent == "PauseWorkout")
        // …one byte over, it is not, whatever it holds, in either mode and language.
        #expect(rec.recognize(padded + " ", language: .en).intent == nil)
        #expect(rec.recognizeBest(padded + " ").intent == nil)
        let japanese = "一時停止" + String(repeating: "　", count: 400)
        #expect(japanese.utf8.count > Recognizer.maximumUtteranceBytes)
        #expect(rec.recognize(japanese).intent == nil)
    }

    @Test func userSentencesExtendTheBuiltIns() throws {
        let user = try TestSupport.temporaryIntents([
            "en/mine.yaml": """
            language: en
            intents:
              StartWorkout:
                data:
                  - sentences: ["let the games begin"]
                    slots: {activity: other}
            lists:
              activity:
                values:
                  - in: "parkour"
                    out: other
            """
        ])
        let rec = try Recognizer(intentsDirectory: TestSupport.intentsDirectory, userDirectory: user)
        #expect(rec.recognize("let the games begin", language: .en).intent == "StartWorkout")
        #expect(rec.recognize("start parkour", language: .en).slots.activity == "other")
        // Built-ins still work.
        #expect(rec.recognize("pause", language: .en).intent == "PauseWorkout")
        #expect(TestSupport.recognizer.recognize("let the games begin", language: .en).isExact == false)
    }

    @Test func userIntentsGetTheirOwnSlotsAndNumberWordsGluedToASign() throws {
        let user = try TestSupport.temporaryIntents([
            "en/treadmill.yaml": """
            language: en
            intents:
              SetIncline:
                data:
                  - sentences: ["set the incline to {incline}[ ](%|percent)", "set the fan to {fan}[ ]°"]
            lists:
              incline:
                range: {from: 0, to: 40}
              fan:
                range: {from: 0, to: 40}
            """
        ])
        let rec = try Recognizer(intentsDirectory: TestSupport.intentsDirectory, userDirectory: user)
        for line in ["set the incline to twenty-eight%", "set the incline to 28%", "set the incline to twenty eight percent"] {
            let r = rec.recognize(line, language: .en)
            #expect(r.intent == "SetIncline", "\(line)")
            #expect(r.json().contains(#""slots":{"incline":28}"#), "\(r.json())")
        }
        #expect(rec.recognize("set the fan to sixteen°", language: .en).slots.values["fan"] == .number(16))
        // A word that merely starts like a number is not one.
        #expect(rec.recognize("set the incline to eightish%", language: .en).intent == nil)
        // The built-in intents keep their documented slots only.
        #expect(rec.recognize("start a run", language: .en).slotsJSON() == #"{"activity":"running"}"#)
    }

    @Test func bestMatchPrefersTheUsersSentenceThenLiteralTextOverWildcards() throws {
        // A user's sentence that a built-in template also accepts: the user's wins (best-match mode
        // is on as soon as user sentences are loaded); without them the built-in answers.
        let user = try TestSupport.temporaryIntents([
            "en/mine.yaml": """
            language: en
            intents:
              Hydrate:
                data:
                  - sentences: ["take a break"]
            """
        ])
        #expect(TestSupport.recognizer.recognize("take a break", language: .en).intent == "PauseWorkout")
        let withMine = try Recognizer(intentsDirectory: TestSupport.intentsDirectory, userDirectory: user)
        #expect(withMine.recognize("take a break", language: .en).intent == "Hydrate")
        #expect(withMine.recognize("pause my run", language: .en).intent == "PauseWorkout")

        // Among templates of one file: fewer wildcards, then more literal text (hassil's order).
        let dir = try TestSupport.temporaryIntents([
            "en/media.yaml": """
            language: en
            intents:
              PlayAnything:
                data:
                  - sentences: ["play {query}"]
              PlayTrack:
                data:
                  - sentences: ["play track {query}"]
              PlayGenre:
                data:
                  - sentences: ["play {genre} music"]
            lists:
              query: {wildcard: true}
              genre: {values: [jazz, rock]}
            """
        ])
        let media = try Recognizer(intentsDirectory: dir)
        #expect(media.recognize("play track yesterday", language: .en).intent == "PlayAnything")   // first in file order
        let track = media.recognizeBest("play track yesterday", language: .en)
        #expect(track.intent == "PlayTrack")
        #expect(track.slots.values["query"] == .string("yesterday"))
        #expect(media.recognizeBest("play jazz music", language: .en).intent == "PlayGenre")
        #expect(media.recognizeBest("play something nice", language: .en).intent == "PlayAnything")
        #expect(media.recognizeBest("stop", language: .en).intent == nil)
    }

    @Test func goalsAreConvertedToBaseUnits() {
        let rec = TestSupport.recognizer
        #expect(rec.recognize("start a 30 minute run", language: .en).slots.goal == WorkoutGoal.time(seconds: 1800))
        #expect(rec.recognize("start a 5 km run", language: .en).slots.goal == WorkoutGoal.distance(meters: 5000))
        #expect(rec.recognize("start a 500 calorie workout", language: .en).slots.goal == WorkoutGoal.energy(kilocalories: 500))
    }

    @Test func jsonMatchesTheDesignContract() {
        let r = TestSupport.recognizer.recognize("start a 30 minute outdoor run", language: .en)
        #expect(
            r.json()
                == #"{"text":"start a 30 minute outdoor run","lang":"en","intent":"StartWorkout","slots":{"activity":"running","location":"outdoor","goal":{"type":"time","value":1800}},"confidence":1}"#
        )
        let none = TestSupport.recognizer.recognize("florp", language: .en)
        #expect(none.json() == #"{"text":"florp","lang":"en","intent":null,"slots":{},"confidence":0}"#)
    }

    @Test func responsesFillPlaceholders() throws {
        let dir = try TestSupport.temporaryIntents([
            "en/_responses.yaml": """
            language: en
            responses:
              intents:
                StartWorkout:
                  success: "Starting your {activity}."
              errors:
                notUnderstood: "Sorry, I didn't get that."
            """,
            "en/x.yaml": "language: en\nintents:\n  PauseWorkout:\n    data:\n      - sentences: [pause]\n",
        ])
        let rec = try Recognizer(intentsDirectory: dir)
        #expect(rec.responses.text(intent: "StartWorkout", code: "success", language: .en, values: ["activity": "run"]) == "Starting your run.")
        #expect(rec.responses.text(intent: "PauseWorkout", code: "notUnderstood", language: .en, values: [:]) == "Sorry, I didn't get that.")
        #expect(rec.responses.text(intent: "X", code: "nope", language: .en, values: [:]) == "nope")
    }

    @Test func vocabularyHasCompletionWords() {
        let v = TestSupport.recognizer.completionWords
        #expect(v.activities[.en]?.contains("running") == true)
        #expect(v.locations[.en]?.contains("outdoor") == true)
        #expect(v.units[.en]?.contains("minutes") == true)
        #expect(v.words(for: .en).contains("pause"))
    }

    @Test func builtInDirectoryHonoursTheEnvironmentOrder() {
        #expect(Recognizer.builtInIntentsDirectory()?.hasSuffix("Intents") == true)
    }

    @Test func sharedAcrossTasks() async {
        let rec = TestSupport.recognizer
        let results = await withTaskGroup(of: String?.self) { group in
            for _ in 0 ..< 8 { group.addTask { rec.recognize("pause", language: .en).intent } }
            var out: [String?] = []
            for await r in group { out.append(r) }
            return out
        }
        #expect(results == Array(repeating: "PauseWorkout", count: 8))
    }
}
