// NoiseFloor: a faint, fixed hiss added to audio before it is decoded. A microphone always hears
// some noise; audio made digitally (synthesised speech, edited files) has exact silence and empty
// frequency bands, whose log energies are far outside what the acoustic model was trained on and
// throw off its batch cepstral mean. Measured on espeak-ng commands (docs/voice.md, "Accuracy"):
// clean files went from 8/20 to 13/20 intents right with white noise at -44 dBFS; noisy files
// (already above the floor) are unchanged.

public enum NoiseFloor {
    /// Peak of the added uniform noise (about -44 dBFS RMS for 16-bit audio).
    public static let amplitude: Int32 = 200

    /// `samples` with the hiss added. Deterministic (a fixed xorshift seed): the same audio always
    /// decodes the same way.
    public static func added(to samples: [Int16], amplitude: Int32 = NoiseFloor.amplitude) -> [Int16] {
        var state = seed
        return added(to: samples, amplitude: amplitude, state: &state)
    }

    /// Where every utterance's hiss starts.
    public static let seed: UInt32 = 0x9E37_79B9

    /// The same, continuing the hiss from `state` (an utterance fed in pieces hears the same hiss
    /// as when given whole).
    public static func added(to samples: [Int16], amplitude: Int32, state: inout UInt32) -> [Int16] {
        guard amplitude > 0 else { return samples }
        let span = UInt32(2 * amplitude + 1)
        return samples.map { s in
            state ^= state << 13
            state ^= state >> 17
            state ^= state << 5
            let noise = Int32(state % span) - amplitude
            return Int16(clamping: Int32(s) + noise)
        }
    }
}
