// A notification as data: its method name and examples of its params as their CoachWire type
// writes them. docs/protocol.md's notification examples are generated from these
// (RoutesDocumentationTests) and each is read back by its type (ResultMessageTests), as the
// methods' results are.

public struct NotificationDescription: Sendable, Hashable {
    /// The notification's method ("event").
    public var name: String
    public var examples: [ResultExample]

    public init(_ name: String, examples: [ResultExample]) {
        self.name = name
        self.examples = examples
    }

    /// The "Notifications" examples of docs/protocol.md: each notification's params, laid out as
    /// the results are (a heading names the notification and its params' type).
    public static func examples(_ notifications: [NotificationDescription]) -> String {
        var out: [String] = []
        for notification in notifications where !notification.examples.isEmpty {
            out.append("#### `\(notification.name)` params → `\(notification.examples[0].type)`\n")
            for example in notification.examples {
                if let caption = example.caption { out.append(caption + ":\n") }
                out.append("```json\n" + MethodDescription.layout(example.json, column: 0) + "\n```\n")
            }
        }
        return out.joined(separator: "\n")
    }
}
