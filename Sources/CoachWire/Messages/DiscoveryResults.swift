// What the methods that describe the protocol answer: `help`, the method names, and
// `rpc.discover`, the same descriptions as an OpenRPC 1.3 document (MethodDescription writes one
// per method). A param's JSON Schema stays JSON: it is open-ended by nature, and read by tools
// that know JSON Schema, not by Coach.

/// `help`: the method names, in the route table's order.
public struct HelpResult: WireMessage {
    public var methods: [String]

    public init(_ methods: [String]) { self.methods = methods }

    public init(json: JSONValue) throws(WireDecodingError) {
        guard case .array(let items) = json else { throw WireDecodingError(path: "", problem: "expected: [string]") }
        var names: [String] = []
        for (index, item) in items.enumerated() {
            guard let name = item.stringValue else { throw WireDecodingError(path: "[\(index)]", problem: "expected: string") }
            names.append(name)
        }
        methods = names
    }

    public var json: JSONValue { .array(methods.map(JSONValue.string)) }
}

/// `rpc.discover`: the OpenRPC document (https://spec.open-rpc.org).
public struct OpenRPCDocument: WireMessage {
    public var openrpc: String
    public var title: String
    public var version: String
    public var methods: [Method]

    /// One method: by-name params and a result described in words (`schema` left open).
    public struct Method: WireMessage {
        public var name: String
        public var summary: String
        public var params: [Param]
        /// What the result is, in a few words (the docs table's last column).
        public var result: String

        public init(name: String, summary: String, params: [Param], result: String) {
            self.name = name
            self.summary = summary
            self.params = params
            self.result = result
        }

        public init(json: JSONValue) throws(WireDecodingError) {
            let fields = try WireFields(json)
            let result = try WireFields(fields["result"] ?? .object([]), path: "result")
            self.init(name: try fields.string("name"), summary: try fields.optionalString("summary") ?? "",
                      params: try fields.optionalMessages("params") ?? [], result: try result.optionalString("summary") ?? "")
        }

        public var json: JSONValue {
            .object([("name", .string(name)), ("summary", .string(summary)), ("paramStructure", "by-name"),
                     ("params", .array(params.map(\.json))),
                     ("result", .object([("name", "result"), ("summary", .string(result)), ("schema", .object([]))]))])
        }
    }

    /// One param: whether it is required and its JSON Schema.
    public struct Param: WireMessage {
        public var name: String
        public var summary: String
        public var required: Bool
        public var schema: JSONValue

        public init(name: String, summary: String, required: Bool, schema: JSONValue) {
            self.name = name
            self.summary = summary
            self.required = required
            self.schema = schema
        }

        public init(json: JSONValue) throws(WireDecodingError) {
            let fields = try WireFields(json)
            self.init(name: try fields.string("name"), summary: try fields.optionalString("summary") ?? "",
                      required: try fields.optionalBool("required") ?? false, schema: fields["schema"] ?? .object([]))
        }

        public var json: JSONValue {
            .object([("name", .string(name)), ("summary", .string(summary)), ("required", .bool(required)), ("schema", schema)])
        }
    }

    public init(openrpc: String = "1.3.2", title: String, version: String, methods: [Method]) {
        self.openrpc = openrpc
        self.title = title
        self.version = version
        self.methods = methods
    }

    public init(json: JSONValue) throws(WireDecodingError) {
        let fields = try WireFields(json)
        let info = try WireFields(fields["info"] ?? .object([]), path: "info")
        self.init(openrpc: try fields.string("openrpc"), title: try info.string("title"), version: try info.string("version"),
                  methods: try fields.optionalMessages("methods") ?? [])
    }

    public var json: JSONValue {
        .object([("openrpc", .string(openrpc)),
                 ("info", .object([("title", .string(title)), ("version", .string(version))])),
                 ("methods", .array(methods.map(\.json)))])
    }
}
