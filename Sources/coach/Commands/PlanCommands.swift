// `coach plan list | show NAME | validate FILE | add FILE | remove NAME`: structured workouts as
// files in $XDG_CONFIG_HOME/coach/workouts (docs/plans.md). Local file work only: no gateway.

import ArgumentParser
import CoachCore
import CoachExport
import CoachGateway
import CoachPlans
import CoachWire
import Foundation

struct PlanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan", abstract: "Structured workouts: intervals, pacer, multisport (docs/plans.md).",
        discussion: """
            Plans are YAML files in $XDG_CONFIG_HOME/coach/workouts/NAME.yaml. Start one with
            `coach say "start my threshold plan"` or `coach start --plan threshold`.

            Examples:
              coach plan                                 # the saved plans
              coach plan validate ~/threshold.yaml       # errors name the line and field
              coach plan add ~/threshold.yaml            # validated, then saved as 'threshold'
              coach plan show threshold                  # the file and its steps
              coach plan remove threshold
              coach plan export threshold -o threshold.fit   # a FIT workout file for a watch
              coach plan import intervals.fit                # a watch's FIT workout as a plan
            """,
        subcommands: [PlanListCommand.self, PlanShowCommand.self, PlanValidateCommand.self, PlanAddCommand.self,
                      PlanRemoveCommand.self, PlanExportCommand.self, PlanImportCommand.self],
        defaultSubcommand: PlanListCommand.self)
}

/// The library every subcommand works on, and how a plan's steps are listed.
enum PlanCLI {
    static var library: PlanLibrary { PlanLibrary(directory: PlanLibrary.defaultDirectory()) }

    /// "1. Warm-up · 10:00", one line a step, worded in `language`.
    static func stepLines(_ plan: WorkoutPlan, language: Language) -> [String] {
        let wording = Wording.builtIn(language)
        let steps = plan.steps
        return steps.enumerated().map { index, planned in
            let status = PlanStepStatus(planName: plan.name, index: index, count: steps.count, planned: planned,
                                        remaining: nil, target: planned.step.alert?.range(zones: nil))
            var line = "\(index + 1). " + wording.stepLine(status, locked: false)
            if case .zone(let zone)? = planned.step.alert?.target { line += " · " + wording.feedWordPublic("zone", ["zone": String(zone)]) }
            if let activity = planned.step.activity { line += " · " + wording.label(activity) }
            return line
        }
    }

    /// A plan file's problem as the user sees it, with a non-zero exit status.
    static func fail(_ error: any Error) -> ExitCode {
        FileHandle.standardError.write(Data("coach: \(error)\n".utf8))
        return ExitCode(ExitStatus.usage.rawValue)
    }
}

struct PlanListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "The saved plans (the default).")
    @Flag(name: .long, help: "One JSON object.") var json = false

    func run() throws {
        let library = PlanCLI.library
        var rows: [(String, WorkoutPlan?)] = []
        for name in library.names() { rows.append((name, try? library.load(name))) }
        if json {
            let items: [JSONValue] = rows.map { name, plan in
                .object([("name", .string(name)), ("kind", plan.map { .string($0.kind.name) } ?? .null),
                         ("activity", plan.map { .string($0.activity.rawValue) } ?? .null),
                         ("steps", plan.map { .number(Double($0.steps.count)) } ?? .null), ("valid", .bool(plan != nil))])
            }
            print(JSONValue.object([("directory", .string(library.directory)), ("plans", .array(items))]).serialized())
            return
        }
        guard !rows.isEmpty else {
            print("No plans in \(library.directory). Add one: coach plan add FILE (docs/plans.md has examples).")
            return
        }
        for (name, plan) in rows {
            if let plan { print("\(name)\t\(plan.kind.name)\t\(plan.activity.rawValue)\t\(plan.steps.count) steps") }
            else { print("\(name)\tinvalid: run coach plan validate \(library.path(of: name))") }
        }
    }
}

