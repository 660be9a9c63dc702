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
    static let configuration = CommandConfiguration(
        commandName: "class", abstract: "A class of riders on one MQTT broker: the board, a simulated class, commands to all (docs/class.md).",
        discussion: """
            Every rider's gateway publishes under coach/class/NAME/RIDER/ (coach serve
            --class NAME --rider RIDER); the board subscribes to the class and shows them
            all.

            Examples:
              coach class watch spin-0700 --mqtt mqtt://gym.local:1883
              coach class watch spin-0700 --sort power
              coach class watch spin-0700 --json | jq -c '{rider, state, power}'
              coach class simulate spin-0700 --riders 30 --mqtt mqtt://127.0.0.1:1883
              coach class pause spin-0700
            """,
        subcommands: [ClassWatchCommand.self, ClassSimulateCommand.self, ClassPauseCommand.self, ClassResumeCommand.self,
                      ClassEndCommand.self, ClassLapCommand.self])
}

/// Which class on which broker: `NAME` or `--class NAME`, and `--mqtt URL` (alias `--broker`).
struct ClassOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("The class (default: the setting class.name).", valueName: "name"))
    var name: String?

    @Option(name: .customLong("class"), help: ArgumentHelp("The class, as an option (the same as NAME).", valueName: "name"))
    var classOption: String?

    @Option(name: [.customLong("mqtt"), .customLong("broker")],
            help: ArgumentHelp("The class's broker: mqtt://user:pass@host:1883 or mqtts://… (default: class.url, else mqtt.url).",
                               valueName: "url"))
    var mqtt: String?

    func validate() throws {
        if name != nil, classOption != nil, name != classOption {
            throw ValidationError("Give the class once: NAME or --class NAME.")
        }
        if let given = name ?? classOption, !CoachSettings.Class.isTopicName(given) {
            throw ValidationError("A class name takes letters, digits, _ and - only (it is a topic level), not '\(given)'.")
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
            OneShot.printError("class: which class? Give NAME (or set class.name)")
            throw ExitCode(ExitStatus.usage.rawValue)
        }
        guard let url = mqtt ?? settings.settings.class.url ?? settings.settings.mqtt.url else {
            OneShot.printError("class: which broker? Give --mqtt URL (or set class.url or mqtt.url)")
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
    static let configuration = CommandConfiguration(
        commandName: "watch", abstract: "The class board: every rider's state, elapsed time and metrics, live.",
        discussion: """
            A full-screen board (q or Ctrl-C to quit). A rider whose gateway is gone — it
            said goodbye, or its last will came, or nothing came from it for 10 s — is
            greyed; after 60 s of silence it leaves the board. Metrics a rider has not
            shared (coach permissions grant class --read …) or hides while locked show as
            "–".

            --json prints one line per change instead: the rider's published state plus
            rider, gone, offline and heard (Unix time it arrived);
            {"rider":…,"removed":true} when a rider leaves.

            Examples:
              coach class watch spin-0700 --mqtt mqtt://gym.local:1883
              coach class board --broker mqtt://gym.local --class spin-0700 --sort power
              coach class watch spin-0700 --json
            """,
        aliases: ["board"])

    @OptionGroup var target: ClassOptions
    @Flag(name: .long, help: "One JSON object per change, for scripts.") var json = false
    @Option(name: .long, help: ArgumentHelp("Order riders by name, or by a metric, highest first: \(ClassBoard.Order.allCases.map(\.rawValue).joined(separator: ", ")).",
                                            valueName: "key"))
    var sort: ClassBoard.Order = .name
    @Option(name: .long, help: "The board's language (en or ja).") var lang: Language = .en

    func run() async throws {
        let (classID, endpoint) = try target.resolve()
        if !json, isatty(STDOUT_FILENO) != 1 {
            OneShot.printError("class watch: not a terminal: use --json for a stream of lines")
            throw ExitCode(ExitStatus.usage.rawValue)
        }
        try await ClassWatchRunner.run(classID: classID, endpoint: endpoint, json: json, order: sort, language: lang)
    }
}
