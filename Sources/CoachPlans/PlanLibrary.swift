// The workouts directory, `$XDG_CONFIG_HOME/coach/workouts/NAME.yaml`: list, load, add (validated
// first, never overwriting without being asked), remove. The only file I/O plans do.

import CoachCore
import CoachWire
import Foundation

public struct PlanLibrary: Sendable {
    public let directory: String

    public init(directory: String) { self.directory = directory }

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
            throw PlanFileError(file: file, line: nil, field: "", reason: "no such file, or it cannot be read")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw PlanFileError(file: file, line: nil, field: "", reason: "not UTF-8 text")
        }
        let base = (file as NSString).lastPathComponent
        let name = base.hasSuffix(".yaml") ? String(base.dropLast(5)) : base.hasSuffix(".yml") ? String(base.dropLast(4)) : base
        return try PlanYAML.parse(text, name: name, file: file)
    }

    /// The plan saved under `name`, nil when there is none.
    public func load(_ name: String) throws(PlanFileError) -> WorkoutPlan? {
        guard Self.isValidName(name), FileManager.default.fileExists(atPath: path(of: name)) else { return nil }
        var plan = try Self.read(file: path(of: name))
        plan.name = name
        return plan
    }

    /// Validates `file` and copies it into the library under the plan's name; returns the plan.
    public func add(file: String, replace: Bool = false) throws -> WorkoutPlan {
        let plan = try Self.read(file: file)
        guard Self.isValidName(plan.name) else {
            throw PlanFileError(file: file, line: nil, field: "name",
                                reason: "'\(plan.name)' cannot be a file name (letters, digits, '-', '_')")
        }
        if !replace, FileManager.default.fileExists(atPath: path(of: plan.name)) {
            throw PlanFileError(file: file, line: nil, field: "name",
                                reason: "a plan named '\(plan.name)' exists; remove it first or add with --replace")
        }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let text = try String(contentsOfFile: file, encoding: .utf8)
        try DurableFile.write(text, to: path(of: plan.name))
        return plan
    }

    /// Writes a plan made elsewhere (a FIT workout, a sentence) as YAML.
    public func save(_ plan: WorkoutPlan) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
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
