// Where the REPL keeps its history: $XDG_STATE_HOME/coach/history, else ~/.local/state/coach/history.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

enum ReplPaths {
    /// The history file, its directory created (0700) if missing; nil when there is nowhere to put it.
    static func historyFile(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let base: String
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            base = state
        } else if let home = environment["HOME"], !home.isEmpty {
            base = home + "/.local/state"
        } else {
            return nil
        }
        let directory = base + "/coach"
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            return nil
        }
        return directory + "/history"
    }
}
