// What a gateway remembers between runs besides workouts: the privacy lock and the tmux servers it
// pushes to, as small files in $XDG_STATE_HOME/coach/ (a restarted gateway must not show metrics
// the user had hidden, nor leave the status line frozen).

import CoachWire
import Foundation

public struct StateDirectory: Sendable {
    public let directory: String

    public init(directory: String = StateDirectory.defaultDirectory()) { self.directory = directory }

    /// `$XDG_STATE_HOME/coach`, else `~/.local/state/coach`.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        XDGDirectories.stateHome(environment: environment) + "/coach"
    }

    private var lockMarker: String { directory + "/locked" }

    /// Whether metrics were hidden (`coach lock`) when the gateway last ran.
    public var isLocked: Bool { FileManager.default.fileExists(atPath: lockMarker) }

    public func setLocked(_ locked: Bool) {
        if locked {
            try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            // Best effort, as the directory: the lock holds in memory either way; the marker only
            // carries it across a restart.
            _ = FileManager.default.createFile(atPath: lockMarker, contents: Data())
        } else {
            try? FileManager.default.removeItem(atPath: lockMarker)
        }
    }

    public var tmuxTargets: [TmuxTarget] { TmuxTargetsFile.read(from: TmuxTargetsFile.path(in: directory)) }

    public func remember(_ target: TmuxTarget) { TmuxTargetsFile.remember(target, in: TmuxTargetsFile.path(in: directory)) }
}
