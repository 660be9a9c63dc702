// VoiceActivityDetector: energy-based cutting of a 16 kHz sample stream into utterances. A pure
// state machine: `feed` takes samples and returns the utterances that ended in them, each with its
// start and end in samples from the start of the stream; `events` says the same as it happens
// (an utterance began, more of its audio, it ended or was dropped), so a decoder can work while
// the person is still speaking (VoiceActivityDetector+Events.swift). The noise floor is tracked
// (falls fast, rises slowly), so steady background noise does not count as speech.

import Foundation

public struct VoiceActivityDetector: Sendable {
    public struct Configuration: Sendable {
        public var rate = 16_000
        /// Analysis frame: 10 ms.
        public var frameLength = 160
        /// A frame is loud when its energy is this far above the noise floor (dB).
        public var startMargin = 9.0
        /// Once in speech, frames this far above the floor keep it going (hysteresis).
        public var continueMargin = 5.0
        /// Never speech below this level (dBFS): digital near-silence. -55 missed the soft syllables
        /// of a quiet microphone's speech (peaks near -33 dBFS; docs/voice.md, "Audio").
        public var absoluteFloor = -65.0
        /// Loud frames needed (within `startWindow`) to start an utterance.
        public var startFrames = 8
        public var startWindow = 12
        /// Quiet time that ends an utterance (pauses inside a command are shorter). 0.35 s cuts
        /// commands said 0.3 s apart and no command of the test corpora in two (docs/voice.md).
        public var endSilence = 0.35
        /// Report `.paused` once this much quiet has passed in an utterance (nil: never), and keep
        /// no more quiet than this after an utterance: the utterance `.paused` gives is then the one
        /// `.ended` will give unless speech resumes, and the listener may decode it during the rest
        /// of the wait, or end it there (`endNow`; UtteranceListener).
        public var pauseNotice: Double? = nil
        /// Audio kept before the detected start and after the end (s).
        public var padding = 0.25
        /// An utterance is cut at this length (a command is a few seconds).
        public var maxLength = 12.0
        /// Utterances with less sound than this over the floor are dropped (a click, a knock);
        /// the padding does not count.
        public var minLength = 0.2
        /// Frames whose mean power is judged (5 = 50 ms): one 10 ms frame of background noise
        /// swings by several dB (pink noise most), enough to look like speech over its own floor,
        /// and an utterance in continuous noise never ended (docs/voice.md, "Utterances").
        public var smoothingFrames = 5
        public init() {}
    }

    public struct Utterance: Sendable, Equatable {
        public var samples: [Int16]
        /// First and last sample (exclusive), counted from the start of the stream.
        public var start: Int
        public var end: Int
    }

    let config: Configuration
    private var floor: Double?
    private var total = 0  // samples consumed into frames
    private var pending: [Int16] = []  // less than one frame
    private var history: [Int16] = []  // recent audio for the leading padding
    private var recentLoud: [Bool] = []
    private var current: [Int16]? = nil
    private var currentStart = 0
    private var quietFrames = 0
    private var soundFrames = 0  // frames of the current utterance over the floor
    private var trailing: Int = 0  // frames of quiet already appended
    private var recentPower: [Double] = []  // the last `smoothingFrames` frames' mean power
    /// What happened in the frames fed so far and not yet handed out (`events`).
    var happened: [Event] = []
    /// Samples of the current utterance already handed out as `.audio`.
    private var emitted = 0

    public init(_ config: Configuration = Configuration()) { self.config = config }

    public var inSpeech: Bool { current != nil }

    public mutating func feed(_ samples: [Int16]) -> [Utterance] {
        var out: [Utterance] = []
        var batch = events(samples)
        while true {  // nobody acts on a pause here: go on past it
            out += batch.compactMap(\.utterance)
            guard case .paused = batch.last else { return out }
            batch = events([])
        }
    }

    /// Ends the stream: an utterance in progress is returned.
    public mutating func finish() -> [Utterance] {
        finishEvents().compactMap(\.utterance)
    }

    /// Cuts the frames in `samples` (with what was left over from before); `happened` collects.
    mutating func consume(_ samples: [Int16]) {
        pending += samples
        let n = config.frameLength
        var offset = 0
        while pending.count - offset >= n {
            if let u = frame(Array(pending[offset..<offset + n])) { happened.append(.ended(u)) }
            offset += n
            // The listener acts on a pause before another frame goes in: it may end the
            // utterance right there (`endNow`).
            if case .paused = happened.last { break }
        }
        pending.removeFirst(offset)
    }

    /// No whole frame is left unread (a pause stops the reading until the next `events`).
    var noFramePending: Bool { pending.count < config.frameLength }

