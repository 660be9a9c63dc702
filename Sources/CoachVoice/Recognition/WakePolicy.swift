// When `coach listen` requires the wake phrase ("hey coach, pause my run"). A grammar search forces
// every sound onto some sentence, and without a wake phrase about two thirds of everyday speech in
// the room came out as some command (docs/voice.md: 29 of 45 non-commands at the default filler
// weight; 0 of 45 with the wake phrase). So the live microphone — where anyone in the room is
// heard — needs the wake phrase unless the user turns it off; audio the user hands over on purpose
// (`--input FILE` or `-`) is taken as meant to be commands.

public enum WakePolicy {
    /// `explicit` is `--wake` (true) / `--no-wake` (false) / neither (nil).
    public static func requiresWakePhrase(explicit: Bool?, fromMicrophone: Bool) -> Bool {
        explicit ?? fromMicrophone
    }
}
