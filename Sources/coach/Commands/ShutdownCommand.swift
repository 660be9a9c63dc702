// `coach shutdown`: stops the background gateway, as `tmux kill-server` stops tmux's server. The
// gateway's pid comes from its instance lock (held while it runs, so never stale); SIGTERM makes
// it close the socket and exit cleanly. A workout in progress is in the journal and continues
// when a gateway starts again.

import ArgumentParser
import CoachCore
import CoachGateway
import Foundation

struct ShutdownCommand: ParsableCommand {
    static var configuration: CommandConfiguration { .words("shutdown") }

    @Option(name: .long, help: .words("gateway", "socket", discussion: "socket_default", valueName: "path"))
    var socket: String?

    func run() throws {
        let location = SocketLocation.resolve(explicit: socket)
        guard let pid = InstanceLock.holder(path: location.lockPath) else {
            if RawSocket.probe(location.path) == .answers {
                OneShot.printError(CLIWords.text("shutdown", "socket_activated", ["path": location.path]))
                throw ExitCode(ExitStatus.failure.rawValue)
            }
            OneShot.printError(CLIWords.text("shutdown", "none_runs", ["path": location.path]))
            throw ExitCode(ExitStatus.unreachable.rawValue)
        }
        let ongoing = Self.ongoingWorkout(at: location)
        guard kill(pid, SIGTERM) == 0 else {
            OneShot.printError(CLIWords.text("shutdown", "cannot_stop", ["pid": "\(pid)", "error": String(cString: strerror(errno))]))
            throw ExitCode.failure
        }
        // Gone once the lock is released: the kernel drops it only when the process has exited.
        for _ in 0..<1000 where InstanceLock.holder(path: location.lockPath) == pid { usleep(10_000) }
        guard InstanceLock.holder(path: location.lockPath) != pid else {
            OneShot.printError(CLIWords.text("shutdown", "did_not_exit", ["pid": "\(pid)"]))
            throw ExitCode.failure
        }
        print(CLIWords.text("shutdown", "stopped", ["pid": "\(pid)"]))
        if let ongoing { print(CLIWords.text("shutdown", "kept", ["workout": ongoing])) }
    }

    /// The activity of the workout in progress, if any (asked before stopping, to say it is kept).
    static func ongoingWorkout(at location: SocketLocation) -> String? {
        guard let client = try? GatewayClient(location: location),
              let status = try? IntentResult(json: client.call("status")),
              let state = status.workout?.state ?? status.state,
              ["prepared", "running", "paused", "stopped"].contains(state) else { return nil }
        let activity = status.workout?.activity.flatMap(ActivityType.init(rawValue:))
        return Wording.builtIn(.en).workout(activity, nil)
    }
}
