// SwiftLiterals: the string literals of a Swift source file, each with its line — enough of Swift's
// lexer for WordsInSourcesTests: comments skipped, plain, multi-line and raw (#"…"#) strings, and
// the literals inside an interpolation found too (the interpolation itself reads as "{}", so the
// words on either side of it are not taken for one phrase).

struct SwiftLiteral: Equatable {
    var line: Int
    var text: String
}

enum SwiftLiterals {
    static func scan(_ source: String) -> [SwiftLiteral] {
        var scanner = Scanner(Array(source.unicodeScalars))
        scanner.code(until: nil)
        return scanner.found
    }

    private struct Scanner {
        let s: [Unicode.Scalar]
        var i = 0
        var line = 1
        var found: [SwiftLiteral] = []

        init(_ s: [Unicode.Scalar]) { self.s = s }

        func at(_ k: Int) -> Unicode.Scalar? { k < s.count ? s[k] : nil }
        func starts(_ text: String, _ k: Int) -> Bool {
            var k = k
            for c in text.unicodeScalars { guard at(k) == c else { return false }; k += 1 }
            return true
        }

        mutating func advance() { if s[i] == "\n" { line += 1 }; i += 1 }

        /// Code up to `closing` (an interpolation's ")" at depth 0) or the end.
        mutating func code(until closing: Unicode.Scalar?) {
            var depth = 0
            while i < s.count {
                let c = s[i]
                if starts("//", i) {
                    while i < s.count, s[i] != "\n" { advance() }
                } else if starts("/*", i) {
                    var nesting = 0
                    repeat {
                        if starts("/*", i) { nesting += 1; advance(); advance() } else if starts("*/", i) { nesting -= 1; advance(); advance() } else { advance() }
                    } while i < s.count && nesting > 0
                } else if c == "#" || c == "\"" {
                    var hashes = 0
                    while at(i + hashes) == "#" { hashes += 1 }
                    if at(i + hashes) == "\"" {
                        i += hashes
                        string(hashes: hashes)
                    } else {
                        advance()
                    }
                } else if let closing, c == closing, depth == 0 {
                    advance()
                    return
                } else {
                    if c == "(" { depth += 1 } else if c == ")" { depth -= 1 }
                    advance()
                }
            }
        }

        /// At the opening quote of a string with `hashes` #s before it.
        mutating func string(hashes: Int) {
            let start = line
            let multiLine = starts("\"\"\"", i)
            i += multiLine ? 3 : 1
            let close = (multiLine ? "\"\"\"" : "\"") + String(repeating: "#", count: hashes)
            let escape = "\\" + String(repeating: "#", count: hashes)
            var text = ""
            while i < s.count {
                if starts(close, i) {
                    i += close.unicodeScalars.count
                    break
                }
                if starts(escape + "(", i) {
                    i += escape.unicodeScalars.count + 1
                    code(until: ")")
                    text += "{}"
                    continue
                }
                if starts(escape, i) {
                    i += escape.unicodeScalars.count
                    if i < s.count { text += s[i] == "n" ? "\n" : String(s[i]); advance() }
                    continue
                }
                if !multiLine, s[i] == "\n" { break }  // not a string after all (a stray quote)
                text.unicodeScalars.append(s[i])
                advance()
            }
            found.append(SwiftLiteral(line: start, text: text))
        }
    }
}
