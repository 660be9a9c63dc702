// RNNoise as the noise front end (NeuralDenoiser): the 16 ↔ 48 kHz filters pass speech's band and
// delay it exactly as much as is taken off; the installed library (scripts/setup-tests puts the
// pinned pyrnnoise wheel's librnnoise.so in .models/) loads and takes steady noise down by far more
// than speexdsp's 15 dB while a voiced sound keeps its level; the stream comes out sample for sample;
// and FrontEndPolicy takes it for `auto` when installed (with hama), and off when told.

@testable import CoachVoice
import Foundation
import Testing

@Suite struct NeuralDenoiserTests {
    /// The installed RNNoise library: COACH_VOICE_MODELS (./test sets it), else the checkout's .models.
    static func library() throws -> String {
        let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
        var environment = ProcessInfo.processInfo.environment
        if environment[VoiceModels.environmentVariable] == nil { environment[VoiceModels.environmentVariable] = checkout + "/.models" }
        let installed = try #require(VoiceModels.rnnoise(environment: environment, check: .digests),
                                     "RNNoise is not installed: run scripts/setup-tests (or coach voice install)")
        try #require(installed.isUsable, "\(installed.problem ?? "")")
        return installed.rnnoisePath
    }

    static func sine(_ hertz: Double, amplitude: Double, count: Int) -> [Int16] {
        (0..<count).map { Int16(amplitude * sin(2 * Double.pi * hertz * Double($0) / 16_000)) }
    }

    /// A voiced sound: a 140 Hz pulse train through three formant-like resonances, 1.5 s.
    static func vowel(count: Int) -> [Int16] {
        (0..<count).map { n in
            let t = Double(n) / 16_000
            let s = [(700.0, 1.0), (1_220.0, 0.6), (2_600.0, 0.3)].reduce(0.0) { acc, f in
                acc + f.1 * (1..<40).reduce(0.0) { a, k in
                    let h = 140.0 * Double(k)
                    return a + sin(2 * Double.pi * h * t) / (1 + pow((h - f.0) / 90, 2))
                }
            }
            return Int16(max(-32_000, min(32_000, 2_000 * s)))
        }
    }

    static func rms(_ x: ArraySlice<Int16>) -> Double { SpeechFrontEndTests.rms(x) }

    @Test func theFiltersPassSpeechAndDelayByTheirMiddle() {
        var filter = ThirdRateFilter()
        let input = Self.sine(1_000, amplitude: 8_000, count: 8_000).map(Float.init)
        var out: [Float] = []
        for start in stride(from: 0, to: input.count, by: 700) {  // chunks: the history carries over
            out += filter.down(filter.up(Array(input[start..<min(start + 700, input.count)])))
        }
        #expect(out.count == input.count)
        let delay = 2 * ThirdRateFilter.delay / 3
        let worst = (500..<7_000).map { abs(out[$0 + delay] - input[$0]) }.max() ?? .infinity
        // Measured: off by 0.12 of 8 000; one sample of delay off would be ~3 000.
        #expect(worst < 8, "1 kHz comes back within 0.1 % after \(delay) samples: off by \(worst)")
    }

    static func run(_ denoiser: NeuralDenoiser, _ input: [Int16]) -> [Int16] {
        var output: [Int16] = []
        for start in stride(from: 0, to: input.count, by: 1_234) {
            output += denoiser.process(Array(input[start..<min(start + 1_234, input.count)]))
        }
        return output + denoiser.finish()
    }

    @Test func steadyNoiseGoesFarDownAndAVoicedSoundStays() throws {
        let denoiser = try NeuralDenoiser(libraryPath: try Self.library(), keep: 0)
        let noise = SpeechFrontEndTests.noise(count: 48_000)
        let vowel = Self.vowel(count: 24_000)
        let input = noise + zip(vowel, noise.prefix(24_000)).map { Int16(clamping: Int($0) + Int($1) / 4) }
        let output = Self.run(denoiser, input)
        #expect(output.count == input.count)
        // The noise alone, after its first second: speexdsp takes it down 10–15 dB; RNNoise far more
        // (measured: 30.7 dB).
        let noiseDrop = 20 * log10(Self.rms(input[16_000..<48_000]) / Self.rms(output[16_000..<48_000]))
        #expect(noiseDrop >= 25, "noise down \(noiseDrop) dB")
        // The vowel over quieter noise keeps its level within 3 dB (measured: −1.2 dB).
        let vowelChange = 20 * log10(Self.rms(output[52_000..<70_000]) / Self.rms(vowel[4_000..<22_000]))
        #expect(abs(vowelChange) < 3, "vowel changed \(vowelChange) dB")
    }

    /// 30 % of the input mixed back: noise goes down by at most 20·log10(1/0.3) = 10.46 dB, and by
    /// nearly that since RNNoise's own residue is ~30 dB down (measured: 10.44 dB; 50 % kept gives 6).
    @Test func aKeptShareBoundsTheDrop() throws {
        let noise = SpeechFrontEndTests.noise(count: 48_000)
        let output = Self.run(try NeuralDenoiser(libraryPath: try Self.library(), keep: 0.3), noise)
        let drop = 20 * log10(Self.rms(noise[16_000...]) / Self.rms(output[16_000...]))
        #expect(drop > 9.5 && drop < 10.6, "noise down \(drop) dB with 0.3 of it kept")
    }

    @Test func theStreamComesOutSampleForSample() throws {
        // Sample i out is sample i in (the 360 samples of lag taken off): the voiced sound lines up
        // best at a shift of 0 within ±50 samples (less than half its 114-sample pitch period, so
        // RNNoise's second frame left in, 160 ≡ 46 samples, shows: it did, before the fix). Its
        // onset is not used: RNNoise opens gradually.
        let denoiser = try NeuralDenoiser(libraryPath: try Self.library(), keep: 0)
        var input = Self.vowel(count: 20_000)
        input.replaceSubrange(0..<9_000, with: [Int16](repeating: 0, count: 9_000))
        let output = Self.run(denoiser, input)
        #expect(output.count == input.count)
        func correlation(_ shift: Int) -> Double {
            (11_000..<18_000).reduce(0.0) { $0 + Double(output[$1 + shift]) * Double(input[$1]) }
        }
        let best = (-50...50).max { correlation($0) < correlation($1) } ?? .max
        #expect(abs(best) <= 1, "the output lines up with the input at a shift of \(best)")
    }

    @Test func aLibraryThatIsNoneIsRefused() {
        #expect(throws: NeuralDenoiser.Failure.self) { try NeuralDenoiser(libraryPath: "/nonexistent/librnnoise.so") }
    }

    @Test func theNamedChoiceThenTheFlagsThenWhatIsInstalledDecide() {
        func choose(_ d: FrontEndPolicy.Choice?, _ flag: Bool?, _ setting: Bool?, mic: Bool, installed: Bool) -> FrontEndPolicy.Choice {
            FrontEndPolicy.choose(denoiser: d, frontEnd: flag, frontEndSetting: setting, fromMicrophone: mic, rnnoiseInstalled: installed)
        }
        #expect(choose(nil, nil, nil, mic: false, installed: true) == .rnnoise, "installed, auto takes RNNoise")
        #expect(choose(nil, nil, nil, mic: true, installed: true) == .rnnoise)
        #expect(choose(.auto, nil, nil, mic: true, installed: true) == .rnnoise)
        #expect(FrontEndPolicy.choose(denoiser: nil, frontEnd: nil, frontEndSetting: nil, fromMicrophone: true, rnnoiseInstalled: true,
                                      measuredEngine: false) == .speexdsp, "pocketsphinx and Julius keep speexdsp")
        #expect(choose(.off, nil, nil, mic: true, installed: true) == .off, "--denoiser off turns it off")
        #expect(choose(nil, nil, nil, mic: true, installed: false) == .speexdsp, "as before without it")
        #expect(choose(nil, nil, nil, mic: false, installed: false) == .off)
        #expect(choose(nil, true, nil, mic: false, installed: true) == .speexdsp, "--front-end is speexdsp's")
        #expect(choose(nil, nil, false, mic: true, installed: true) == .off, "front_end: false turns it off")
        #expect(choose(nil, false, nil, mic: false, installed: true) == .off, "--no-front-end turns it off")
        #expect(choose(.rnnoise, false, nil, mic: true, installed: true) == .off, "--no-front-end wins")
        #expect(choose(.speexdsp, nil, nil, mic: false, installed: true) == .speexdsp)
        #expect(choose(.rnnoise, nil, nil, mic: false, installed: false) == .rnnoise, "named: a note says it is missing")
        #expect(choose(.off, nil, true, mic: true, installed: true) == .off)
    }
}
