// The workouts directory, `$XDG_CONFIG_HOME/coach/workouts/NAME.yaml`: list, load, add (validated
// first, never overwriting without being asked), remove; and the library shipped with Coach
// (`Intents/plans/`, read-only), which a user's plan of the same name shadows. The only file I/O
// plans do.

import CoachCore
import CoachWire
import Foundation

public struct PlanLibrary: Sendable {
    public let directory: String
    /// The plans shipped with Coach (`Intents/plans`); nil when there are none to offer.
    public let builtInDirectory: String?

    public init(directory: String, builtInDirectory: String? = nil) {
        self.directory = directory
        self.builtInDirectory = builtInDirectory
    }

    /// `plans` beside the vocabulary (`Intents/plans`, installed as `share/coach/Intents/plans`).
    public static func builtInDirectory(intents: String?) -> String? {
        guard let intents else { return nil }
        var isDirectory: ObjCBool = false
        let path = intents + "/plans"
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue ? path : nil
    }

    /// `$XDG_CONFIG_HOME/coach/workouts`, else `~/.config/coach/workouts`.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let base = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.config"
        return base + "/coach/workouts"
    }

    /// A plan's name: letters, digits, '-', '_' (it is a file name).
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 64 && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
    }

    public func path(of name: String) -> String { directory + "/" + name + ".yaml" }

    /// The names of the saved plans, sorted.
    public func names() -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return files.filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// Reads and validates one file (a plan in the library or any path).
    public static func read(file: String) throws(PlanFileError) -> WorkoutPlan {
        guard let data = FileManager.default.contents(atPath: file) else {
            throw PlanFileError(file: file, line: nil, field: "", problem: "no such file, or it cannot be read")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw PlanFileError(file: file, line: nil, field: "", problem: "not UTF-8 text")
        }
        let base = (file as NSString).lastPathComponent
        let name = base.hasSuffix(".yaml") ? String(base.dropLast(5)) : base.hasSuffix(".yml") ? String(base.dropLast(4)) : base
        return try PlanYAML.parse(text, name: name, file: file)
    }

    /// The plan saved under `name`, else the library's of that name; nil when there is neither.
    public func load(_ name: String) throws(PlanFileError) -> WorkoutPlan? {
        guard Self.isValidName(name) else { return nil }
        let file = FileManager.default.fileExists(atPath: path(of: name)) ? path(of: name) : libraryPath(of: name)
        guard let file else { return nil }
        var plan = try Self.read(file: file)
        plan.name = name
        return plan
    }

    // MARK: - The library shipped with Coach

    /// The library's plan file for `name`, nil when the library has none.
    public func libraryPath(of name: String) -> String? {
        guard Self.isValidName(name), let builtInDirectory else { return nil }
        let file = builtInDirectory + "/" + name + ".yaml"
        return FileManager.default.fileExists(atPath: file) ? file : nil
    }

    /// The library's plan names, sorted.
    public func libraryNames() -> [String] {
        guard let builtInDirectory else { return [] }
        let files = (try? FileManager.default.contentsOfDirectory(atPath: builtInDirectory)) ?? []
        return files.filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// A library plan with its purpose and source; nil when the library has no such plan.
    public func libraryPlan(_ name: String) throws(PlanFileError) -> (plan: WorkoutPlan, about: PlanAbout)? {
        guard let file = libraryPath(of: name) else { return nil }
        var plan = try Self.read(file: file)
        plan.name = name
        let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        return (plan, try PlanYAML.about(text, file: file))
    }

    /// True when the user's own plan hides the library's of the same name.
    public func shadows(_ name: String) -> Bool {
        libraryPath(of: name) != nil && FileManager.default.fileExists(atPath: path(of: name))
    }

    /// Copies a library plan into the user's plans to edit (its file as written, comments and all).
    public func addFromLibrary(_ name: String, replace: Bool = false) throws -> WorkoutPlan {
        guard let file = libraryPath(of: name) else {
            throw PlanFileError(file: builtInDirectory ?? "Intents/plans", line: nil, field: "",
                                problem: "no plan named '\(name)' in the library (coach plan list --library)")
        }
        var plan = try Self.read(file: file)
        plan.name = name
        if !replace, FileManager.default.fileExists(atPath: path(of: name)) {
            throw PlanFileError(file: path(of: name), line: nil, field: "name",
                                problem: "a plan named '\(name)' exists; remove it first or add with --replace")
        }
        try DurableFile.createDirectory(directory)
        try DurableFile.write(String(contentsOfFile: file, encoding: .utf8), to: path(of: name))
        return plan
    }

    /// Validates `file` and copies it into the library under the plan's name; returns the plan.
    public func add(file: String, replace: Bool = false) throws -> WorkoutPlan {
        let plan = try Self.read(file: file)
        guard Self.isValidName(plan.name) else {
            throw PlanFileError(file: file, line: nil, field: "name",
                                problem: "'\(plan.name)' cannot be a file name (letters, digits, '-', '_')")
        }
        if !replace, FileManager.default.fileExists(atPath: path(of: plan.name)) {
            throw PlanFileError(file: file, line: nil, field: "name",
                                problem: "a plan named '\(plan.name)' exists; remove it first or add with --replace")
        }
        try DurableFile.createDirectory(directory)
        let text = try String(contentsOfFile: file, encoding: .utf8)
        try DurableFile.write(text, to: path(of: plan.name))
        return plan
    }

    /// Writes a plan made elsewhere (a FIT workout, a sentence) as YAML.
    public func save(_ plan: WorkoutPlan) throws {
        try DurableFile.createDirectory(directory)
        try DurableFile.write(PlanYAML.text(plan), to: path(of: plan.name))
    }

    /// True when a plan was removed.
    public func remove(_ name: String) throws -> Bool {
        guard Self.isValidName(name), FileManager.default.fileExists(atPath: path(of: name)) else { return false }
        try FileManager.default.removeItem(atPath: path(of: name))
        DurableFile.syncDirectory(of: path(of: name))
        return true
    }
}
