// One YAML reader: in Sources/, only VocabularyYAML parses YAML for the vocabulary (Intents/);
// the other parsers each read files of their own, named here with what they read. A new
// `Yams.load` or `compose` anywhere else fails this test.

import Foundation
import Testing

@Suite struct OneYAMLReaderTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../Sources").standardized.path

    /// File (under Sources/) → what it parses.
    static let readers: [String: String] = [
        "CoachLanguage/Vocabulary/VocabularyYAML.swift": "every file of Intents/ (the vocabulary)",
        "CoachPlans/PlanYAML.swift": "workout plan files (Intents/plans/, $XDG_CONFIG_HOME/coach/workouts/)",
        "CoachSettings/CoachSettings.swift": "the settings file (config.yaml)",
        "CoachSettings/CoachSettings+Sensors.swift": "the settings file, rewritten with its sensors",
    ]

    @Test func onlyTheNamedFilesParseYAML() throws {
        let fm = FileManager.default
        let files = try #require(fm.enumerator(atPath: Self.sources)?.allObjects as? [String]).filter { $0.hasSuffix(".swift") }
        #expect(files.count > 100, "Sources/ was not found")
        var parsing: Set<String> = []
        for file in files {
            let text = try String(contentsOfFile: Self.sources + "/" + file, encoding: .utf8)
            if ["Yams.load(", "Yams.compose(", "YAMLDecoder()", "Yams.load_all(", "compose_all("].contains(where: text.contains) {
                parsing.insert(file)
            }
        }
        #expect(parsing == Set(Self.readers.keys))
    }
}
