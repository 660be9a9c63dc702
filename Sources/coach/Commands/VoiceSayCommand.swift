// `coach voice say TEXT… --to DIR`: each text said with the reply voice (the Piper voice when
// installed and voice.tts allows, else espeak-ng) into DIR/001.wav, 002.wav …, nothing played —
// to hear what replies will sound like, and for Benchmarks/voice/tts.sh to time the voice as
// Coach runs it.

import ArgumentParser
import CoachSettings
import CoachVoice
import Foundation

struct VoiceSayCommand: ParsableCommand {
    static var configuration: CommandConfiguration { .words("say", key: "voice_say") }

    @Option(name: .long, help: .words("voice_say", "to", valueName: "dir"))
    var to: String
    @Option(name: .long, help: .words("voice_say", "lang")) var lang = "en"
    @Argument(help: .words("voice_say", "texts")) var texts: [String]

    func run() throws {
        let settings = (try? CoachSettings.load()) ?? CoachSettings()
        try FileManager.default.createDirectory(atPath: to, withIntermediateDirectories: true)
        let speaker: Speaker
        do { speaker = try Speaker(settings: settings, output: .directory(to)) } catch {
            OneShot.printError(CLIWords.text("voice_say", "cannot_speak", ["error": "\(error)"]))
            throw ExitCode.failure
        }
        for text in texts { speaker.say(text, language: lang) }
        speaker.finish()
        for note in speaker.notes { OneShot.printError(note) }
    }
}
