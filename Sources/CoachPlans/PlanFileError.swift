// What is wrong with a plan file, named by line and field so the fix is obvious:
// "threshold.yaml:7: blocks[0].steps[1].pace: '4:10-' is not a range (write 4:00-4:10)".

public struct PlanFileError: Error, CustomStringConvertible, Sendable, Equatable {
    public var file: String
    /// 1-based; nil when the problem is the file as a whole.
    public var line: Int?
    /// The field's path, e.g. `blocks[0].steps[1].pace`.
    public var field: String
    public var reason: String

    public init(file: String, line: Int?, field: String, reason: String) {
        self.file = file
        self.line = line
        self.field = field
        self.reason = reason
    }

    public var description: String {
        let place = line.map { "\(file):\($0)" } ?? file
        return field.isEmpty ? "\(place): \(reason)" : "\(place): \(field): \(reason)"
    }
}
