// JapaneseSpeech: Japanese replies through Open JTalk (open_jtalk + NAIST-jdic + an HTS voice,
// docs/voice.md) — it reads kanji and kana. Debian ships no HTS voice, so when none is found the
// text goes to espeak-ng's `ja` voice instead, kanji turned into their readings (JapaneseReadings)
// and katakana into hiragana (espeak-ng reads kana, not kanji).

import CoachProcess
import Foundation

public enum JapaneseSpeech {
    public static let dictionaryDirectory = "/var/lib/mecab/dic/open-jtalk/naist-jdic"

    /// An HTS voice: the configured file, else the usual install places.
    public static func findVoice(configured: String?) -> String? {
        let fm = FileManager.default
        if let configured, fm.fileExists(atPath: configured) { return configured }
        let home = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()
        for dir in ["/usr/share/hts-voice", "/usr/local/share/hts-voice", home + "/.local/share/coach/voices"] {
            guard let e = fm.enumerator(atPath: dir) else { continue }
            while let f = e.nextObject() as? String {
                if f.hasSuffix(".htsvoice") { return dir + "/" + f }
            }
        }
        return nil
    }

    /// open_jtalk → 48 kHz WAV → samples. Call it from a thread of its own (the speaker's).
    public static func openJTalk(_ text: String, voiceFile: String) throws(AudioFormatError) -> PCMAudio {
        let dir = NSTemporaryDirectory() + "coach-jtalk-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let input = dir + "/in.txt", output = dir + "/out.wav"
        guard FileManager.default.createFile(atPath: input, contents: Data(text.utf8)) else { throw AudioFormatError("cannot write \(input)") }
        // Blocking is fine here: speech is made on the speaker's own thread, never in a task.
        let finished: ChildProcess.Finished
        do {
            finished = try ChildProcess.runBlocking(["/usr/bin/open_jtalk", "-x", dictionaryDirectory, "-m", voiceFile,
                                                     "-ow", output, input])
        } catch {
            throw AudioFormatError("cannot run open_jtalk: \(error)")
        }
        guard finished.status == 0, let data = FileManager.default.contents(atPath: output) else {
            throw AudioFormatError("open_jtalk failed (status \(finished.status))")
        }
        return try WAV.decode(Array(data), targetRate: 48_000)
    }

    /// Katakana → hiragana (espeak-ng's `ja` reads hiragana best; voice.md §9).
    public static func hiragana(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { u in
            (0x30A1...0x30F6).contains(u.value) ? Unicode.Scalar(u.value - 0x60) ?? u : u
        }))
    }

    public static func hasKanji(_ text: String) -> Bool {
        // CJK extension A, the unified block, compatibility ideographs, and 々 (a repeat of the last).
        text.unicodeScalars.contains { (0x3400...0x9FFF).contains($0.value) || (0xF900...0xFAFF).contains($0.value) || $0.value == 0x3005 }
    }
}
