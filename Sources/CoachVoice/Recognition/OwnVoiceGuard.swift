// OwnVoiceGuard: Coach must never act on its own voice (#29) — its reply "Starting your run",
// heard back through a microphone or a recording, decodes as "start indoor run". Every Speaker
// notes what it says in a short log (SpokenLog); `coach listen` synthesises those texts again with
// the same voices (espeak-ng and Open JTalk are deterministic) and refuses an utterance whose
// loudness contour matches one of them. Matched on audio, not on the words heard: a user saying
// "start my run" right after Coach said "Starting your run" is heard, the recording of Coach is not.

import Foundation

public struct OwnVoiceGuard: Sendable {
    struct Reference: Sendable {
        let text: String
        let contour: [Float]
    }
    private var references: [Reference] = []
    /// Pearson correlation of the contours above which an utterance is Coach's own speech. Coach's
    /// replies played back score 0.95–1.0; other speech in the same voice stays far below (measured
    /// in OwnVoiceGuardTests and docs/voice.md).
    public var threshold: Float = 0.85

    public init() {}

    public var count: Int { references.count }

    /// Remembers `audio` (any rate) as something Coach said.
    public mutating func add(text: String, audio: PCMAudio) {
        let samples = audio.rate == 16_000 ? audio.samples : WAV.resample(audio.samples, from: audio.rate, to: 16_000)
        references.append(Reference(text: text, contour: Self.contour(samples)))
        if references.count > 32 { references.removeFirst(references.count - 32) }
    }

    /// The text Coach said that `samples` (16 kHz) is a playback of, or nil.
    public func match(_ samples: [Int16]) -> String? {
        let u = Self.contour(samples)
        guard u.count >= 20 else { return nil }
        return references.first { Self.bestCorrelation(u, within: $0.contour) >= threshold }?.text
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
/// $XDG_STATE_HOME/coach/spoken.tsv, the last 50 kept. A file, because the speaker (a one-shot
/// command, the gateway) and the listener are different processes.
public enum SpokenLog {
    public static func path(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let base = environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/state"
        return base + "/coach/spoken.tsv"
    }

    public static func append(_ text: String, language: String, now: Date = Date()) {
        let file = path()
        try? FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let line = "\(Int(now.timeIntervalSince1970))\t\(language)\t" + text.replacingOccurrences(of: "\n", with: " ")
        var lines = ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        lines.append(line)
        // A lost line only means one reply less to refuse: no locking between writers.
        try? (lines.suffix(50).joined(separator: "\n") + "\n").write(toFile: file, atomically: true, encoding: .utf8)
    }

    /// Entries of the last `within` seconds, oldest first.
    public static func recent(within: TimeInterval, now: Date = Date(), path file: String = path()) -> [(language: String, text: String)] {
        let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: "\t", maxSplits: 2)
            guard parts.count == 3, let t = Double(parts[0]), now.timeIntervalSince1970 - t <= within else { return nil }
            return (String(parts[1]), String(parts[2]))
        }
    }
}

extension HeardUtterance {
    /// The same utterance, refused (`heard` nil) for `reason`.
    public func refused(_ reason: String) -> HeardUtterance {
        HeardUtterance(heard: nil, hypothesis: hypothesis, recognition: recognition, refusal: reason,
                       start: start, end: end, decodeSeconds: decodeSeconds)
    }
}
