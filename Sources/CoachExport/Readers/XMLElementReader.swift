// A thin layer over FoundationXML's XMLParser for the GPX and TCX readers: element names without
// namespace prefixes, the path of open elements, and each element's text when it closes.

import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Receives elements in document order. `path` holds the names of the open elements (the
/// element itself last); `text` is the element's own text, trimmed.
protocol XMLElementHandler: AnyObject {
    func start(_ name: Substring, attributes: [String: String], path: [Substring])
    func end(_ name: Substring, text: Substring, path: [Substring]) throws(XMLContentError)
}

/// Content that parses as XML but is not a workout (a point without a time…).
struct XMLContentError: Error {
    var message: String
}

final class XMLElementReader: NSObject, XMLParserDelegate {
    private let handler: any XMLElementHandler
    private var path: [Substring] = []
    private var sawElement = false
    private var text = ""
    private(set) var contentError: XMLContentError?

    init(handler: any XMLElementHandler) { self.handler = handler }

    /// Parses `data`; throws a message saying where the XML is broken or what content is wrong.
    static func read(_ data: Data, into handler: any XMLElementHandler) throws(XMLContentError) {
        let reader = XMLElementReader(handler: handler)
        let parser = XMLParser(data: data)
        parser.delegate = reader
        parser.shouldResolveExternalEntities = false
        let ok = parser.parse()
        if let error = reader.contentError { throw error }
        guard ok else {
            let cause = parser.parserError.map { ($0 as NSError).localizedDescription } ?? "unknown error"
            throw XMLContentError(message: "not well-formed XML at line \(parser.lineNumber), column \(parser.columnNumber) (\(cause))")
        }
        // XMLParser can report success on a document cut short: every element must be closed.
        if let open = reader.path.last {
            throw XMLContentError(message: "not well-formed XML: the file ends inside <\(open)> (truncated?)")
        }
        guard reader.sawElement else { throw XMLContentError(message: "not well-formed XML: no element") }
    }

    private static func localName(_ name: String) -> Substring {
        if let colon = name.lastIndex(of: ":") { return name[name.index(after: colon)...] }
        return name[...]
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        let name = Self.localName(elementName)
        path.append(name)
        sawElement = true
        text = ""
        handler.start(name, attributes: attributes, path: path)
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        let name = Self.localName(elementName)
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        do { try handler.end(name, text: trimmed[...], path: path) } catch {
            contentError = error
            parser.abortParsing()
        }
        text = ""
        if !path.isEmpty { path.removeLast() }
    }
}
