// Coach's version, stated once: `coach --version`, the REPL's banner, the gateway's `hello` and
// OpenRPC document, and the source the user's own samples and workouts carry all read it here.
// In CoachWire so that every module, coach-status included, can name it.

public enum CoachVersion {
    /// The release being worked towards; "-dev" until it is tagged.
    public static let current = "0.3.0-dev"
}
