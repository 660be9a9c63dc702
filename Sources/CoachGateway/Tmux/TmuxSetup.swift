// `coach tmux setup`: make the status line show `#{@coach}`. The plan is pure (tested without tmux);
// `TmuxSetup.apply` reads the options, applies the plan with `tmux set -g` and reports each change.

/// One option the setup changed or deliberately kept, with the reason, for printing.
public struct TmuxSetupChange: Sendable, Hashable, CustomStringConvertible {
    public var option: String
    public var old: String
    public var new: String?
    public var reason: String

    public var description: String {
        guard let new else { return "kept \(option) \(TmuxQuote.single(old)): \(reason)" }
        return "set \(option) \(TmuxQuote.single(new)) (was \(TmuxQuote.single(old))): \(reason)"
    }
}

public enum TmuxSetup {
    /// The longest compact tmux line plus a default status-right fits in this many columns.
    public static let minimumRightLength = 80

    /// What to change given the current global options.
    public static func plan(statusLeft: String, statusRight: String, statusFormats: [String] = [],
                            statusRightLength: Int, statusInterval: Int, option: String = "@coach") -> [TmuxSetupChange] {
        // Any reference counts: #{@coach}, #{E:@coach}, #{=30:@coach}, #{?@coach,…,}.
        func mentions(_ format: String) -> Bool {
            format.contains(option + "}") || format.contains(option + ",")
        }
        var changes: [TmuxSetupChange] = []
        if ([statusLeft, statusRight] + statusFormats).contains(where: mentions) {
            changes.append(TmuxSetupChange(option: "status-right", old: statusRight, new: nil,
                                           reason: "\(option) is already placed in the status line"))
        } else {
            let new = statusRight.isEmpty ? "#{\(option)}" : "#{\(option)} " + statusRight
            changes.append(TmuxSetupChange(option: "status-right", old: statusRight, new: new,
                                           reason: "shows the workout before what was there"))
            if statusRightLength < minimumRightLength {
                changes.append(TmuxSetupChange(option: "status-right-length", old: String(statusRightLength),
                                               new: String(minimumRightLength),
                                               reason: "room for the workout next to the existing status"))
            }
        }
        // Every push redraws the status line itself, so the interval only paces other contents;
        // it is never lowered (a 1 s interval re-runs every #() job each second). Off is fine too.
        changes.append(TmuxSetupChange(option: "status-interval", old: String(statusInterval), new: nil,
                                       reason: "coach's pushes redraw the status line on every change"))
        return changes
    }

    /// Reads the global status options of the server, applies the plan, and returns what it did.
    public static func apply(target: TmuxTarget = .default, option: String = "@coach",
                             executable: String = "tmux") async throws(TmuxError) -> [TmuxSetupChange] {
        func show(_ name: String) async throws(TmuxError) -> String {
            let value = try await TmuxProcess.check(["show-options", "-gv", name], target: target, executable: executable)
            return value.hasSuffix("\n") ? String(value.dropLast()) : value
        }
        let statusLeft = try await show("status-left"), statusRight = try await show("status-right")
        let statusRightLength = Int(try await show("status-right-length")) ?? 40
        let statusInterval = Int(try await show("status-interval")) ?? 15
        let changes = plan(statusLeft: statusLeft, statusRight: statusRight, statusRightLength: statusRightLength,
                           statusInterval: statusInterval, option: option)
        for change in changes {
            guard let new = change.new else { continue }
            try await TmuxProcess.check(["set-option", "-g", change.option, new], target: target, executable: executable)
        }
        return changes
    }
}
