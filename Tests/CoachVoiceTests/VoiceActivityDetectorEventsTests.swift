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
}
