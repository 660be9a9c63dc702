// Every word a user reads or hears lives in Intents/<lang>/ (DESIGN.md, house style; issue 43): a
// string literal in Sources/ that holds natural language — two lowercase English words in a row, or
// any Japanese — fails this test unless a rule below allows it, with its reason, or its file is
// listed under "not yet moved" with the number of such literals it still holds. The list is a
// ratchet: a file holding more fails (a sentence was added in Swift: put it in Intents/), a file
// holding fewer fails too (one was moved: lower its number), so the list never claims more than is left.

import Foundation
import Testing

@Suite struct WordsInSourcesTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources").standardized.path

    /// Literals that hold words but are not words for the user, by the line they start on.
    static let allowed: [(reason: String, line: String)] = [
        ("the protocol's reference, for client authors (docs/protocol.md is made from it), English as the method names are",
         #"Route\(|ParamDescription\(|result: #?""#),
        ("the result examples docs/protocol.md shows (CoachWire/Messages/WireExamples.swift): read by client authors there, never said by the gateway",
         #"docSentence\("#),
        ("programmer errors: a working build never shows them", #"fatalError\(|preconditionFailure\(|precondition\(|assert\("#),
        ("SQL for the store's database", #"\b(SELECT|INSERT|UPDATE|DELETE FROM|CREATE|ALTER TABLE|PRAGMA)\b"#),
    ]

    /// Literals that hold words but are not words for the user, by their own text.
    static let allowedText: [(reason: String, text: String)] = [
        ("markup of the export formats (GPX, TCX, the chart's SVG): element and attribute names", #"^\s*<"#),
    ]

    /// Natural language: two lowercase English words in a row, or any kana or kanji.
    static func holdsWords(_ text: String) -> Bool {
        if text.unicodeScalars.contains(where: { (0x3040...0x30FF).contains($0.value) || (0x4E00...0x9FFF).contains($0.value) }) {
            return true
        }
        return text.firstMatch(of: try! Regex("[a-z]{2,} +[a-z]{2,}")) != nil
    }

    /// Every literal with words that no rule allows: file (under Sources/) → "line: text".
    static func words() throws -> [String: [String]] {
        let rules = try allowed.map { try Regex($0.line) }, textRules = try allowedText.map { try Regex($0.text) }
        var found: [String: [String]] = [:]
        let files = (FileManager.default.subpaths(atPath: sources) ?? []).filter { $0.hasSuffix(".swift") }.sorted()
        #expect(files.count > 100, "Sources/ was not found")
        for file in files {
            let text = try String(contentsOfFile: sources + "/" + file, encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            for literal in SwiftLiterals.scan(text) where holdsWords(literal.text) {
                let line = String(lines[literal.line - 1])
                if rules.contains(where: { line.firstMatch(of: $0) != nil }) { continue }
                if textRules.contains(where: { literal.text.firstMatch(of: $0) != nil }) { continue }
                found[file, default: []].append("\(literal.line): \(literal.text)")
            }
        }
        return found
    }

    @Test func theLexerFindsWhatSwiftCallsAString() {
        let source = #"""
        // "not this"
        let a = "two words" /* "nor this" */ + #"raw "quoted" words"#
        let b = "x \(f("inner words")) y", c = """
            many
            lines here
            """
        """#
        let texts = SwiftLiterals.scan(source).map(\.text)
        #expect(texts == ["two words", #"raw "quoted" words"#, "inner words", "x {} y", "\n    many\n    lines here\n    "])
        #expect(SwiftLiterals.scan(source).map(\.line) == [2, 2, 3, 3, 3])
        #expect(Self.holdsWords("the primary") && Self.holdsWords("一時停止") && Self.holdsWords("ワーク"))
        #expect(!Self.holdsWords("heart_rate") && !Self.holdsWords("%.1f s") && !Self.holdsWords("mqtt.url") && !Self.holdsWords("{}: {}"))
    }

    @Test func noWordsInSwiftButThoseNotYetMoved() throws {
        let found = try Self.words()
        var problems: [String] = []
        for (file, literals) in found.sorted(by: { $0.key < $1.key }) {
            let listed = NotYetMoved.counts[file] ?? 0
            if literals.count > listed {
                problems.append("\(file): \(literals.count) literals with words, \(listed) listed as not yet moved — put the new ones in Intents/<lang>/:\n    "
                                + literals.joined(separator: "\n    "))
            }
        }
        for (file, listed) in NotYetMoved.counts.sorted(by: { $0.key < $1.key }) where (found[file]?.count ?? 0) < listed {
            problems.append("\(file): \(found[file]?.count ?? 0) literals with words now, \(listed) listed: lower it in NotYetMoved")
        }
        let total = found.values.map(\.count).reduce(0, +)
        print("words: \(total) literals with words in \(found.count) files of Sources/ not yet moved to Intents/")
        if !problems.isEmpty {  // the table as it stands, for NotYetMoved.swift once the new words are moved
            for (file, literals) in found.sorted(by: { $0.key < $1.key }) { print("not yet moved: \"\(file)\": \(literals.count),") }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }
}
