// Where the REPL keeps its history: $XDG_STATE_HOME/coach/history, else ~/.local/state/coach/history.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CoachGateway
import CoachWire
#if canImport(Glibc)
import Glibc
#endif

enum ReplPaths {
    /// The history file, its directory created (0700) if missing; nil when there is nowhere to put it.
    static func historyFile(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let hasBase = XDGDirectories.base("XDG_STATE_HOME", environment: environment) != nil || environment["HOME"]?.isEmpty == false
        guard hasBase else { return nil }
        let directory = StateDirectory.defaultDirectory(environment: environment)
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            return nil
        }
        return directory + "/history"
    }
}
