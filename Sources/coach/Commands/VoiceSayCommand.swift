// `coach voice say TEXT… --to DIR`: each text said with the reply voice (the Piper voice when
// installed and voice.tts allows, else espeak-ng) into DIR/001.wav, 002.wav …, nothing played —
// to hear what replies will sound like, and for Benchmarks/voice/tts.sh to time the voice as
// Coach runs it.

import ArgumentParser
import CoachSettings
import CoachVoice
import Foundation

struct VoiceSayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "say",
        abstract: "Say texts with the reply voice into WAV files.",
        discussion: """
            Each TEXT goes to DIR/001.wav, DIR/002.wav … (and its words to 001.txt …),
            in English unless --lang ja. Which voice says English follows voice.tts
            (auto: the Piper voice of `coach voice install --tts` when installed).

            Examples:
              coach voice say --to /tmp/replies "Paused your outdoor run." "Resumed."

            Exit status: 0 said, 1 no voice could be loaded.
            """)

    @Option(name: .long, help: ArgumentHelp("The directory for the WAV files (made when missing).", valueName: "dir"))
    var to: String
    @Option(name: .long, help: "The language of the texts: en or ja.") var lang = "en"
    @Argument(help: "The texts to say.") var texts: [String]

    func run() throws {
        let settings = (try? CoachSettings.load()) ?? CoachSettings()
        try FileManager.default.createDirectory(atPath: to, withIntermediateDirectories: true)
        let speaker: Speaker
        do { speaker = try Speaker(settings: settings, output: .directory(to)) } catch {
            OneShot.printError("cannot speak: \(error)")
            throw ExitCode.failure
        }
        for text in texts { speaker.say(text, language: lang) }
        speaker.finish()
        for note in speaker.notes { OneShot.printError(note) }
    }
}
