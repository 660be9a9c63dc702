// OwnVoiceGuard: Coach must never act on its own voice (#29) — its reply "Starting your run",
// heard back through a microphone or a recording, decodes as "start indoor run". Every Speaker
// notes what it says in a short log (SpokenLog) with the audio it plays; `coach listen` takes that
// audio (or, without it, synthesises the text again with the same voices) and refuses an utterance
// whose loudness contour matches one of them. Matched on audio, not on the words heard: a user saying
// "start my run" right after Coach said "Starting your run" is heard, the recording of Coach is not.
// A person who speaks over the reply's tail makes one utterance with it: the guard finds where the
// reply lies inside (a partial match) so that EchoCanceller can take it out and what remains be
// decoded (`verdict`).

import Foundation

public struct OwnVoiceGuard: Sendable {
    struct Reference: Sendable {
        let text: String
        let contour: [Float]
        /// 16 kHz: the far end for EchoCanceller.
        let samples: [Int16]
    }
    private var references: [Reference] = []
    /// Pearson correlation of the contours above which an utterance is Coach's own speech. Coach's
    /// replies played back score 0.95–1.0; other speech in the same voice stays far below (measured
    /// in OwnVoiceGuardTests and docs/voice.md).
    public var threshold: Float = 0.85
    /// Correlation over the reply's own span above which an utterance holds the reply with more
    /// speech around it. Lower than `threshold`: the person's words raise the contour where they
    /// overlap the reply, and a wrong find costs only a second decode.
    public var partialThreshold: Float = 0.7

    /// Where a reply lies inside a longer utterance.
    public struct Placement: Sendable, Equatable {
        public let text: String
        /// The reply's first sample's index in the utterance (negative: it began before).
        public let offset: Int
        public let correlation: Float
    }

    /// What the guard makes of an utterance.
    public enum Verdict: Sendable, Equatable {
        /// Not Coach's voice: as heard.
        case notOwn
        /// Coach's reply and nothing else: never a command.
        case own(String)
        /// A reply with other speech around it: cancel the reply, decode what remains.
        case overlapping(Placement)
    }

    public init() {}

    public var count: Int { references.count }

    /// Remembers `audio` (any rate) as something Coach said.
    public mutating func add(text: String, audio: PCMAudio) {
        let samples = audio.rate == 16_000 ? audio.samples : WAV.resample(audio.samples, from: audio.rate, to: 16_000)
        references.removeAll { $0.text == text }  // said again: the latest audio
        references.append(Reference(text: text, contour: Self.contour(samples), samples: samples))
        if references.count > 32 { references.removeFirst(references.count - 32) }
    }

    /// The text Coach said that `samples` (16 kHz) is a playback of, or nil.
    public func match(_ samples: [Int16]) -> String? {
        let u = Self.contour(samples)
        guard u.count >= 20 else { return nil }
        return references.first { Self.bestCorrelation(u, within: $0.contour) >= threshold }?.text
    }

    /// A playback of a reply alone is `.own`; a reply inside a longer utterance is `.overlapping`.
    public func verdict(_ samples: [Int16]) -> Verdict {
        if let text = match(samples) { return .own(text) }
        return placement(in: samples).map(Verdict.overlapping) ?? .notOwn
    }

    /// The reply best placed inside `samples` (16 kHz), when one correlates over its own span.
    public func placement(in samples: [Int16]) -> Placement? {
        let u = Self.contour(samples)
        guard u.count >= 20 else { return nil }
        var best: Placement?
        for r in references {
            guard let found = Self.partialCorrelation(u, r.contour), found.correlation >= partialThreshold,
                  found.correlation > best?.correlation ?? -1 else { continue }
            best = Placement(text: r.text, offset: found.lag * 160, correlation: found.correlation)
        }
        return best
    }

    /// The synthesised audio of a reply remembered as `text`.
    public func audio(of text: String) -> [Int16]? {
        references.last { $0.text == text }?.samples
    }

    /// The far end for EchoCanceller: `count` samples, silent but for `reply` starting `lead`
    /// samples before `offset` — an echo must come after what was played, and the contour places
    /// the reply only to within a frame or two.
    public static func farEnd(_ reply: [Int16], at offset: Int, lead: Int = 480, count: Int) -> [Int16] {
        var out = [Int16](repeating: 0, count: count)
        let start = offset - lead
        for (i, s) in reply.enumerated() where start + i >= 0 && start + i < count { out[start + i] = s }
        return out
    }

    /// The reply's contour `r`, trimmed to its speech, against every place in `u` where at least
    /// 80 % of it lies inside: the frame where `r` (untrimmed) starts and the best correlation over
    /// the overlap. Only the reply's own span counts, so that speech around it does not lower the
    /// score (`bestCorrelation` is the opposite: the whole utterance must be the reply).
    static func partialCorrelation(_ u: [Float], _ r: [Float]) -> (lag: Int, correlation: Float)? {
        let quiet = log10(Float(10_000)) + 0.3  // ≈ 90 RMS: below this, a frame is the reply's silence
        guard let first = r.firstIndex(where: { $0 > quiet }), let last = r.lastIndex(where: { $0 > quiet }) else { return nil }
        let speech = Array(r[first ... last])
        let m = speech.count, need = max(20, m * 4 / 5)
        guard m >= 20, u.count >= need else { return nil }
        var best: (lag: Int, correlation: Float)?
        for lag in (need - m) ... (u.count - need) {
            let lo = max(0, lag), hi = min(u.count, lag + m)
            let c = pearson(Array(speech[(lo - lag) ..< (hi - lag)]), u[lo ..< hi])
            if c > best?.correlation ?? -1 { best = (lag - first, c) }
        }
        return best
    }

