// What is wrong with a hand-written file, named by line and field so the fix is obvious:
// "threshold.yaml:7: blocks[0].steps[1].pace: '4:10-' is not a range (write 4:00-4:10)". One
// type for every such file: the vocabulary (CoachLanguage's VocabularyError) and plan files
// (CoachPlans' PlanFileError) are names for it, so both report the same way.

public struct FileFieldError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    /// 1-based; nil when the problem is the file as a whole (unreadable, empty).
    public var line: Int?
    /// The field's path, e.g. `fallback.goals[2].value`, `blocks[0].steps[1].pace`.
    public var field: String
    public var problem: String

    public init(file: String, line: Int?, field: String, problem: String) {
        self.file = file
        self.line = line
        self.field = field
        self.problem = problem
    }

    /// FILE:LINE: field: problem (the line and field left out when unknown).
    public var description: String {
        let place = line.map { "\(file):\($0)" } ?? file
        return field.isEmpty ? "\(place): \(problem)" : "\(place): \(field): \(problem)"
    }
}
