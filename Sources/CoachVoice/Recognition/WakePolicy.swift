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

/// "hey coach" … (a pause) … "pause my run". People say a wake phrase and wait, as they do with a
/// phone; the utterance that follows has no wake phrase of its own. The wake phrase said alone opens
/// a window: an utterance that starts in it is decoded after the wake phrase's own audio, so the
/// grammar (which puts the wake phrase before every command) hears the two as one. A pure state
/// machine: the recogniser tells it what it heard, it says when the window is open.
public struct WakeWindow: Sendable {
    /// How long after the wake phrase ends the command may start (s).
    public static let seconds = 6.0

    public private(set) var openUntil: Double?

    public init() {}

    /// An utterance starting at `start` (s) follows a lone wake phrase.
    public func isOpen(at start: Double) -> Bool {
        openUntil.map { start <= $0 } ?? false
    }

    /// What an utterance ending at `end` was heard as: the wake phrase alone opens the window (and
    /// returns until when); anything else closes it (one command per wake phrase).
    public mutating func heard(wakePhraseOnly: Bool, end: Double) -> Double? {
        openUntil = wakePhraseOnly ? end + Self.seconds : nil
        return openUntil
    }
}
