// The XML layer under the GPX and TCX readers: element names without namespace prefixes, the path
// of open elements, and each element's text when it closes.
//
// Hand-written over the file's bytes for speed. FoundationXML's XMLParser (a delegate call per
// event, every name and text bridged through NSString) made importing a 3-hour TCX file (10 800
// points, release build) take 1 587 ms and the same as GPX 149 ms; see Benchmarks/export/README.md
// for the figures with this reader. It reads well-formed XML 1.0: elements, attributes, the five
// predefined and numeric character references, CDATA, comments and processing instructions. A
// DOCTYPE is refused rather than read, so no entity is ever expanded (no "billion laughs", no
// external entities); workout files never carry one.

import Foundation

/// Receives elements in document order. `path` holds the names of the open elements (the
/// element itself last); `text` is the element's own text after its last child, trimmed.
protocol XMLElementHandler: AnyObject {
    func start(_ name: Substring, attributes: [String: String], path: [Substring])
    func end(_ name: Substring, text: Substring, path: [Substring]) throws(XMLContentError)
}

/// XML that is not well-formed, or content that parses but is not a workout (a point without a time…).
struct XMLContentError: Error {
    var message: String
}

struct XMLElementReader {
    /// Deeper nesting than this is refused: no workout format nests more than a dozen levels.
    static let maximumDepth = 256

    private let bytes: [UInt8]
    private var index = 0
    private let handler: any XMLElementHandler
    /// Local names of the open elements, and where each one's qualified name lies in `bytes`.
    private var path: [Substring] = []
    private var openNames: [Range<Int>] = []
    private var text: [UInt8] = []

    /// Parses `data`; throws a message saying where the XML is broken or what content is wrong.
    static func read(_ data: Data, into handler: any XMLElementHandler) throws(XMLContentError) {
        var reader = XMLElementReader(bytes: [UInt8](data), handler: handler)
        try reader.document()
    }

    private init(bytes: [UInt8], handler: any XMLElementHandler) {
        self.bytes = bytes
        self.handler = handler
    }

    // MARK: - Document structure

