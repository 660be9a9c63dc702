// `coach class pause|resume|end|lap NAME`: one command to every rider of a class (docs/class.md).
// Published once on `coach/class/NAME/command`; each rider's gateway runs it through its own
// RequestRouter as the client `class` (the same codes as a button or a typed line) and answers on
// its result topic, which this command listens to for `--wait` and prints, one rider a line.

import ArgumentParser
import CoachCore
import CoachMQTT
import CoachWire
import Foundation

protocol ClassInstructorCommand: AsyncParsableCommand {
    static var method: String { get }
    var target: ClassOptions { get }
    var answers: ClassAnswerOptions { get }
}

extension ClassInstructorCommand {
    /// `class pause` …: the abstract under `class_<method>`, one discussion for the four.
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: method, abstract: CLIWords.text("class_" + method, "abstract"),
                             discussion: CLIWords.text("class_command", "discussion", ["method": method]))
    }

    func validate() throws {
        guard DurationText.parse(answers.wait) != nil else {
            throw ValidationError(words: "class_command", "bad_wait", ["value": answers.wait])
        }
    }

    func run() async throws {
        let (classID, endpoint) = try target.resolve()
        let base = MQTTTopics.classBase(classID)
        let command = MQTTMessage(topic: base + "/command", payload: Self.method, qos: 1, retain: false)
        let watcher: MQTTWatcher
        do {
            watcher = try MQTTWatcher.start(endpoint: endpoint, filters: [base + "/+/result"], then: [command],
                                            clientName: ClassOptions.clientID("instructor", classID: classID),
                                            note: { OneShot.printError($0) })
        } catch {
            OneShot.printError("class: \(error)")
            throw ExitCode.failure
        }
        let limit = DurationText.parse(answers.wait) ?? .seconds(2)
        let json = answers.json
        let stopping = Task {
            try? await Task.sleep(for: limit)
            await watcher.stop()
        }
        var answered = 0, succeeded = 0
        for await message in watcher.messages {
            let levels = message.topic.split(separator: "/")
            guard levels.count == 5, let result = try? JSONValue(parsing: String(decoding: message.payload, as: UTF8.self)),
                  result["command"]?.stringValue?.lowercased() == Self.method else { continue }
            let rider = String(levels[3])
            let code = result["code"]?.stringValue ?? "failure"
            answered += 1
            if code == "success" { succeeded += 1 }
            if json {
                print(JSONValue.object([("rider", .string(rider)), ("code", .string(code)),
                                        ("message", result["message"] ?? .null)]).serialized())
            } else {
                print("\(rider): \(code)" + (result["message"]?.stringValue.map { " — \($0)" } ?? ""))
            }
            fflush(nil)
        }
        stopping.cancel()
        if !json {
            print(CLIWords.text("class_command", answered == 1 ? "answered_one" : "answered",
                                ["count": String(answered), "succeeded": String(succeeded)]))
        }
        if succeeded == 0 { throw ExitCode.failure }
    }
}

/// How long to listen for the riders' answers, and how to print them.
struct ClassAnswerOptions: ParsableArguments {
    @Option(name: .long, help: .words("class_command", "wait", valueName: "duration")) var wait = "2s"
    @Flag(name: .long, help: .words("class_command", "json")) var json = false
}

struct ClassPauseCommand: ClassInstructorCommand {
    static let method = "pause"
    @OptionGroup var target: ClassOptions
    @OptionGroup var answers: ClassAnswerOptions
}

struct ClassResumeCommand: ClassInstructorCommand {
    static let method = "resume"
    @OptionGroup var target: ClassOptions
    @OptionGroup var answers: ClassAnswerOptions
}

struct ClassEndCommand: ClassInstructorCommand {
    static let method = "end"
    @OptionGroup var target: ClassOptions
    @OptionGroup var answers: ClassAnswerOptions
}

struct ClassLapCommand: ClassInstructorCommand {
    static let method = "lap"
    @OptionGroup var target: ClassOptions
    @OptionGroup var answers: ClassAnswerOptions
}
