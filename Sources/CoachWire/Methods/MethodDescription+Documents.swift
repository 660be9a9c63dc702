// The method descriptions as documents: the OpenRPC document `rpc.discover` answers, and the
// methods table of docs/protocol.md (a test checks the file holds exactly this table).

extension MethodDescription {
    /// OpenRPC 1.3 method object.
    public var openRPC: JSONValue {
        var members: [(String, JSONValue)] = [("name", .string(name)), ("summary", .string(summary))]
        members.append(("paramStructure", "by-name"))
        members.append(("params", .array(params.map { param in
            .object([("name", .string(param.name)), ("summary", .string(param.summary)),
                     ("required", .bool(param.required)), ("schema", param.kind.schema)])
        })))
        members.append(("result", .object([("name", "result"), ("summary", .string(result)), ("schema", .object([]))])))
        return .object(members)
    }

    /// All methods as one OpenRPC document.
    public static func openRPCDocument(_ methods: [MethodDescription], title: String, version: String) -> JSONValue {
        .object([("openrpc", "1.3.2"),
                 ("info", .object([("title", .string(title)), ("version", .string(version))])),
                 ("methods", .array(methods.map(\.openRPC)))])
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

    private static func escape(_ text: String) -> String {
        var out = ""
        for character in text { out += character == "|" ? "\\|" : String(character) }
        return out
    }
}
