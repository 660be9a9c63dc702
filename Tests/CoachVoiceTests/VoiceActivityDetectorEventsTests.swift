// VoiceActivityDetector's events (what a decoder fed while the person speaks sees): they must
// describe the same utterances `feed` returns, and the audio handed out while an utterance is
// under way must be exactly the start of the utterance that ends it (the decoder never hears
// quiet the ending trims, nor misses a sample).

import CoachVoice
import Foundation
import Testing

@Suite struct VoiceActivityDetectorEventsTests {
    /// Events of `samples` fed in `chunk`-sized pieces.
    static func events(_ samples: [Int16], chunk: Int, config: VoiceActivityDetector.Configuration = .init()) -> [VoiceActivityDetector.Event] {
        var vad = VoiceActivityDetector(config)
        var out: [VoiceActivityDetector.Event] = []
        var i = 0
        while i < samples.count {
            out += vad.events(Array(samples[i..<min(i + chunk, samples.count)]))
            i += chunk
        }
        return out + vad.finishEvents()
    }

    @Test(arguments: [320, 1_600, 4_096])
    func theAudioHandedOutIsThePrefixOfEachUtterance(chunk: Int) {
        let (samples, truth) = VoiceActivityDetectorTests.threeBursts(noiseBelowDB: 20)
        var ended: [VoiceActivityDetector.Utterance] = []
        var soFar: [Int16]? = nil
        var began: Int? = nil
        for event in Self.events(samples, chunk: chunk) {
            switch event {
            case .began(let start):
                #expect(soFar == nil, "an utterance began inside another")
                soFar = []
                began = start
            case .audio(let audio):
                #expect(soFar != nil, "audio outside an utterance")
                soFar? += audio
            case .ended(let u):
                let prefix = soFar ?? []
                #expect(u.start == began)
                #expect(prefix.count <= u.samples.count && Array(u.samples.prefix(prefix.count)) == prefix)
                // Held back at most the end-of-speech wait's trimmable quiet and one frame.
                #expect(u.samples.count - prefix.count <= 1_600 + 160, "\(u.samples.count - prefix.count) samples held back")
                ended.append(u)
                soFar = nil
            case .dropped:
                soFar = nil
            case .paused:
                Issue.record("a pause reported though pauseNotice is off")
            }
        }
        var vad = VoiceActivityDetector()
        let fed = vad.feed(samples) + vad.finish()
        #expect(ended == fed)
        #expect(ended.count == truth.count)
    }

    /// A click starts an utterance and is dropped: the decoder is told to forget it.
    @Test func aClickIsDroppedAfterItBegan() {
        var samples = [Int16](repeating: 0, count: 16_000)
        samples += (0..<1_600).map { i in Int16(8_000 * sin(Double(i) * 0.3)) }  // 0.1 s: under minLength
        samples += [Int16](repeating: 0, count: 16_000)
        let events = Self.events(samples, chunk: 320)
        guard case .began = events.first else {
            Issue.record("no utterance began: \(events)")
            return
        }
        #expect(events.last == .dropped)
        #expect(!events.contains { if case .ended = $0 { true } else { false } })
    }

    /// Decoding ahead (UtteranceListener) relies on this: `.paused` gives the very utterance
    /// `.ended` gives when no speech follows, in any chunking, at the listener's notice (0.15 s)
    /// and at the padding.
    @Test(arguments: [320, 1_600, 4_096], [0.15, 0.25])
    func aPauseGivesTheUtteranceThatEnds(chunk: Int, notice: Double) {
        let (samples, truth) = VoiceActivityDetectorTests.threeBursts(noiseBelowDB: 20)
        var config = VoiceActivityDetector.Configuration()
        config.pauseNotice = notice
        var paused: VoiceActivityDetector.Utterance?
        var ended = 0
        for event in Self.events(samples, chunk: chunk, config: config) {
            switch event {
            case .paused(let u): paused = u
            case .ended(let u):
                #expect(paused == u, "the pause gave \(paused.map { "\($0.start)+\($0.samples.count)" } ?? "nothing"), the end \(u.start)+\(u.samples.count)")
                paused = nil
                ended += 1
            default: break
            }
        }
        #expect(ended == truth.count)
    }

    /// Speech after the pause: the utterance goes on, and the one that ends is longer than the
    /// one the pause gave (so a decode ahead of it is not used).
    @Test func speechAfterThePauseMakesALongerUtterance() {
        var signal = [Int16](repeating: 0, count: VoiceActivityDetectorTests.rate)
        signal += VoiceActivityDetectorTests.burst(seconds: 0.8).map { Int16($0) }
        signal += [Int16](repeating: 0, count: VoiceActivityDetectorTests.rate * 3 / 10)  // 0.3 s: past the padding, short of the end
        signal += VoiceActivityDetectorTests.burst(seconds: 0.6).map { Int16($0) }
        signal += [Int16](repeating: 0, count: VoiceActivityDetectorTests.rate)
        var config = VoiceActivityDetector.Configuration()
        config.pauseNotice = config.padding
        let events = Self.events(signal, chunk: 320, config: config)
        let pauses = events.compactMap { if case .paused(let u) = $0 { u } else { nil } }
        let ends = events.compactMap { if case .ended(let u) = $0 { u } else { nil } }
        #expect(pauses.count == 2 && ends.count == 1, "\(pauses.count) pauses, \(ends.count) ends")
        if let first = pauses.first, let end = ends.first {
            #expect(first.start == end.start && first.samples.count < end.samples.count)
            #expect(pauses.last == end)
        }
    }

    /// Ending at the pause (`endNow`) gives the utterance the pause gave, and what is fed after it
    /// goes on as before: the next command is cut as without the early end.
    @Test func anUtteranceEndedAtThePauseIsTheOneThePauseGave() {
        let (samples, truth) = VoiceActivityDetectorTests.threeBursts(noiseBelowDB: 20)
        var config = VoiceActivityDetector.Configuration()
        config.pauseNotice = 0.15
        var vad = VoiceActivityDetector(config)
        var ended: [VoiceActivityDetector.Utterance] = []
        var batch = vad.events(samples)
        while true {
            ended += batch.compactMap { if case .ended(let u) = $0 { u } else { nil } }
            guard case .paused(let u) = batch.last else { break }
            let now = vad.endNow()
            #expect(now == u)
            if let now { ended.append(now) }
            batch = vad.events([])
        }
        ended += vad.finishEvents().compactMap { if case .ended(let u) = $0 { u } else { nil } }
        var plain = VoiceActivityDetector(config)
        let whole = plain.feed(samples) + plain.finish()
        // The same utterances, each ending at its pause (0.2 s sooner) instead of after the wait.
        #expect(ended.map(\.start) == whole.map(\.start) && ended.map(\.end) == whole.map(\.end), "\(ended.map { ($0.start, $0.end) }) \(whole.map { ($0.start, $0.end) })")
        #expect(ended.count == truth.count)
    }
}
