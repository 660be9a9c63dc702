// Which noise front end runs before the decoder: `--denoiser` / voice.denoiser name one (rnnoise,
// speexdsp, off); `auto` (the default) takes speexdsp when `--front-end` or voice.front_end ask for
// it, none when they say no, else RNNoise for the VAD when it is installed and hama hears (measured
// in every state: no worse on clean, overlap, the wake set and non-commands, music rescued), else speexdsp's
// measured default (on for the microphone, off for files). `--no-front-end` / `--denoiser off` turn
// every front end off. Measured in docs/voice.md ("A front end for real rooms", "RNNoise").

public enum FrontEndPolicy {
    /// What voice.denoiser and `--denoiser` may say.
    public enum Choice: String, Sendable, CaseIterable {
        case auto, rnnoise, speexdsp, off
    }

    /// The default for speexdsp where neither the flag nor the setting says.
    public static func isOnByDefault(fromMicrophone: Bool) -> Bool {
        fromMicrophone
    }

    public static func isOn(explicit: Bool?, setting: Bool?, fromMicrophone: Bool) -> Bool {
        explicit ?? setting ?? isOnByDefault(fromMicrophone: fromMicrophone)
    }

    /// The front end to run (never `.auto`): `denoiser` is the flag's choice else the setting's;
    /// `frontEnd` the `--front-end` flag, `frontEndSetting` voice.front_end (both speexdsp's, as before);
    /// `rnnoiseInstalled` whether RNNoise would load, `measuredEngine` whether the engine is the one
    /// it was measured with (hama; pocketsphinx and Julius keep what they had).
    public static func choose(denoiser: Choice?, frontEnd explicit: Bool?, frontEndSetting: Bool?, fromMicrophone: Bool,
                              rnnoiseInstalled: Bool, measuredEngine: Bool = true) -> Choice {
        if explicit == false { return .off }
        if let denoiser, denoiser != .auto { return denoiser }
        switch explicit ?? frontEndSetting {
        case true?: return .speexdsp
        case false?: return .off
        case nil: break
        }
        if rnnoiseInstalled && measuredEngine { return .rnnoise }
        return isOnByDefault(fromMicrophone: fromMicrophone) ? .speexdsp : .off
    }
}
