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
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "coach",
            abstract: CLIWords.text("coach", "abstract"),
            discussion: CLIWords.text("coach", "discussion"),
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
}
