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
    static var configuration: CommandConfiguration {
        .words("plan", subcommands: [PlanListCommand.self, PlanShowCommand.self, PlanValidateCommand.self, PlanAddCommand.self,
                                    PlanRemoveCommand.self, PlanExportCommand.self, PlanImportCommand.self],
               defaultSubcommand: PlanListCommand.self)
    }
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

    /// "12 steps".
    static func steps(_ plan: WorkoutPlan) -> String { CLIWords.text("plan", "steps", ["count": String(plan.steps.count)]) }

    /// A plan file's problem as the user sees it, with a non-zero exit status.
    static func fail(_ error: any Error) -> ExitCode {
        FileHandle.standardError.write(Data("coach: \(error)\n".utf8))
        return ExitCode(ExitStatus.usage.rawValue)
    }
}

struct PlanListCommand: ParsableCommand {
    static var configuration: CommandConfiguration { .words("list", key: "plan_list") }
    @Flag(name: .long, help: .words("plan_list", "library")) var library = false
    @Flag(name: .long, help: .words("plan_list", "json")) var json = false
    @Option(name: .long, help: .words("plan_list", "lang")) var lang: Language = .en

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
                print(CLIWords.text("plan_list", "none_yet", ["directory": plans.directory]))
            }
            for (name, plan) in rows {
                if let plan { print("\(name)\t\(plan.kind.name)\t\(plan.activity.rawValue)\t" + PlanCLI.steps(plan)) }
                else { print("\(name)\t" + CLIWords.text("plan_list", "invalid_own", ["path": plans.path(of: name)])) }
            }
            if !shipped.isEmpty { print(CLIWords.text("plan_list", "library_heading")) }
        }
        for (name, entry) in shipped {
            guard let entry else { print("\(name)\tinvalid"); continue }
            let hidden = plans.shadows(name) ? CLIWords.text("plan_list", "hidden", ["name": name]) : ""
            print("\(name)\t\(entry.plan.kind.name)\t\(entry.plan.activity.rawValue)\t" + PlanCLI.steps(entry.plan) + "\t"
                  + (entry.about.purpose(lang) ?? "") + hidden)
            if library, let source = entry.about.source { print(CLIWords.text("plan_list", "source", ["source": source])) }
        }
    }
}

struct PlanShowCommand: ParsableCommand {
    static var configuration: CommandConfiguration { .words("show", key: "plan_show") }
    @Argument(help: .words("plan_show", "name")) var name: String
    @Option(name: .long, help: .words("plan_show", "lang")) var lang: Language = .en

    func run() throws {
        let library = PlanCLI.library
        let plan: WorkoutPlan?
        let shipped: (plan: WorkoutPlan, about: PlanAbout)?
        do {
            plan = try library.load(name)
            shipped = try library.libraryPlan(name)
        } catch { throw PlanCLI.fail(error) }
        guard let plan else {
            throw PlanCLI.fail(PlanMessage(CLIWords.text("plan_show", "no_plan", ["name": name, "directory": library.directory])))
        }
        if let shipped, !library.shadows(name) {
            // The library's own: what it is for and where it comes from, before its steps.
            if let purpose = shipped.about.purpose(lang) { print("# \(purpose)") }
            if let source = shipped.about.source { print(CLIWords.text("plan_show", "source", ["source": source])) }
            print(CLIWords.text("plan_show", "from_library", ["name": name]))
        } else if shipped != nil {
            print(CLIWords.text("plan_show", "yours", ["name": name]))
        }
        print(PlanYAML.text(plan), terminator: "")
        print("")
        for line in PlanCLI.stepLines(plan, language: lang, unit: PlanCLI.distanceUnit) { print(line) }
    }
}

struct PlanValidateCommand: ParsableCommand {
    static var configuration: CommandConfiguration { .words("validate", key: "plan_validate") }
    @Argument(help: .words("plan_validate", "file")) var file: String

