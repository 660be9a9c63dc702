// The hand-written XML reader under GPX and TCX import, checked against FoundationXML's XMLParser
// (the reader it replaced, kept here as the oracle): the same elements, attributes and texts for
// generated documents; every truncation refused; what workout files must never make it do (expand
// entities, accept mismatched tags) refused with a line and column.

@testable import CoachExport
import CoachWire
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// Records what a reader reports, one line per event.
private final class EventLog: XMLElementHandler {
    var events: [String] = []
    func start(_ name: Substring, attributes: [String: String], path: [Substring]) {
        let attributeText = attributes.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
        events.append("start \(path.joined(separator: "/")) [\(attributeText)]")
    }
    func end(_ name: Substring, text: Substring, path: [Substring]) throws(XMLContentError) {
        events.append("end \(name) '\(text)'")
    }
}

/// The oracle: XMLParser with the same conventions (local names, text after the last child, trimmed).
private final class FoundationOracle: NSObject, XMLParserDelegate {
    var events: [String] = []
    private var path: [String] = []
    private var text = ""

    static func events(_ data: Data) -> [String]? {
        let oracle = FoundationOracle()
        let parser = XMLParser(data: data)
        parser.delegate = oracle
        return parser.parse() ? oracle.events : nil
    }

    private func local(_ name: String) -> String { name.split(separator: ":").last.map(String.init) ?? name }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        path.append(local(elementName))
        text = ""
        let attributeText = attributes.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
        events.append("start \(path.joined(separator: "/")) [\(attributeText)]")
    }
    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) { text += String(decoding: CDATABlock, as: UTF8.self) }
    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        let trimmed = text.trimmingCharacters(in: CharacterSet(charactersIn: " \t\r\n"))
        events.append("end \(local(elementName)) '\(trimmed)'")
        text = ""
        path.removeLast()
    }
}

/// Random documents in the shape of workout files: prefixed names, attributes, entities, comments, CDATA.
private struct DocumentMaker {
    var random: SplitMix64
    let names = ["gpx", "trk", "trkpt", "ele", "time", "gpxtpx:hr", "ns3:TPX", "Value", "Lap", "x"]
    let words = ["12.5", "run", "Morning run", "é", "日本", "a&b", "<tag>", "\"q\"", "it's", " padded ", "", "x]y"]

    mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &random)] }

    func escaped(_ text: String, numeric: Bool) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += numeric ? "&#38;" : "&amp;"
            case "<": out += "&lt;"
            case ">": out += numeric ? "&#x3E;" : "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.append(character)
            }
        }
        return out
    }

    mutating func element(depth: Int) -> String {
        let name = pick(names)
        var attributes = ""
        for (index, key) in ["lat", "lon", "Sport"].enumerated() where Bool.random(using: &random) {
            let quote = index % 2 == 0 ? "\"" : "'"
            attributes += " \(key) = \(quote)\(escaped(pick(words), numeric: Bool.random(using: &random)))\(quote)"
        }
        if Int.random(in: 0..<5, using: &random) == 0 { return "<\(name)\(attributes)/>" }
        var body = ""
        for _ in 0..<Int.random(in: 0...3, using: &random) {
            switch Int.random(in: 0..<6, using: &random) {
            case 0 where depth < 5: body += element(depth: depth + 1)
            case 1: body += "<!-- \(pick(["note", "a - b", ""])) -->"
            case 2: body += "<![CDATA[\(pick(["a<b", "x & y", "]]", "plain"]))]]>"
            case 3: body += "\n  "
            default: body += escaped(pick(words), numeric: Bool.random(using: &random))
            }
        }
        return "<\(name)\(attributes)>\(body)</\(name) >"
    }

    mutating func document() -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- made -->\n" + element(depth: 0) + "\n"
    }
}

@Suite struct XMLReaderTests {
    private func events(_ text: String) -> Result<[String], XMLContentError> {
        let log = EventLog()
        do { try XMLElementReader.read(Data(text.utf8), into: log); return .success(log.events) } catch {
            return .failure(error)
        }
    }

    private func message(_ text: String) -> String? {
        if case .failure(let error) = events(text) { return error.message }
        return nil
    }

    @Test func generatedDocumentsReadAsXMLParserReadsThem() throws {
        var maker = DocumentMaker(random: SplitMix64(seed: 20261123))
        for round in 0..<400 {
            let document = maker.document()
            let expected = try #require(FoundationOracle.events(Data(document.utf8)), "XMLParser refused round \(round): \(document)")
            guard case .success(let actual) = events(document) else {
                Issue.record("refused round \(round): \(message(document) ?? "") in \(document)")
                return
            }
            #expect(expected.count >= 2 && actual == expected, "round \(round): \(document)")
            if actual != expected { return }
        }
    }

    @Test func everyTruncationIsRefusedAndNothingTraps() {
        var maker = DocumentMaker(random: SplitMix64(seed: 7))
        for _ in 0..<20 {
            let bytes = Array(maker.document().utf8)
            // The document ends with the root's end tag and a newline: every shorter prefix that cuts
            // before that end tag is not a whole document.
            let rootEnd = bytes.lastIndex(of: UInt8(ascii: ">"))!
            for length in 0...rootEnd {
                let log = EventLog()
                #expect(throws: XMLContentError.self) { try XMLElementReader.read(Data(bytes[..<length]), into: log) }
            }
        }
    }

    @Test func malformedDocumentsAreRefusedWithWhere() {
        #expect(message("<a><b></a></b>")?.contains("</a> closes <b>") == true)
        #expect(message("<a>\n<b x=1/></a>")?.contains("line 2") == true)
        #expect(message("<a x='1' x='2'/>")?.contains("appears twice") == true)
        #expect(message("<a>&nbsp;</a>")?.contains("unknown entity &nbsp;") == true)
        #expect(message("<a>AT&T</a>")?.contains("&amp;") == true)
        #expect(message("<a>&#0;</a>")?.contains("is not a character") == true)
        #expect(message("<a/><b/>")?.contains("content after the root element") == true)
        #expect(message("text<a/>")?.contains("text before the first element") == true)
        #expect(message("")?.contains("no element") == true)
        #expect(message("<a x='<'/>")?.contains("'<' inside an attribute value") == true)
        #expect(message(String(repeating: "<a>", count: 300) + String(repeating: "</a>", count: 300))?.contains("nested more than") == true)
    }

    @Test func entityDefinitionsAreNeverExpanded() {
        let laughs = """
            <?xml version="1.0"?>
            <!DOCTYPE gpx [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>
            <gpx><name>&lol2;</name></gpx>
            """
        #expect(message(laughs)?.contains("DTD") == true)
        let external = "<!DOCTYPE gpx [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]><gpx>&xxe;</gpx>"
        #expect(message(external)?.contains("DTD") == true)
    }

    @Test func byteOrderMarkCDATAAndCharacterReferencesAreRead() throws {
        let text = "\u{FEFF}<gpx><name><![CDATA[Morning <run>]]></name><n>&#x65E5;&#26412; &lt;ok&gt;</n></gpx>"
        guard case .success(let events) = events(text) else { Issue.record("refused: \(message(text) ?? "")"); return }
        #expect(events.contains("end name 'Morning <run>'"))
        #expect(events.contains("end n '日本 <ok>'"))
    }
}
