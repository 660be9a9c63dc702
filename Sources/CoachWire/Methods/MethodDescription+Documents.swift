// The method descriptions as documents: the OpenRPC document `rpc.discover` answers, and the
// methods table and the result examples of docs/protocol.md (a test checks the file holds exactly
// these).

extension MethodDescription {
    /// OpenRPC 1.3 method object.
    public var openRPCMethod: OpenRPCDocument.Method {
        OpenRPCDocument.Method(name: name, summary: summary, params: params.map { param in
            OpenRPCDocument.Param(name: param.name, summary: param.summary, required: param.required, schema: param.kind.schema)
        }, result: result)
    }

    /// All methods as one OpenRPC document (`rpc.discover`'s result).
    public static func openRPCDocument(_ methods: [MethodDescription], title: String, version: String) -> OpenRPCDocument {
        OpenRPCDocument(title: title, version: version, methods: methods.map(\.openRPCMethod))
    }

    /// The Markdown table of docs/protocol.md: method, params (name: accepts; required ones marked), result.
    /// Params every method takes (`lang`) are left out of the rows: the text above the table says so.
    public static func markdownTable(_ methods: [MethodDescription], omitting common: Set<String> = ["lang"]) -> String {
        var lines = ["| method | params | result |", "|---|---|---|"]
        for method in methods {
            let params = method.params.filter { !common.contains($0.name) }.map { param -> String in
                let summary = param.summary.isEmpty ? "" : " — " + param.summary
                return "`\(param.name)`\(param.required ? " (required)" : ""): \(param.kind.accepts)\(summary)"
            }
            let cell = params.isEmpty ? "—" : params.joined(separator: "<br>")
            lines.append("| `\(method.name)` | \(escape(cell)) | \(escape(method.result)) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The "Results" section of docs/protocol.md: each method's examples as its result type
    /// encodes them, laid out to be read (the same JSON: only whitespace between tokens is added).
    public static func resultExamples(_ methods: [MethodDescription]) -> String {
        var out: [String] = []
        for method in methods where !method.examples.isEmpty {
            out.append("#### `\(method.name)` → `\(method.examples[0].type)`\n")
            for example in method.examples {
                if let caption = example.caption { out.append(caption + ":\n") }
                out.append("```json\n" + layout(example.json, column: 0) + "\n```\n")
            }
        }
        return out.joined(separator: "\n")
    }

    /// Compact JSON while it fits in 100 columns; else one member (or item) a line, aligned under
    /// the first.
    static func layout(_ value: JSONValue, column: Int) -> String {
        let compact = value.serialized()
        if column + compact.count <= 100 { return compact }
        let indent = String(repeating: " ", count: column + 1)
        switch value {
        case .object(let members) where !members.isEmpty:
            let lines = members.map { key, member -> String in
                let name = JSONText.string(key) + ":"
                return name + layout(member, column: column + 1 + name.count)
            }
            return "{" + lines.joined(separator: ",\n" + indent) + "}"
        case .array(let items) where !items.isEmpty:
            return "[" + items.map { layout($0, column: column + 1) }.joined(separator: ",\n" + indent) + "]"
        default:
            return compact
        }
    }

    private static func escape(_ text: String) -> String {
        var out = ""
        for character in text { out += character == "|" ? "\\|" : String(character) }
        return out
    }
}
