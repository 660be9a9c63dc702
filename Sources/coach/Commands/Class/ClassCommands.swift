// `coach class …` (docs/class.md): a class of riders on one MQTT broker. `watch` (alias `board`) is
// the instructor's board, `simulate` a class of made-up riders to try it with, and `pause`,
// `resume`, `end`, `lap` one command to every rider. The options every one of them shares — which
// class and which broker — resolve here, from the command line, else the settings' `class:` and
// `mqtt:` sections.

import ArgumentParser
import CoachApp
import CoachCore
import CoachMQTT
import CoachWire
import CoachSettings
import Foundation

struct ClassCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        .words("class", subcommands: [ClassWatchCommand.self, ClassSimulateCommand.self, ClassPauseCommand.self,
                                     ClassResumeCommand.self, ClassEndCommand.self, ClassLapCommand.self])
    }
}

/// Which class on which broker: `NAME` or `--class NAME`, and `--mqtt URL` (alias `--broker`).
struct ClassOptions: ParsableArguments {
    @Argument(help: .words("class", "name", valueName: "name"))
    var name: String?

    @Option(name: .customLong("class"), help: .words("class", "class", valueName: "name"))
    var classOption: String?

    @Option(name: [.customLong("mqtt"), .customLong("broker")],
            help: .words("class", "mqtt", valueName: "url"))
    var mqtt: String?

    func validate() throws {
        if name != nil, classOption != nil, name != classOption {
            throw ValidationError(words: "class", "once")
        }
        if let given = name ?? classOption, !CoachSettings.Class.isTopicName(given) {
            throw ValidationError(words: "class", "bad_name", ["name": given])
        }
        if let mqtt {
            do { _ = try MQTTEndpoint(url: mqtt) } catch { throw ValidationError("--mqtt: \(error)") }
        }
    }

    /// The class and the broker, or an error saying what to give.
    func resolve() throws -> (classID: String, endpoint: MQTTEndpoint) {
        let settings = GatewaySettings.load()
        for problem in settings.problems { OneShot.printError(problem) }
        guard let classID = name ?? classOption ?? settings.settings.class.name else {
            OneShot.printError(CLIWords.text("class", "which_class"))
            throw ExitCode(ExitStatus.usage.rawValue)
        }
        guard let url = mqtt ?? settings.settings.class.url ?? settings.settings.mqtt.url else {
            OneShot.printError(CLIWords.text("class", "which_broker"))
            throw ExitCode(ExitStatus.usage.rawValue)
        }
        do {
            return (classID, try MQTTEndpoint(url: url, caFile: settings.settings.mqtt.caFile))
        } catch {
            OneShot.printError("class: \(error)")
            throw ExitCode(ExitStatus.usage.rawValue)
        }
    }

    /// A client id no other board or gateway uses: the broker drops the older of two equal ids.
    static func clientID(_ role: String, classID: String) -> String {
        "coach-\(role)-\(classID)-\(getpid())-\(UInt16.random(in: 0...UInt16.max))"
    }
}

extension ClassBoard.Order: ExpressibleByArgument {}

struct ClassWatchCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration { .words("watch", key: "class_watch", aliases: ["board"]) }

    @OptionGroup var target: ClassOptions
    @Flag(name: .long, help: .words("class_watch", "json")) var json = false
    @Option(name: .long, help: ArgumentHelp(CLIWords.text("class_watch", "sort", ["keys": ClassBoard.Order.allCases.map(\.rawValue).joined(separator: ", ")]),
                                            valueName: "key"))
    var sort: ClassBoard.Order = .name
    @Option(name: .long, help: .words("class_watch", "lang")) var lang: Language = .en

    func run() async throws {
        let (classID, endpoint) = try target.resolve()
        if !json, isatty(STDOUT_FILENO) != 1 {
            OneShot.printError(CLIWords.text("class_watch", "not_a_terminal"))
            throw ExitCode(ExitStatus.usage.rawValue)
        }
        try await ClassWatchRunner.run(classID: classID, endpoint: endpoint, json: json, order: sort, language: lang)
    }
}
