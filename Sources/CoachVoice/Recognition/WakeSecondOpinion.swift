// WakeSecondOpinion: whether a command heard after the wake phrase is confirmed by a second,
// independent decode of the same audio with pocketsphinx's general English model (#29). The
// grammar forces any speech after "hey coach" onto some command ("hey coach, read me my emails" →
// "read me my mileage"); the free decode has no such bias and hears what was said, or something
// else, but seldom the same command words. Pure: two word strings in, a verdict out; the decoding
// is done by the caller (VoiceRecognizer). Measured and chosen in docs/voice.md, "Non-commands
// after the wake phrase".

public struct WakeSecondOpinion: Sendable, Equatable {
    /// Share of the heard words the free transcript must repeat: 0.7 refused every one of the 76
    /// tuning non-commands that acted (0.6 let 2 through); wake-noncommands-tuning.txt.
    public static let defaultThreshold = 0.7

    /// Words never counted (short function words, skip words, the wake phrase's words).
    public let ignored: Set<String>
    public let threshold: Double

    public init(ignored: Set<String>, threshold: Double = Self.defaultThreshold) {
        self.ignored = Set(ignored.map { $0.lowercased() })
        self.threshold = threshold
    }

    public struct Verdict: Sendable, Equatable {
        public let confirmed: Bool
        /// Share of the counted heard words found in the free transcript (0 when none is counted:
        /// nothing to confirm, so nothing acts).
        public let agreement: Double
        /// The heard words the free transcript lacks.
        public let missing: [String]
    }

    /// The heard words, lower-cased, without the ignored ones.
    func counted(_ heard: String) -> [String] {
        Self.words(heard).filter { !ignored.contains($0) }
    }

    static func words(_ text: String) -> [String] {
        text.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "'" }).map(String.init)
    }

    /// Judges `heard` (the grammar's words, unmarked) against `free` (the general model's words).
    /// A heard word counts as repeated when the free transcript has it, or has it split in two
    /// ("workout" heard, "work out" transcribed).
    public func verdict(heard: String, free: String?) -> Verdict {
        let wanted = counted(heard)
        guard !wanted.isEmpty else { return Verdict(confirmed: false, agreement: 0, missing: []) }
        let said = Self.words(free ?? "")
        var present = Set(said)
        for (a, b) in zip(said, said.dropFirst()) { present.insert(a + b) }
        let missing = wanted.filter { !present.contains($0) }
        let agreement = Double(wanted.count - missing.count) / Double(wanted.count)
        return Verdict(confirmed: agreement >= threshold, agreement: agreement, missing: missing)
    }
}