    /// Ends the current utterance now, after a `.paused` (the same utterance it gave), or nil when
    /// none is under way.
    public mutating func endNow() -> Utterance? {
        guard current != nil else { return nil }
        return close(trimQuiet: max(0, quietFrames - keptQuietFrames))
    }

    /// Ends the stream into `happened`: an utterance in progress ends there.
    mutating func consumeEnd() {
        if current != nil {
            current! += pending
            total += pending.count
            if let u = close() { happened.append(.ended(u)) }
        }
        pending = []
    }

    /// Hands out the current utterance's audio not handed out yet, except its last `lag` samples:
    /// the quiet an ending trims is never given to a decoder that will not see it in `.ended`.
    mutating func emitAudio(lag: Int) {
        guard let current, current.count - lag > emitted else { return }
        happened.append(.audio(Array(current[emitted..<current.count - lag])))
        emitted = current.count - lag
    }

    private mutating func frame(_ f: [Int16]) -> Utterance? {
        var sum = 0.0
        for s in f { sum += Double(s) * Double(s) }
        recentPower.append(sum / Double(f.count))
        if recentPower.count > config.smoothingFrames { recentPower.removeFirst() }
        let power = recentPower.reduce(0, +) / Double(recentPower.count)
        let db = 10 * log10(max(power, 1e-3) / (32768.0 * 32768.0))
        let floorNow = floor ?? db
        // Track the floor: down at once, up slowly (~3 dB/s) so speech does not drag it up.
        floor = db < floorNow ? db : floorNow + min(db - floorNow, 0.03)
        let start = total
        total += f.count
        let loud = db > max(floorNow + config.startMargin, config.absoluteFloor)
        let keeps = db > max(floorNow + config.continueMargin, config.absoluteFloor)
        let padFrames = Int(config.padding * Double(config.rate)) / config.frameLength
        if current == nil {
            history += f
            let keep = (padFrames + config.startWindow) * config.frameLength
            if history.count > keep { history.removeFirst(history.count - keep) }
            recentLoud.append(loud)
            if recentLoud.count > config.startWindow { recentLoud.removeFirst() }
            if recentLoud.filter({ $0 }).count >= config.startFrames {
                current = history
                currentStart = total - history.count
                quietFrames = 0
                soundFrames = recentLoud.filter { $0 }.count
                recentLoud = []
                history = []
                emitted = 0
                happened.append(.began(start: currentStart))
                emitAudio(lag: lagSamples)
            }
            return nil
        }
        current! += f
        quietFrames = keeps ? 0 : quietFrames + 1
        if keeps { soundFrames += 1 }
        let endFrames = Int(config.endSilence * Double(config.rate)) / config.frameLength
        let tooLong = Double(current!.count) >= config.maxLength * Double(config.rate)
        // The trailing padding is part of the quiet, not more of it: waiting for quiet + padding
        // (0.7 s) merged commands said 0.5 s apart into one utterance.
        if quietFrames >= endFrames || tooLong {
            _ = start
            return close(trimQuiet: tooLong ? 0 : max(0, quietFrames - keptQuietFrames))
        }
        emitAudio(lag: lagSamples)
        if let notice = config.pauseNotice, quietFrames == Int(notice * Double(config.rate)) / config.frameLength,
           quietFrames > 0, let current {
            let trim = max(0, quietFrames - keptQuietFrames) * config.frameLength
            happened.append(.paused(Utterance(samples: Array(current.dropLast(trim)), start: currentStart, end: total - trim)))
        }
        return nil
    }

    /// The quiet an ending can trim: end silence less the padding kept (100 ms by default).
    var lagSamples: Int {
        let endFrames = Int(config.endSilence * Double(config.rate)) / config.frameLength
        return max(0, endFrames - keptQuietFrames) * config.frameLength
    }

    /// Frames of quiet an utterance keeps after its speech: the padding, or less with a pause notice.
    private var keptQuietFrames: Int {
        let padFrames = Int(config.padding * Double(config.rate)) / config.frameLength
        guard let notice = config.pauseNotice else { return padFrames }
        return min(padFrames, Int(notice * Double(config.rate)) / config.frameLength)
    }

    private mutating func close(trimQuiet: Int = 0) -> Utterance? {
        guard var samples = current else { return nil }
        current = nil
        let trim = min(samples.count, trimQuiet * config.frameLength)
        samples.removeLast(trim)
        let end = total - trim
        let start = currentStart
        // The trimmed quiet becomes the next utterance's leading padding.
        history = []
        recentLoud = []
        guard Double(soundFrames * config.frameLength) >= config.minLength * Double(config.rate) else {
            happened.append(.dropped)
            return nil
        }
        return Utterance(samples: samples, start: start, end: end)
    }
}
