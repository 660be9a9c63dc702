// JapaneseReadingsTests: without an HTS voice, espeak-ng speaks Coach's Japanese, and it cannot
// read kanji — so every reply and announcement of Intents/ja, filled with every activity, place,
// state and the units and numbers the gateway writes, must reach espeak-ng as kana only.

@testable import CoachLanguage
import CoachVoice
import Foundation
import Testing

struct JapaneseReadingsTests {
    static let intents = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Intents").standardized.path

    @Test func everyJapaneseReplyReachesEspeakWithoutKanji() throws {
        let catalog = try ResponseCatalog(intentsDirectory: Self.intents)
        let readings = JapaneseReadings(intentsDirectory: Self.intents)
        try #require(readings.count > 50, "Intents/ja/_readings.tsv is missing or short")
        let tables = try #require(catalog.phrases[.ja])
        let activities = try #require(tables["activities"]).values.sorted()
        let locations = [""] + (tables["locations"] ?? [:]).values.sorted()
        let states = (tables["states"] ?? [:]).values.sorted()
        let units = (tables["units"] ?? [:]).values.sorted()
        var templates = (catalog.texts[.ja] ?? [:]).values.flatMap(\.values)
        templates += (tables["events"] ?? [:]).values
        try #require(templates.count > 80, "the Japanese response catalog was not read")
        var failures: Set<String> = []
        var checked = 0
        // ResponseComposer's own Japanese: clock "12分05秒" / "1時間02分03秒", goals "30分", "5キロ".
        for (i, activity) in activities.enumerated() {
            let location = locations[i % locations.count]
            let unit = units[i % units.count]
            let values = [
                "workout": location + activity, "activity": activity, "location": location,
                "goal": "\(i + 1)" + unit, "value": "\(i + 1)", "unit": unit,
                "elapsed": i % 2 == 0 ? "12分05秒" : "1時間02分03秒", "lap_time": "4分\(10 + i % 50)秒",
                "lap": "\(i + 1)", "seconds": "\(i % 10)", "state": states[i % states.count],
                "distance": "5.00 km", "energy": "\(100 + i) kcal", "options": activities.prefix(3).joined(separator: "、"),
                "reason": "ディスクがいっぱいです", "suggestion": "ランニングを開始",
                // A mirror's link (docs/mirroring.md): the other gateway, the workout's id, the error.
                "host": "bike.local", "id": "1a2b3c4d", "error": "ディスクがいっぱいです",
                // Plans (issue 30), sensors and types (issue 33): what the gateway fills in, worded
                // from the catalog's own tables where it has them.
                "step": "インターバル \(i % 5 + 1)/5", "plan": "テンポ", "iteration": "\(i % 5 + 1)", "iterations": "5",
                "range": "4:00–4:10/km", "metric": (tables["plan"]?["heartRate"] ?? "心拍数"),
                "alert": (tables["plan"]?["heartRate"] ?? "心拍数") + "が140–150 bpmを上回っています",
                "gap": "\(i % 50 + 1)秒リード", "time": "\(i % 50 + 1)秒",
                "statistics": "平均ペース1キロ5分\(10 + i % 50)秒、心拍数151", "announcement": "5.00 km通過：12分05秒",
                "report": "心拍数15\(i % 10)。",
                "from": "スイム", "to": "バイク", "zone": "\(i % 7 + 1)", "types": "パワー、ケイデンス", "type": "パワー",
                "name": "ハートレートセンサー", "sensors": "ハートレートセンサー", "minutes": "\(i + 1)", "count": "\(i % 3 + 1)",
                // Issue 44: the step as a status answer says it, what comes next, a race's distance.
                "spoken_step": "インターバル 5本中\(i % 5 + 1)本目、残り1:30、ペース通り",
                "next_step": "次はリカバリー 5本中\(i % 5 + 1)本目、1:30", "race_distance": "5キロ",
            ]
            for template in templates {
                let text = catalog.fill(template, values: values)
                let spoken = readings.espeakText(text)
                checked += 1
                if JapaneseSpeech.hasKanji(spoken) { failures.insert("\(text) → \(spoken)") }
                // A placeholder left unfilled would be spelled out: the sample values must cover them.
                #expect(!spoken.contains("{"), "\(template)")
            }
        }
        print("voice: ja readings: \(checked) replies checked, \(failures.count) with kanji left")
        #expect(failures.isEmpty, "\(failures.sorted().prefix(20).joined(separator: "\n"))")
    }

    @Test func readingsFollowTheLongestWordAndTheNumbersContext() {
        let readings = JapaneseReadings(intentsDirectory: Self.intents)
        // 分 alone is ワケ to MeCab; after a number, as Coach writes it, フン.
        #expect(readings.espeakText("12分05秒") == "12ふん05びょー")
        #expect(readings.espeakText("ランニングを一時停止中です") == "らんにんぐをいちじてーしちゅーです")
        #expect(readings.espeakText("屋外ウォーキング") == "おくがいうぉーきんぐ")
    }

    @Test func aWordMissingFromTheTableIsLeftForTheCallerToSee() {
        let readings = JapaneseReadings(tsv: "# comment\n開始\tカイシ\n")
        #expect(readings.read("麺を開始") == "麺をカイシ")
        #expect(JapaneseSpeech.hasKanji(readings.read("麺を開始")))
    }
}