    /// Log energy per 10 ms frame. A floor (≈ -50 dBFS) makes digital silence and a quiet room the
    /// same, so that the VAD's padding and the reply's own pauses compare equal.
    static func contour(_ samples: [Int16]) -> [Float] {
        stride(from: 0, to: samples.count - 159, by: 160).map { start in
            var energy: Float = 0
            for s in samples[start ..< start + 160] { energy += Float(s) * Float(s) }
            return log10(energy / 160 + 10_000)
        }
    }

    /// The best correlation of `u` against `r` at any offset, `r` extended with silence on both
    /// sides: speech in `u` that `r` does not contain (a command said over the reply's tail) meets
    /// silence there, and the correlation falls.
    static func bestCorrelation(_ u: [Float], within r: [Float]) -> Float {
        let silence = log10(Float(10_000))
        let padded = [Float](repeating: silence, count: u.count) + r + [Float](repeating: silence, count: u.count)
        var best: Float = -1
        for lag in 0 ... padded.count - u.count {
            best = max(best, pearson(u, padded[lag ..< lag + u.count]))
        }
        return best
    }

    static func pearson(_ a: [Float], _ b: ArraySlice<Float>) -> Float {
        let n = Float(a.count)
        var sa: Float = 0, sb: Float = 0, saa: Float = 0, sbb: Float = 0, sab: Float = 0
        for (x, y) in zip(a, b) { sa += x; sb += y; saa += x * x; sbb += y * y; sab += x * y }
        let cov = sab - sa * sb / n, va = saa - sa * sa / n, vb = sbb - sb * sb / n
        guard va > 1e-6, vb > 1e-6 else { return 0 }
        return cov / (va * vb).squareRoot()
    }
}

/// What Coach said lately: one line per utterance, `unix-time<TAB>language<TAB>text`, in
/// $XDG_STATE_HOME/coach/spoken.tsv, the last 50 kept, and the audio played for each text beside
/// it (spoken/<digest>.wav). A file, because the speaker (a one-shot command, the gateway) and the
/// listener are different processes. The audio, because the echo canceller needs the very samples
/// played: espeak-ng's output depends on what the same process said before (measured: "Paused
/// your run." after two other replies correlates 0.46 with the same text said first), so a
/// listener's own synthesis matches only in loudness, not in waveform.
public enum SpokenLog {
    public static func path(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let base = environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/state"
        return base + "/coach/spoken.tsv"
    }

    public static func append(_ text: String, language: String, audio: PCMAudio? = nil, now: Date = Date(), path file: String = path()) {
        let dir = (file as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: dir + "/spoken", withIntermediateDirectories: true)
        let text = text.replacingOccurrences(of: "\n", with: " ")
        // The audio first: a listener that reads the line finds it.
        if let audio { try? Data(WAV.encode(audio)).write(to: URL(fileURLWithPath: audioPath(text, language: language, log: file)), options: .atomic) }
        let line = "\(Int(now.timeIntervalSince1970))\t\(language)\t" + text
        var lines = ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        lines.append(line)
        let kept = lines.suffix(50)
        // A lost line only means one reply less to refuse: no locking between writers.
        try? (kept.joined(separator: "\n") + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        // Audio no kept line names any more goes.
        let named = Set(kept.compactMap { line -> String? in
            let parts = line.split(separator: "\t", maxSplits: 2)
            return parts.count == 3 ? (audioPath(String(parts[2]), language: String(parts[1]), log: file) as NSString).lastPathComponent : nil
        })
        for name in (try? FileManager.default.contentsOfDirectory(atPath: dir + "/spoken")) ?? [] where name.hasSuffix(".wav") && !named.contains(name) {
            try? FileManager.default.removeItem(atPath: dir + "/spoken/" + name)
        }
    }

    /// Entries of the last `within` seconds, oldest first.
    public static func recent(within: TimeInterval, now: Date = Date(), path file: String = path()) -> [(time: Int, language: String, text: String)] {
        let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: "\t", maxSplits: 2)
            guard parts.count == 3, let t = Int(parts[0]), now.timeIntervalSince1970 - Double(t) <= within else { return nil }
            return (t, String(parts[1]), String(parts[2]))
        }
    }

    /// The audio last played for `text`, when the speaker kept it.
    public static func audio(_ text: String, language: String, path file: String = path()) -> PCMAudio? {
        guard let data = FileManager.default.contents(atPath: audioPath(text, language: language, log: file)) else { return nil }
        return try? WAV.decode(Array(data), targetRate: 16_000)
    }

    /// spoken/<FNV-1a of language and text>.wav beside the log.
    static func audioPath(_ text: String, language: String, log: String) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in (language + "\t" + text).utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        return (log as NSString).deletingLastPathComponent + "/spoken/" + String(h, radix: 16) + ".wav"
    }
}

extension HeardUtterance {
    /// The same utterance, refused (`heard` nil) for `reason`.
    public func refused(_ reason: String) -> HeardUtterance {
        HeardUtterance(heard: nil, hypothesis: hypothesis, recognition: recognition, refusal: reason,
                       start: start, end: end, decodeSeconds: decodeSeconds)
    }
}