    func run() throws {
        do {
            let plan = try PlanLibrary.read(file: file)
            print(CLIWords.text("plan_validate", "ok", ["file": file, "kind": plan.kind.name, "name": plan.name, "count": String(plan.steps.count)]))
        } catch {
            throw PlanCLI.fail(error)
        }
    }
}

struct PlanAddCommand: ParsableCommand {
    static var configuration: CommandConfiguration { .words("add", key: "plan_add") }
    @Argument(help: .words("plan_add", "file")) var file: String?
    @Option(name: .customLong("from-library"), help: .words("plan_add", "from_library")) var fromLibrary: String?
    @Flag(name: .long, help: .words("plan", "replace")) var replace = false

    func validate() throws {
        guard (file == nil) != (fromLibrary == nil) else {
            throw ValidationError(words: "plan_add", "one_of")
        }
    }

    func run() throws {
        do {
            let library = PlanCLI.library
            let plan = try fromLibrary.map { try library.addFromLibrary($0, replace: replace) }
                ?? library.add(file: file ?? "", replace: replace)
            print(CLIWords.text("plan_add", "saved", ["name": plan.name, "count": String(plan.steps.count), "path": PlanCLI.library.path(of: plan.name)]))
        } catch {
            throw PlanCLI.fail(error)
        }
    }
}

struct PlanRemoveCommand: ParsableCommand {
    static var configuration: CommandConfiguration { .words("remove", key: "plan_remove") }
    @Argument(help: .words("plan", "name")) var name: String

    func run() throws {
        guard try PlanCLI.library.remove(name) else {
            throw PlanCLI.fail(PlanMessage(CLIWords.text("plan", "no_plan", ["name": name, "directory": PlanCLI.library.directory])))
        }
        print(CLIWords.text("plan_remove", "removed", ["name": name]))
    }
}

struct PlanExportCommand: ParsableCommand {
    static var configuration: CommandConfiguration { .words("export", key: "plan_export") }
    @Argument(help: .words("plan", "name")) var name: String
    @Option(name: .shortAndLong, help: .words("plan_export", "output")) var output: String?

    func run() throws {
        let plan: WorkoutPlan?
        do { plan = try PlanCLI.library.load(name) } catch { throw PlanCLI.fail(error) }
        guard let plan else {
            throw PlanCLI.fail(PlanMessage(CLIWords.text("plan", "no_plan", ["name": name, "directory": PlanCLI.library.directory])))
        }
        let file = output ?? name + ".fit"
        do { try FITWorkoutWriter.write(plan).write(to: URL(fileURLWithPath: file)) } catch { throw PlanCLI.fail(error) }
        print(CLIWords.text("plan_export", "wrote", ["file": file, "count": String(plan.steps.count)]))
    }
}

struct PlanImportCommand: ParsableCommand {
    static var configuration: CommandConfiguration { .words("import", key: "plan_import") }
    @Argument(help: .words("plan_import", "file")) var file: String
    @Option(name: .long, help: .words("plan_import", "name")) var name: String?
    @Flag(name: .long, help: .words("plan", "replace")) var replace = false

    func run() throws {
        let base = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
        let planName = name ?? base
        guard PlanLibrary.isValidName(planName) else {
            throw PlanCLI.fail(PlanMessage(CLIWords.text("plan_import", "bad_name", ["name": planName])))
        }
        let library = PlanCLI.library
        if !replace, library.names().contains(planName) {
            throw PlanCLI.fail(PlanMessage(CLIWords.text("plan_import", "exists", ["name": planName])))
        }
        guard let data = FileManager.default.contents(atPath: file) else { throw PlanCLI.fail(PlanMessage(CLIWords.text("plan_import", "unreadable", ["file": file]))) }
        do {
            let plan = try FITWorkoutReader.read(data, name: planName, file: file)
            try library.save(plan)
            print(CLIWords.text("plan_add", "saved", ["name": planName, "count": String(plan.steps.count), "path": library.path(of: planName)]))
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
