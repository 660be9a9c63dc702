// TemplateParser: hassil's template syntax → TemplateNode. A recursive-descent parser over
// Characters with `\` escapes; the grammar and its edge cases follow hassil's parser.py /
// parse_expression.py (alternatives also inside words, `;` permutations, whole-template group).

public struct TemplateParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public var template: String
    public var message: String
    public var description: String { "template \"\(template)\": \(message)" }
}

enum TemplateParser {
    static func parse(_ template: String) throws(TemplateParseError) -> TemplateNode {
        var parser = Parser(chars: Array(template), template: template)
        let node = try parser.parseGroupBody(until: nil)
        if parser.index < parser.chars.count {
            throw TemplateParseError(template: template, message: "unexpected '\(parser.chars[parser.index])'")
        }
        return node.simplified
    }

    private struct Parser {
        let chars: [Character]
        let template: String
        var index = 0
        /// Open groups around the current position. Deeper than `maximumDepth` is refused: the
        /// parser and everything after it (simplifying, compiling) recurse once per level, and a
        /// file of 10 000 '[' overflowed the stack (found by Fuzz/FuzzTemplates).
        var depth = 0
        static let maximumDepth = 64

        func fail(_ message: String) -> TemplateParseError {
            TemplateParseError(template: template, message: message)
        }

        /// Parses items until `close` (or the end), splitting on `|` / `;` at this level.
        mutating func parseGroupBody(until close: Character?) throws(TemplateParseError) -> TemplateNode {
            var branches: [[TemplateNode]] = [[]]
            var separator: Character? = nil
            var literal = ""
            func flush(_ literal: inout String, _ branches: inout [[TemplateNode]]) {
                if !literal.isEmpty { branches[branches.count - 1].append(.text(literal)); literal = "" }
            }
            while index < chars.count {
                let c = chars[index]
                if c == close {
                    flush(&literal, &branches)
                    index += 1
                    return try build(branches, separator)
                }
                switch c {
                case "\\":
                    index += 1
                    guard index < chars.count else { throw fail("dangling escape") }
                    literal.append(chars[index])
                    index += 1
                case "|", ";":
                    if let s = separator, s != c { throw fail("mixed '|' and ';' in one group") }
                    separator = c
                    flush(&literal, &branches)
                    branches.append([])
                    index += 1
                case "(", "[":
                    flush(&literal, &branches)
                    index += 1
                    depth += 1
                    guard depth <= Self.maximumDepth else { throw fail("groups nested more than \(Self.maximumDepth) deep") }
                    let inner = try parseGroupBody(until: c == "(" ? ")" : "]")
                    depth -= 1
                    if c == "[" {
                        if case .alternative(let items, _) = inner {
                            branches[branches.count - 1].append(.alternative(items, optional: true))
                        } else {
                            branches[branches.count - 1].append(.alternative([inner], optional: true))
                        }
                    } else {
                        branches[branches.count - 1].append(inner)
                    }
                case "{":
                    flush(&literal, &branches)
                    let body = try readUntil("}")
                    branches[branches.count - 1].append(try listReference(body))
                case "<":
                    flush(&literal, &branches)
                    let body = try readUntil(">")
                    guard !body.isEmpty else { throw fail("empty rule reference") }
                    branches[branches.count - 1].append(.rule(body))
                case ")", "]", "}", ">":
                    throw fail("unbalanced '\(c)'")
                default:
                    literal.append(c)
                    index += 1
                }
            }
            if close != nil { throw fail("missing '\(close!)'") }
            flush(&literal, &branches)
            return try build(branches, separator)
        }

        mutating func readUntil(_ end: Character) throws(TemplateParseError) -> String {
            index += 1
            var body = ""
            while index < chars.count {
                let c = chars[index]
                index += 1
                if c == "\\", index < chars.count { body.append(chars[index]); index += 1; continue }
                if c == end { return body }
                body.append(c)
            }
            throw fail("missing '\(end)'")
        }

        func listReference(_ body: String) throws(TemplateParseError) -> TemplateNode {
            guard !body.isEmpty else { throw fail("empty list reference") }
            if body.hasPrefix("@") {
                let name = String(body.dropFirst())
                return .list(name: name, slot: name, isCapture: true)
            }
            let parts = body.split(separator: ":", maxSplits: 1).map(String.init)
            if parts.count == 2 {
                if parts[1].hasPrefix("@") {
                    return .list(name: parts[0], slot: String(parts[1].dropFirst()), isCapture: true)
                }
                return .list(name: parts[0], slot: parts[1], isCapture: false)
            }
            return .list(name: body, slot: body, isCapture: false)
        }

        func build(_ branches: [[TemplateNode]], _ separator: Character?) throws(TemplateParseError) -> TemplateNode {
            let items = branches.map { TemplateNode.sequence($0) }
            switch separator {
            case nil: return items[0]
            case "|": return .alternative(items, optional: false)
            default: return .permutation(items)
            }
        }
    }
}

extension TemplateNode {
    /// Removes one-item sequences and merges adjacent text so the compiler sees fewer nodes.
    var simplified: TemplateNode {
        switch self {
        case .sequence(let items):
            var out: [TemplateNode] = []
            for item in items.map(\.simplified) {
                if case .sequence(let inner) = item {
                    out.append(contentsOf: inner)
                } else if case .text(let t) = item, case .text(let prev)? = out.last {
                    out[out.count - 1] = .text(prev + t)
                } else {
                    out.append(item)
                }
            }
            return out.count == 1 ? out[0] : .sequence(out)
        case .alternative(let items, let optional):
            return .alternative(items.map(\.simplified), optional: optional)
        case .permutation(let items):
            return .permutation(items.map(\.simplified))
        default:
            return self
        }
    }
}
