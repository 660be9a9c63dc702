// VoiceSetup+FrontEnd: speexdsp's front end (SpeechFrontEnd) for `coach listen` and the REPL's
// `/listen`, decided in one place: `--front-end`/`--no-front-end`, else `voice.front_end` in the
// settings, else FrontEndPolicy's measured default. Without libspeexdsp1 listening works as before,
// and a front end asked for by name says what installing it would add.

import CoachNative
import CoachSettings
import CoachVoice

extension VoiceSetup {
    /// The front end to run before the VAD, or nil; `note` is for the user (asked for but missing).
    static func frontEnd(settings: CoachSettings, explicit: Bool?, fromMicrophone: Bool,
                         options: SpeechFrontEnd.Options = SpeechFrontEnd.Options()) -> (frontEnd: SpeechFrontEnd?, note: String?) {
        guard FrontEndPolicy.isOn(explicit: explicit, setting: settings.voice.frontEnd, fromMicrophone: fromMicrophone) else {
            return (nil, nil)
        }
        let asked = explicit ?? settings.voice.frontEnd
        let library: SpeexDSPLibrary
        do { library = try SpeexDSPLibrary.load() } catch {
            // Only a front end asked for by name is worth a word; the default one is a bonus.
            guard asked == true else { return (nil, nil) }
            return (nil, "listening without the noise front end (\(error.reason)): install it with sudo apt-get install \(SpeexDSPLibrary.package)")
        }
        do { return (try SpeechFrontEnd(library: library, options: options), nil) } catch {
            return (nil, "listening without the noise front end: \(error.description)")
        }
    }
}
