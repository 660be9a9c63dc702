// When the speexdsp front end (SpeechFrontEnd) runs: `--front-end`/`--no-front-end`, else the
// settings' voice.front_end, else the default chosen by measurement per condition (docs/voice.md,
// "A front end for real rooms"; Benchmarks/voice/rooms.sh).

public enum FrontEndPolicy {
    /// The default where neither the flag nor the setting says.
    public static func isOnByDefault(fromMicrophone: Bool) -> Bool {
        fromMicrophone
    }

    public static func isOn(explicit: Bool?, setting: Bool?, fromMicrophone: Bool) -> Bool {
        explicit ?? setting ?? isOnByDefault(fromMicrophone: fromMicrophone)
    }
}
