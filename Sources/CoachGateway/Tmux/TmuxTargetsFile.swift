// The tmux servers the gateway pushes to, remembered in $XDG_STATE_HOME/coach/tmux-targets so a
// restarted gateway (a reboot, a crash, `coach serve` under systemd) keeps the status line live
// without running `coach tmux setup` again. One target per line: `default`, `L name` or `S path`.

import CoachWire
import Foundation

public enum TmuxTargetsFile {
    public static func path(in stateDirectory: String = StateDirectory.defaultDirectory()) -> String {
        stateDirectory + "/tmux-targets"
    }

    public static func read(from path: String = path()) -> [TmuxTarget] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            if line == "default" { return .default }
            if line.hasPrefix("L "), line.count > 2 { return .socketName(String(line.dropFirst(2))) }
            if line.hasPrefix("S "), line.count > 2 { return .socketPath(String(line.dropFirst(2))) }
            return nil
        }
    }

    /// Adds `target` unless it is already listed.
    public static func remember(_ target: TmuxTarget, in path: String = path()) {
        var targets = read(from: path)
        guard !targets.contains(target) else { return }
        targets.append(target)
        let text = targets.map { target -> String in
            switch target {
            case .default: return "default"
            case .socketName(let name): return "L " + name
            case .socketPath(let socket): return "S " + socket
            }
        }.joined(separator: "\n") + "\n"
        try? DurableFile.createDirectory((path as NSString).deletingLastPathComponent)
        try? DurableFile.write(text, to: path)
    }
}
