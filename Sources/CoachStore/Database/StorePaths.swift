// Where the database lives: $XDG_DATA_HOME/coach/coach.sqlite, else ~/.local/share/coach/.

import Foundation

public enum StorePaths {
    /// The database path for this environment. A relative XDG_DATA_HOME is ignored, as the XDG
    /// Base Directory spec requires.
    public static func databasePath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        dataDirectory(environment: environment) + "/coach.sqlite"
    }

    public static func dataDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return xdg + "/coach"
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.local/share/coach"
    }
}