    private mutating func document() throws(XMLContentError) {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }   // UTF-8 byte order mark
        try miscellany()
        guard index < bytes.count else {
            throw XMLContentError(message: "not well-formed XML: no element")
        }
        guard bytes[index] == UInt8(ascii: "<") else { throw broken("text before the first element") }
        try startTag()
        while !openNames.isEmpty {
            guard index < bytes.count else {
                throw XMLContentError(message: "not well-formed XML: the file ends inside <\(path.last ?? "")> (truncated?)")
            }
            if bytes[index] != UInt8(ascii: "<") {
                try characterData()
            } else if next(is: "</") {
                try endTag()
            } else if next(is: "<!--") {
                try comment()
            } else if next(is: "<![CDATA[") {
                try cdata()
            } else if next(is: "<?") {
                try processingInstruction()
            } else if next(is: "<!") {
                throw broken("a declaration inside an element")
            } else {
                try startTag()
            }
        }
        try miscellany()
        if index < bytes.count { throw broken("content after the root element") }
    }

    /// Whitespace, comments and processing instructions (the XML declaration among them) outside
    /// the root element. A DOCTYPE is refused: see the header.
    private mutating func miscellany() throws(XMLContentError) {
        while true {
            skipWhitespace()
            if next(is: "<?") {
                try processingInstruction()
            } else if next(is: "<!--") {
                try comment()
            } else if next(is: "<!") {
                throw broken("a DOCTYPE or other declaration (workout files have none; Coach does not read DTDs)")
            } else {
                return
            }
        }
    }

    // MARK: - Tags

    private mutating func startTag() throws(XMLContentError) {
        index += 1   // "<"
        let name = try nameRange()
        var attributes: [String: String] = [:]
        while true {
            let hadSpace = skipWhitespace()
            guard index < bytes.count else { throw truncated() }
            if bytes[index] == UInt8(ascii: ">") {
                index += 1
                try open(name, attributes)
                return
            }
            if next(is: "/>") {
                index += 2
                try open(name, attributes)
                try close()
                return
            }
            guard hadSpace else { throw broken("expected a space, '>' or '/>' after <\(string(name))") }
            let attribute = string(try nameRange())
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { throw broken("attribute \(attribute) has no '='") }
            index += 1
            skipWhitespace()
            let value = try attributeValue()
            guard attributes.updateValue(value, forKey: attribute) == nil else {
                throw broken("attribute \(attribute) appears twice")
            }
        }
    }

    private mutating func open(_ name: Range<Int>, _ attributes: [String: String]) throws(XMLContentError) {
        guard openNames.count < Self.maximumDepth else { throw broken("elements nested more than \(Self.maximumDepth) deep") }
        let local = localName(name)
        openNames.append(name)
        path.append(local)
        text.removeAll(keepingCapacity: true)
        handler.start(local, attributes: attributes, path: path)
    }

    private mutating func endTag() throws(XMLContentError) {
        index += 2   // "</"
        let name = try nameRange()
        skipWhitespace()
        guard index < bytes.count else { throw truncated() }
        guard bytes[index] == UInt8(ascii: ">") else { throw broken("expected '>' to end </\(string(name))") }
        index += 1
        guard let open = openNames.last else { throw broken("</\(string(name))> closes nothing") }
        guard bytes[open] == bytes[name] else {
            throw broken("</\(string(name))> closes <\(string(open))>")
        }
        try close()
    }

    /// Ends the innermost element: its trimmed text goes to the handler.
    private mutating func close() throws(XMLContentError) {
        var start = text.startIndex, end = text.endIndex
        while start < end, Self.isWhitespace(text[start]) { start += 1 }
        while end > start, Self.isWhitespace(text[end - 1]) { end -= 1 }
        let trimmed = start == end ? "" : String(decoding: text[start..<end], as: UTF8.self)
        text.removeAll(keepingCapacity: true)
        try handler.end(path[path.count - 1], text: trimmed[...], path: path)
        path.removeLast()
        openNames.removeLast()
    }

    // MARK: - Content

    private mutating func characterData() throws(XMLContentError) {
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<") { return }
            if byte == UInt8(ascii: "&") {
                text.append(contentsOf: try reference().utf8)
            } else {
                text.append(byte)
                index += 1
            }
        }
    }

    private mutating func cdata() throws(XMLContentError) {
        index += 9   // "<![CDATA["
        guard let end = find("]]>") else { throw truncated() }
        text.append(contentsOf: bytes[index..<end])
        index = end + 3
    }

    private mutating func comment() throws(XMLContentError) {
        index += 4
        guard let end = find("-->") else { throw truncated() }
        index = end + 3
    }

    private mutating func processingInstruction() throws(XMLContentError) {
        index += 2
        guard let end = find("?>") else { throw truncated() }
        index = end + 2
    }

    private mutating func attributeValue() throws(XMLContentError) -> String {
        guard index < bytes.count else { throw truncated() }
        let quote = bytes[index]
        guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { throw broken("an attribute value without quotes") }
        index += 1
        var value: [UInt8] = []
        while true {
            guard index < bytes.count else { throw truncated() }
            let byte = bytes[index]
            if byte == quote { index += 1; break }
            if byte == UInt8(ascii: "<") { throw broken("'<' inside an attribute value") }
            if byte == UInt8(ascii: "&") {
                value.append(contentsOf: try reference().utf8)
            } else {
                // Attribute-value normalisation: each whitespace character becomes a space.
                value.append(Self.isWhitespace(byte) ? UInt8(ascii: " ") : byte)
                index += 1
            }
        }
        return String(decoding: value, as: UTF8.self)
    }

    /// `&lt;` `&gt;` `&amp;` `&quot;` `&apos;` `&#NN;` `&#xHH;`: the character it stands for.
    private mutating func reference() throws(XMLContentError) -> Unicode.Scalar {
        let start = index
        guard let semicolon = bytes[index...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else {
            throw broken("'&' that starts no character reference (write &amp;)")
        }
        let body = bytes[(start + 1)..<semicolon]
        index = semicolon + 1
        switch String(decoding: body, as: UTF8.self) {
        case "lt": return "<"
        case "gt": return ">"
        case "amp": return "&"
        case "quot": return "\""
        case "apos": return "'"
        case let name where name.hasPrefix("#"):
            let digits = name.dropFirst()
            let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            guard let value, value != 0, let scalar = Unicode.Scalar(value) else {
                index = start
                throw broken("&\(name); is not a character")
            }
            return scalar
        case let name:
            index = start
            throw broken("unknown entity &\(name); (only XML's five and numeric references are read)")
        }
    }

    // MARK: - Scanning

    /// A name's bytes: up to whitespace, '/', '>', '=' or a quote; it must not start with one.
    private mutating func nameRange() throws(XMLContentError) -> Range<Int> {
        let start = index
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "/"), UInt8(ascii: ">"), UInt8(ascii: "="),
                 UInt8(ascii: "<"), UInt8(ascii: "\""), UInt8(ascii: "'"):
                guard index > start else { throw broken("expected a name") }
                return start..<index
            default:
                index += 1
            }
        }
        throw truncated()
    }

    private func localName(_ range: Range<Int>) -> Substring {
        let start = bytes[range].lastIndex(of: UInt8(ascii: ":")).map { $0 + 1 } ?? range.lowerBound
        return String(decoding: bytes[start..<range.upperBound], as: UTF8.self)[...]
    }

    @discardableResult
    private mutating func skipWhitespace() -> Bool {
        let start = index
        while index < bytes.count, Self.isWhitespace(bytes[index]) { index += 1 }
        return index > start
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }

    private func next(is literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        return literal.withUTF8Buffer { expected in
            for offset in 0..<count where bytes[index + offset] != expected[offset] { return false }
            return true
        }
    }

    /// Where `literal` next occurs from `index`, or nil.
    private func find(_ literal: StaticString) -> Int? {
        literal.withUTF8Buffer { expected -> Int? in
            guard let first = expected.first else { return nil }
            var position = index
            while position + expected.count <= bytes.count {
                guard let candidate = bytes[position...].firstIndex(of: first),
                      candidate + expected.count <= bytes.count else { return nil }
                if bytes[candidate..<(candidate + expected.count)].elementsEqual(expected) { return candidate }
                position = candidate + 1
            }
            return nil
        }
    }

    private func string(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    // MARK: - Errors

    /// "not well-formed XML at line L, column C (what)": counted only when something is wrong.
    private func broken(_ what: String) -> XMLContentError {
        let upTo = bytes[..<min(index, bytes.count)]
        let line = upTo.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        let column = index - (upTo.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
        return XMLContentError(message: "not well-formed XML at line \(line), column \(column) (\(what))")
    }

    private func truncated() -> XMLContentError {
        let inside = path.last.map { " inside <\($0)>" } ?? ""
        return XMLContentError(message: "not well-formed XML: the file ends\(inside) (truncated?)")
    }
}
