// `coach plan list [--library] | show NAME | validate FILE | add FILE | add --from-library NAME |
// remove NAME`: structured workouts as files in $XDG_CONFIG_HOME/coach/workouts, and the library
// shipped in Intents/plans (docs/plans.md). Local file work only: no gateway.

import ArgumentParser
import CoachCore
import CoachExport
import CoachGateway
import CoachLanguage
import CoachPlans
import CoachSettings
import CoachWire
import Foundation

struct PlanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan", abstract: "Structured workouts: intervals, pacer, multisport (docs/plans.md).",
        discussion: """
            Plans are YAML files in $XDG_CONFIG_HOME/coach/workouts/NAME.yaml; Coach ships a library
            of plans to start from (Intents/plans), which a plan of your own of the same name hides.
            Start one with `coach say "start a ramp test"` or `coach start --plan threshold`.

            Examples:
              coach plan                                 # your plans, then the library's
              coach plan list --library                  # the library: purpose and source of each
              coach plan add --from-library threshold    # a copy of a library plan to edit
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
    static var library: PlanLibrary {
        PlanLibrary(directory: PlanLibrary.defaultDirectory(),
                    builtInDirectory: PlanLibrary.builtInDirectory(intents: Recognizer.builtInIntentsDirectory()))
    }

    /// The settings' `units:` (km or mi): distances in plan listings follow it.
    static var distanceUnit: DistanceUnit {
        (try? CoachSettings.load())?.units == .mi ? .miles : .kilometers
    }

    /// "1. Warm-up · 10:00", one line a step, worded in `language`.
    static func stepLines(_ plan: WorkoutPlan, language: Language, unit: DistanceUnit = .kilometers) -> [String] {
        let wording = Wording.builtIn(language)
        let steps = plan.steps
        return steps.enumerated().map { index, planned in
            let status = PlanStepStatus(planName: plan.name, index: index, count: steps.count, planned: planned,
                                        remaining: nil, target: planned.step.alert?.range(zones: nil))
            var line = "\(index + 1). " + wording.stepLine(status, locked: false, unit: unit)
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
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "Your plans, then the library's (the default).",
        discussion: "Example: coach plan list --library --lang ja")
    @Flag(name: .long, help: "Only the library shipped with Coach, with each plan's purpose and source.") var library = false
    @Flag(name: .long, help: "One JSON object.") var json = false
    @Option(name: .long, help: "Language of the purposes (en or ja).") var lang: Language = .en

    func run() throws {
        let plans = PlanCLI.library
        var rows: [(String, WorkoutPlan?)] = []
        if !library { for name in plans.names() { rows.append((name, try? plans.load(name))) } }
        let shipped = plans.libraryNames().map { name in (name, try? plans.libraryPlan(name)) }
        if json {
            func summary(_ name: String, _ plan: WorkoutPlan?) -> [(String, JSONValue)] {
                [("name", .string(name)), ("kind", plan.map { .string($0.kind.name) } ?? .null),
                 ("activity", plan.map { .string($0.activity.rawValue) } ?? .null),
                 ("steps", plan.map { .number(Double($0.steps.count)) } ?? .null), ("valid", .bool(plan != nil))]
            }
            let own: [JSONValue] = rows.map { .object(summary($0.0, $0.1)) }
            let offered: [JSONValue] = shipped.map { name, entry in
                .object(summary(name, entry?.plan) + [
                    ("purpose", entry?.about.purpose(lang).map(JSONValue.string) ?? .null),
                    ("source", entry?.about.source.map(JSONValue.string) ?? .null),
                    ("shadowed", .bool(plans.shadows(name))),
                ])
            }
            var fields: [(String, JSONValue)] = [("library", .array(offered))]
            if !library { fields = [("directory", .string(plans.directory)), ("plans", .array(own))] + fields }
            print(JSONValue.object(fields).serialized())
            return
        }
        if !library {
            if rows.isEmpty {
                print("No plans of your own in \(plans.directory) yet: start one from the library below by its name "
                      + "(coach say \"start a ramp test\"), copy one to edit (coach plan add --from-library NAME), "
                      + "or write your own (docs/plans.md).")
            }
            for (name, plan) in rows {
                if let plan { print("\(name)\t\(plan.kind.name)\t\(plan.activity.rawValue)\t\(plan.steps.count) steps") }
                else { print("\(name)\tinvalid: run coach plan validate \(plans.path(of: name))") }
            }
            if !shipped.isEmpty { print("\nLibrary (coach plan show NAME; yours hide the library's of the same name):") }
        }
        for (name, entry) in shipped {
            guard let entry else { print("\(name)\tinvalid"); continue }
            let hidden = plans.shadows(name) ? "\t(hidden by your own \(name))" : ""
            print("\(name)\t\(entry.plan.kind.name)\t\(entry.plan.activity.rawValue)\t\(entry.plan.steps.count) steps\t"
                  + (entry.about.purpose(lang) ?? "") + hidden)
            if library, let source = entry.about.source { print("\tsource: \(source)") }
        }
    }
}

struct PlanShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "A plan's file and its steps.", discussion: "Example: coach plan show threshold --lang ja")
    @Argument(help: "The plan's name (coach plan list).") var name: String
    @Option(name: .long, help: "Language of the steps (en or ja).") var lang: Language = .en

    func run() throws {
        let library = PlanCLI.library
        let plan: WorkoutPlan?
        let shipped: (plan: WorkoutPlan, about: PlanAbout)?
        do {
            plan = try library.load(name)
            shipped = try library.libraryPlan(name)
        } catch { throw PlanCLI.fail(error) }
        guard let plan else {
            throw PlanCLI.fail(PlanMessage("no plan named '\(name)' in \(library.directory) or the library (coach plan list)"))
        }
        if let shipped, !library.shadows(name) {
            // The library's own: what it is for and where it comes from, before its steps.
            if let purpose = shipped.about.purpose(lang) { print("# \(purpose)") }
            if let source = shipped.about.source { print("# source: \(source)") }
            print("# from the library (coach plan add --from-library \(name) to edit a copy)")
        } else if shipped != nil {
            print("# yours; it hides the library's \(name) (coach plan remove \(name) to use the library's)")
        }
        print(PlanYAML.text(plan), terminator: "")
        print("")
        for line in PlanCLI.stepLines(plan, language: lang, unit: PlanCLI.distanceUnit) { print(line) }
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
        discussion: """
            Examples: coach plan add threshold.yaml   (then: coach say "start my threshold plan")
                      coach plan add --from-library ramp-test   (a copy to edit; it hides the library's)
            """)
    @Argument(help: "The YAML file.") var file: String?
    @Option(name: .customLong("from-library"), help: "Copy this library plan (coach plan list --library).") var fromLibrary: String?
    @Flag(name: .long, help: "Replace a saved plan of the same name.") var replace = false

    func validate() throws {
        guard (file == nil) != (fromLibrary == nil) else {
            throw ValidationError("give a plan file or --from-library NAME (one of them)")
        }
    }

    func run() throws {
        do {
            let library = PlanCLI.library
            let plan = try fromLibrary.map { try library.addFromLibrary($0, replace: replace) }
                ?? library.add(file: file ?? "", replace: replace)
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
