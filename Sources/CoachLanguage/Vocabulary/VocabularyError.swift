// What is wrong with a vocabulary file, named by line and field as plan files report it
// (CoachPlans' PlanFileError): "Intents/en/_clauses.yaml:16: clauses.conjunctions: expected a list".

public struct VocabularyError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    /// 1-based; nil when the problem is the file as a whole (unreadable, empty).
    public var line: Int?
    /// The field's path, e.g. `fallback.goals[2].value`.
    public var field: String
    public var problem: String

    public init(file: String, line: Int?, field: String, problem: String) {
        self.file = file
        self.line = line
        self.field = field
        self.problem = problem
    }

    public var description: String {
        let place = line.map { "\(file):\($0)" } ?? file
        return field.isEmpty ? "\(place): \(problem)" : "\(place): \(field): \(problem)"
    }
}
