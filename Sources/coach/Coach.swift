// Coach: the root command. A minimal tree on the `language` branch (only `parse`); the
// lead engineer merges ParseCommand into the full command tree.

import ArgumentParser

@main
struct Coach: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "coach",
        abstract: "A workout gateway for the Linux terminal.",
        subcommands: [ParseCommand.self]
    )
}
