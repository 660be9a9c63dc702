// Coach: the root command and the command tree (the command-line contract of DESIGN.md).

import ArgumentParser
import CoachGateway
import CoachWire
#if canImport(Glibc)
import Glibc
#endif

@main
enum CoachEntry {
    static func main() async {
        // `coach status [--format tmux]`, polled by status bars, is answered before the argument
        // parser is even set up (Commands/QuickStatus.swift); everything else goes through it.
        if let query = QuickStatus.parse(Array(CommandLine.arguments.dropFirst())), let status = QuickStatus.run(query) {
            exit(status)
        }
        var arguments = Array(CommandLine.arguments.dropFirst())
        switch ClientName.take(from: &arguments) {
        case .success: await Coach.main(arguments)
        case .failure(let problem):
            OneShot.printError(problem.description)
            exit(ExitStatus.usage.rawValue)
        }
    }
}

struct Coach: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "coach",
        abstract: "A workout gateway for the Linux terminal: type, script or say workout commands.",
        discussion: """
            With no command, `coach` opens the REPL (the gateway embedded) on a
            terminal, or reads lines from standard input otherwise.

            Examples:
              coach                          # the REPL: "start a 30 minute outdoor run"
              coach start running --location outdoor --goal 30min
              coach say "pause my workout"
              coach status --format json
              coach parse --json "ランニングを開始して"
              coach --as hr-bridge sample heartRate 120   # as a named client (docs/permissions.md)

            Exit status: 0 success, 1 other failure, 3 not understood,
            4 failureOngoingWorkout, 5 failureNoMatchingWorkout, 6 more input
            needed, 64 usage error, 69 gateway unreachable, 75 a gateway already
            runs on the socket (docs/cli.md).
            """,
        version: CoachVersion.current,
        subcommands: [
            ServeCommand.self, SayCommand.self, StartCommand.self, PauseCommand.self, ResumeCommand.self,
            EndCommand.self, CancelCommand.self, LapCommand.self, StatusCommand.self, SampleCommand.self,
            LockCommand.self, UnlockCommand.self, ShutdownCommand.self, HistoryCommand.self, ShowCommand.self, ParseCommand.self,
            TmuxCommand.self, WidgetCommand.self, HttpCommand.self, SensorCommand.self, ReplSubcommand.self,
            // Voice and set-up (docs/voice.md, docs/doctor.md).
            ListenCommand.self, VoiceCommand.self, DoctorCommand.self,
            // After the workout: files (docs/export.md).
            ExportCommand.self, ImportCommand.self, StatsCommand.self, DeleteCommand.self, ChangesCommand.self,
            // Mirroring another gateway (docs/mirroring.md).
            MirrorCommand.self, BridgeCommand.self,
            // Who may write and read what (docs/permissions.md).
            PermissionsCommand.self, ConfigCommand.self,
            // A class of riders on one broker (docs/class.md).
            ClassCommand.self,
            // Structured workouts (docs/plans.md).
            PlanCommand.self,
        ],
        // `coach`, `coach --script FILE`: the REPL (Sources/coach/REPL/ReplMain.swift).
        defaultSubcommand: ReplSubcommand.self
    )
}
