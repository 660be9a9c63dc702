// Where the database lives: $XDG_DATA_HOME/coach/coach.sqlite, else ~/.local/share/coach/.

import CoachWire
import Foundation

public enum StorePaths {
    /// The database path for this environment. A relative XDG_DATA_HOME is ignored, as the XDG
    /// Base Directory spec requires.
    public static func databasePath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        dataDirectory(environment: environment) + "/coach.sqlite"
    }

    public static func dataDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        XDGDirectories.dataHome(environment: environment) + "/coach"
    }
}
