// CLIWords: the command line's words, from `command_line:` of Intents/en/_cli.yaml
// (CommandLineWords) — help, usage errors and messages, by command and field. Help is made when
// the argument parser asks for it, so `configuration` is computed and `help:` calls these.

import ArgumentParser
import CoachLanguage

enum CLIWords {
    /// `command`'s `field`, `{name}` placeholders filled from `values`.
    static func text(_ command: String, _ field: String, _ values: [String: String] = [:]) -> String {
        CommandLineWords.builtIn.text(command, field, values)
    }

    /// `command`'s `discussion`, empty when it has none (as CommandConfiguration's default).
    static func discussion(_ command: String) -> String {
        CommandLineWords.builtIn.has(command, "discussion") ? text(command, "discussion") : ""
    }
}

extension ArgumentHelp {
    /// The help of `command`'s argument `field`.
    static func words(_ command: String, _ field: String, discussion: String? = nil, valueName: String? = nil,
                      visibility: ArgumentVisibility = .default) -> ArgumentHelp {
        ArgumentHelp(CLIWords.text(command, field), discussion: discussion.map { CLIWords.text(command, $0) }, valueName: valueName,
                     visibility: visibility)
    }
}

extension ValidationError {
    /// A usage error worded by `command`'s `field`.
    init(words command: String, _ field: String, _ values: [String: String] = [:]) {
        self.init(CLIWords.text(command, field, values))
    }
}

extension CommandConfiguration {
    /// A command's configuration, its abstract and discussion from the words under `key`
    /// (`name` unless given: a subcommand's key joins the names, plan_list).
    static func words(_ name: String, key: String? = nil, subcommands: [any ParsableCommand.Type] = [],
                      defaultSubcommand: (any ParsableCommand.Type)? = nil, aliases: [String] = []) -> CommandConfiguration {
        let key = key ?? name
        return CommandConfiguration(commandName: name, abstract: CLIWords.text(key, "abstract"), discussion: CLIWords.discussion(key),
                                    subcommands: subcommands, defaultSubcommand: defaultSubcommand, aliases: aliases)
    }
}
