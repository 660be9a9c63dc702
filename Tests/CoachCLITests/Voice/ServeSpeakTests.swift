// `coach serve --speak-to DIR`: the gateway speaks its announcements — countdown, start, pause,
// resume, end — in order, each as speech of plausible length (DIR/001.wav … with the words said
// in DIR/001.txt), while one-shot commands drive a real gateway on a real socket.

import CoachVoice
import Foundation
import Testing

@Suite(.serialized) struct ServeSpeakTests {
    /// The words the gateway has spoken into `directory` (001.txt, 002.txt …), once `done` holds
    /// or `within` has passed (speech is made on the speaker's thread, after the replies).
    static func spokenTexts(in directory: URL, within: Duration, until done: ([String]) -> Bool) async throws -> [String] {
        var texts: [String] = []
        let deadline = ContinuousClock.now + within
        while ContinuousClock.now < deadline {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.hasSuffix(".txt") }.sorted()
            texts = names.compactMap { try? String(contentsOf: directory.appendingPathComponent($0), encoding: .utf8) }
            if done(texts) { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        return texts
    }

    @Test func announcementsAreSpokenInOrder() async throws {
        let home = try ScratchHome()
        let spoken = home.root.appendingPathComponent("spoken")
        let gateway = try await BackgroundGateway(home: home, extraArguments: ["--countdown", "2", "--speak-to", spoken.path])
        let binary = try #require(CoachBinary.path())
        func coach(_ arguments: [String]) async throws -> ProcessResult { try await runProcess(binary, arguments, environment: home.environment) }
        #expect(try await coach(["start", "running"]).status == 0)
        // The countdown runs out: "Go!" and the start are spoken before the pause is sent.
        _ = try await Self.spokenTexts(in: spoken, within: .seconds(60)) { texts in texts.contains(where: { $0.contains("started") }) }
        #expect(try await coach(["pause"]).status == 0)
        #expect(try await coach(["resume"]).status == 0)
        #expect(try await coach(["end"]).status == 0)

        // Speech is made on the gateway's speaker thread, after the replies: wait for the end's.
        // The end is "Saved your run: 0:05." or, for a run this short, "…too short to keep…;
        // nothing was saved." (which it is depends on how long the commands took).
        let texts = try await Self.spokenTexts(in: spoken, within: .seconds(60)) { texts in
            texts.contains(where: { $0.lowercased().contains("saved") })
        }
        try await gateway.stop()
        // In order: a countdown number, the start, the pause, the resume, the end.
        let expected = ["…", "started", "paused", "again", "saved"]
        var position = 0
        for text in texts where position < expected.count && text.lowercased().contains(expected[position]) { position += 1 }
        #expect(position == expected.count, "spoken, in order: \(texts)")
        for i in texts.indices {
            let wav = spoken.appendingPathComponent(String(format: "%03d.wav", i + 1))
            let audio = try WAV.decode(Array(try Data(contentsOf: wav)))
            // About 14 characters a second at espeak-ng's 175 words a minute; a countdown "1…" is short.
            let expectedSeconds = Double(texts[i].count) / 14
            #expect(audio.duration > min(0.25, expectedSeconds) && audio.duration < 2 + 2 * expectedSeconds,
                    "\(texts[i]): \(audio.duration) s")
            let loud = audio.samples.filter { abs(Int($0)) > 1000 }.count
            #expect(loud > audio.samples.count / 20, "\(texts[i]): mostly silence")
        }
    }

    /// Distance milestones in the settings' units (miles here), and half of a 3 km goal; samples in metres.
    @Test func milesAndTheGoalsHalfwayAreSpokenInTheUsersUnits() async throws {
        let home = try ScratchHome()
        try home.writeSettings("units: mi\n")
        let spoken = home.root.appendingPathComponent("spoken")
        let gateway = try await BackgroundGateway(home: home, extraArguments: ["--countdown", "0", "--speak-to", spoken.path])
        let binary = try #require(CoachBinary.path())
        func coach(_ arguments: [String]) async throws -> ProcessResult { try await runProcess(binary, arguments, environment: home.environment) }
        #expect(try await coach(["start", "running", "--goal", "3km"]).status == 0)
        for _ in 0..<18 { #expect(try await coach(["sample", "distance", "100"]).status == 0) }  // 1.8 km: past 1 mile and halfway

        let texts = try await Self.spokenTexts(in: spoken, within: .seconds(60)) { texts in texts.contains(where: { $0.contains("mile done") }) && texts.contains(where: { $0.contains("Halfway") }) }
        try await gateway.stop()
        #expect(texts.filter { $0.contains("1 mile done") }.count == 1, "\(texts)")
        #expect(texts.filter { $0.contains("Halfway to your 3 kilometers goal") }.count == 1, "\(texts)")
        #expect(!texts.contains { $0.contains("kilometer done") }, "\(texts)")
    }

    /// Announcements follow the language of the last command: a Japanese start and pause are
    /// announced (and spoken) in Japanese, an English resume after them in English.
    @Test func announcementsFollowTheLanguageOfTheLastCommand() async throws {
        let home = try ScratchHome()
        let spoken = home.root.appendingPathComponent("spoken")
        let gateway = try await BackgroundGateway(home: home, extraArguments: ["--countdown", "0", "--speak-to", spoken.path])
        let binary = try #require(CoachBinary.path())
        func coach(_ arguments: [String]) async throws -> ProcessResult { try await runProcess(binary, arguments, environment: home.environment) }
        #expect(try await coach(["say", "ランニングを始めて"]).status == 0)
        #expect(try await coach(["say", "一時停止して"]).status == 0)
        #expect(try await coach(["say", "resume my workout"]).status == 0)

        let texts = try await Self.spokenTexts(in: spoken, within: .seconds(30)) { texts in texts.contains(where: { $0.contains("again") }) }
        try await gateway.stop()
        func isJapanese(_ text: String) -> Bool { text.unicodeScalars.contains { (0x3040...0x30FF).contains($0.value) || (0x4E00...0x9FFF).contains($0.value) } }
        #expect(texts.count == 3, "start, pause, resume: \(texts)")
        #expect(texts.prefix(2).allSatisfy(isJapanese), "the Japanese commands' announcements: \(texts)")
        #expect(texts.last.map { !isJapanese($0) && $0.contains("again") } == true, "the English resume: \(texts)")
        for i in texts.indices {
            let wav = spoken.appendingPathComponent(String(format: "%03d.wav", i + 1))
            let audio = try WAV.decode(Array(try Data(contentsOf: wav)))
            #expect(audio.duration > 0.4 && audio.duration < 12, "\(texts[i]): \(audio.duration) s")
            let loud = audio.samples.filter { abs(Int($0)) > 1000 }.count
            #expect(loud > audio.samples.count / 20, "\(texts[i]): mostly silence")
        }
    }
}
