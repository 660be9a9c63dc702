// `coach shutdown`: stops the background gateway, as `tmux kill-server` stops tmux's server. The
// gateway's pid comes from its instance lock (held while it runs, so never stale); SIGTERM makes
// it close the socket and exit cleanly. A workout in progress is in the journal and continues
// when a gateway starts again.

import ArgumentParser
import CoachCore
import CoachGateway
import Foundation

struct ShutdownCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shutdown", abstract: "Stop the gateway running in the background.",
        discussion: """
            Waits until the gateway has exited (up to 10 s). A workout in progress is kept: it
            continues, with the time that passed, when a gateway starts again. A gateway started
            by systemd socket activation is stopped with systemctl instead.

            Examples:
              coach shutdown
              coach shutdown --socket /tmp/coach-test.sock
            """)

    @Option(name: .long, help: ArgumentHelp("The gateway's socket.", discussion: "Default: $COACH_SOCKET, else $XDG_RUNTIME_DIR/coach/coach.sock, else /tmp/coach-$UID/coach.sock.", valueName: "path"))
    var socket: String?

    func run() throws {
        let location = SocketLocation.resolve(explicit: socket)
        guard let pid = InstanceLock.holder(path: location.lockPath) else {
            if RawSocket.probe(location.path) == .answers {
                OneShot.printError("the gateway on \(location.path) holds no lock: it was started by systemd socket activation. "
                                   + "Stop it with `systemctl --user stop coach.socket coach.service`.")
                throw ExitCode(ExitStatus.failure.rawValue)
            }
            OneShot.printError("no gateway runs on \(location.path).")
            throw ExitCode(ExitStatus.unreachable.rawValue)
        }
        let ongoing = Self.ongoingWorkout(at: location)
        guard kill(pid, SIGTERM) == 0 else {
            OneShot.printError("cannot stop the gateway (pid \(pid)): \(String(cString: strerror(errno))).")
            throw ExitCode.failure
        }
        // Gone once the lock is released: the kernel drops it only when the process has exited.
        for _ in 0..<1000 where InstanceLock.holder(path: location.lockPath) == pid { usleep(10_000) }
        guard InstanceLock.holder(path: location.lockPath) != pid else {
            OneShot.printError("the gateway (pid \(pid)) did not exit within 10 s; `kill -KILL \(pid)` stops it (its workout is kept).")
            throw ExitCode.failure
        }
        print("Stopped the gateway (pid \(pid)).")
        if let ongoing { print("Your \(ongoing) in progress is kept: it continues when a gateway starts again.") }
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
