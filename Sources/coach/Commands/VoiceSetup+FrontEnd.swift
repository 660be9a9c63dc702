// VoiceSetup+FrontEnd: the noise front end for `coach listen` and the REPL's `/listen`, decided in
// one place (FrontEndPolicy): RNNoise from the installed pyrnnoise wheel (its output to the VAD,
// which then finds the ends of commands in music; the decoder hears the raw span; the default with
// hama when installed), or speexdsp's preprocessor (the decoder's audio only), or none. Without the
// library asked for, listening works as before and says what installing it would add.

import CoachNative
import CoachSettings
import CoachVoice

extension VoiceSetup {
    /// The chosen front end, whether the VAD hears its output too, its name for --verbose, and a
    /// note for the user (asked for but missing).
    struct FrontEnd {
        var frontEnd: (any NoiseFrontEnd)?
        var place = UtteranceListener.FrontEndPlace.decoder
        var name = FrontEndPolicy.Choice.off
        var note: String?
    }

    /// `place`: where RNNoise's output goes (measured: docs/voice.md, "RNNoise"); speexdsp's always
    /// goes to the decoder only. `engine`: the engine's name; `auto` takes RNNoise for hama only.
    static func frontEnd(settings: CoachSettings, explicit: Bool?, denoiser: FrontEndPolicy.Choice? = nil, fromMicrophone: Bool,
                         engine: String,
                         options: SpeechFrontEnd.Options = SpeechFrontEnd.Options(),
                         place: UtteranceListener.FrontEndPlace = .detector, keep: Float = NeuralDenoiser.defaultKeep) -> FrontEnd {
        let rnnoise = VoiceModels.rnnoise(check: .sizes)
        let named = denoiser ?? settings.voice.denoiser.flatMap(FrontEndPolicy.Choice.init)
        let chosen = FrontEndPolicy.choose(denoiser: named,
                                           frontEnd: explicit, frontEndSetting: settings.voice.frontEnd,
                                           fromMicrophone: fromMicrophone, rnnoiseInstalled: rnnoise?.isUsable == true,
                                           measuredEngine: engine == VoiceEngine.hama.rawValue)
        switch chosen {
        case .off, .auto:
            return FrontEnd()
        case .rnnoise:
            guard let rnnoise, rnnoise.isUsable else {
                return FrontEnd(note: rnnoise?.problem ?? "listening without RNNoise: run `\(VoiceModels.installCommand)`")
            }
            do { return FrontEnd(frontEnd: try NeuralDenoiser(libraryPath: rnnoise.rnnoisePath, keep: keep), place: place,
                                       name: .rnnoise) } catch {
                return FrontEnd(note: "listening without RNNoise: \(error.description)")
            }
        case .speexdsp:
            let asked = named == .speexdsp ? true : explicit ?? settings.voice.frontEnd
            let library: SpeexDSPLibrary
            do { library = try SpeexDSPLibrary.load() } catch {
                // Only a front end asked for by name is worth a word; the default one is a bonus.
                guard asked == true else { return FrontEnd() }
                return FrontEnd(note: "listening without the noise front end (\(error.reason)): install it with sudo apt-get install \(SpeexDSPLibrary.package)")
            }
            do { return FrontEnd(frontEnd: try SpeechFrontEnd(library: library, options: options), name: .speexdsp) } catch {
                return FrontEnd(note: "listening without the noise front end: \(error.description)")
            }
        }
    }
}
