// Coach's own version, the version the user's own samples and workouts carry as their source.

public enum CoachVersion {
    public static let current = "0.1.0"
}