struct PlanShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "A plan's file and its steps.", discussion: "Example: coach plan show threshold --lang ja")
    @Argument(help: "The plan's name (coach plan list).") var name: String
    @Option(name: .long, help: "Language of the steps (en or ja).") var lang: Language = .en

    func run() throws {
        let plan: WorkoutPlan?
        do { plan = try PlanCLI.library.load(name) } catch { throw PlanCLI.fail(error) }
        guard let plan else {
            throw PlanCLI.fail(PlanMessage("no plan named '\(name)' in \(PlanCLI.library.directory) (coach plan list)"))
        }
        print(PlanYAML.text(plan), terminator: "")
        print("")
        for line in PlanCLI.stepLines(plan, language: lang) { print(line) }
    }
}

struct PlanValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate", abstract: "Check a plan file; errors name the line and field.",
        discussion: "Example: coach plan validate threshold.yaml")
    @Argument(help: "The YAML file.") var file: String

    func run() throws {
        do {
            let plan = try PlanLibrary.read(file: file)
            print("\(file): ok — \(plan.kind.name) plan '\(plan.name)', \(plan.steps.count) steps")
        } catch {
            throw PlanCLI.fail(error)
        }
    }
}

struct PlanAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Validate a plan file and save it under its name.",
        discussion: "Example: coach plan add threshold.yaml   (then: coach say \"start my threshold plan\")")
    @Argument(help: "The YAML file.") var file: String
    @Flag(name: .long, help: "Replace a saved plan of the same name.") var replace = false

    func run() throws {
        do {
            let plan = try PlanCLI.library.add(file: file, replace: replace)
            print("Saved plan '\(plan.name)' (\(plan.steps.count) steps) in \(PlanCLI.library.path(of: plan.name)).")
        } catch {
            throw PlanCLI.fail(error)
        }
    }
}

struct PlanRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Delete a saved plan.", discussion: "Example: coach plan remove threshold")
    @Argument(help: "The plan's name.") var name: String

    func run() throws {
        guard try PlanCLI.library.remove(name) else {
            throw PlanCLI.fail(PlanMessage("no plan named '\(name)' in \(PlanCLI.library.directory) (coach plan list)"))
        }
        print("Removed plan '\(name)'.")
    }
}

struct PlanExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Write a plan as a FIT workout file (file type 5).",
        discussion: "Example: coach plan export threshold -o threshold.fit")
    @Argument(help: "The plan's name.") var name: String
    @Option(name: .shortAndLong, help: "The file to write (default: NAME.fit).") var output: String?

    func run() throws {
        let plan: WorkoutPlan?
        do { plan = try PlanCLI.library.load(name) } catch { throw PlanCLI.fail(error) }
        guard let plan else {
            throw PlanCLI.fail(PlanMessage("no plan named '\(name)' in \(PlanCLI.library.directory) (coach plan list)"))
        }
        let file = output ?? name + ".fit"
        do { try FITWorkoutWriter.write(plan).write(to: URL(fileURLWithPath: file)) } catch { throw PlanCLI.fail(error) }
        print("Wrote \(file) (\(plan.steps.count) steps).")
    }
}

struct PlanImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Save a FIT workout file (file type 5) as a plan.",
        discussion: "Example: coach plan import intervals.fit --name intervals")
    @Argument(help: "The FIT workout file.") var file: String
    @Option(name: .long, help: "The plan's name (default: the file's name).") var name: String?
    @Flag(name: .long, help: "Replace a saved plan of the same name.") var replace = false

    func run() throws {
        let base = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
        let planName = name ?? base
        guard PlanLibrary.isValidName(planName) else {
            throw PlanCLI.fail(PlanMessage("'\(planName)' cannot be a plan's name (letters, digits, '-', '_'): use --name"))
        }
        let library = PlanCLI.library
        if !replace, library.names().contains(planName) {
            throw PlanCLI.fail(PlanMessage("a plan named '\(planName)' exists; use --name or --replace"))
        }
        guard let data = FileManager.default.contents(atPath: file) else { throw PlanCLI.fail(PlanMessage("\(file): cannot be read")) }
        do {
            let plan = try FITWorkoutReader.read(data, name: planName, file: file)
            try library.save(plan)
            print("Saved plan '\(planName)' (\(plan.steps.count) steps) in \(library.path(of: planName)).")
        } catch {
            throw PlanCLI.fail(error)
        }
    }
}

/// A plain message for `PlanCLI.fail`.
struct PlanMessage: Error, CustomStringConvertible {
    let description: String
    init(_ text: String) { description = text }
}
