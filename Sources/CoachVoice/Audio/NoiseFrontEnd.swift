// NoiseFrontEnd: what DenoisedStream needs of a noise suppressor — the processed audio of a 16 kHz
// stream fed in any chunk sizes, sample i out being sample i in (each takes its own lag off), and
// the rest at the end. speexdsp's preprocessor (SpeechFrontEnd) and RNNoise (NeuralDenoiser) are two.

public protocol NoiseFrontEnd: AnyObject, Sendable {
    /// The processed audio for what is complete so far; the rest waits for the next chunk.
    func process(_ chunk: [Int16]) -> [Int16]
    /// The rest of the stream: as many samples out, in all, as went in.
    func finish() -> [Int16]
}

extension SpeechFrontEnd: NoiseFrontEnd {}

/// The stream as it came: what the decoder hears when only the VAD hears the front end
/// (UtteranceListener.FrontEndPlace.detector), through the same DenoisedStream bookkeeping.
public final class RawAudio: NoiseFrontEnd, @unchecked Sendable {
    public init() {}
    public func process(_ chunk: [Int16]) -> [Int16] { chunk }
    public func finish() -> [Int16] { [] }
}
