// docs/protocol.md's methods table, its result examples and its notification examples are generated
// from the route descriptions and CoachWire's message types: this test fails when they differ. To
// rewrite them after changing a description, a type or an example (CoachWire/Messages/WireExamples*.swift):
//   COACH_UPDATE_DOCS=1 swift test --filter RoutesDocumentationTests

import CoachGateway
import CoachWire
import Foundation
import Testing

// Serialized: with COACH_UPDATE_DOCS each case rewrites the same file, and in parallel one would lose another's part.
@Suite(.serialized) struct RoutesDocumentationTests {
    static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/protocol.md").path

    /// Each generated part of the doc: its markers and its text.
    static let parts: [(begin: String, end: String, text: String)] = [
        ("<!-- methods table: generated from Sources/CoachGateway/Protocol/Routes.swift; do not edit -->\n",
         "<!-- end of methods table -->", MethodDescription.markdownTable(RequestRouter.methods)),
        ("<!-- result examples: generated from the result types in Sources/CoachWire/Messages; do not edit -->\n",
         "<!-- end of result examples -->", MethodDescription.resultExamples(RequestRouter.methods)),
        ("<!-- notification examples: generated from the types in Sources/CoachWire/Messages; do not edit -->\n",
         "<!-- end of notification examples -->", NotificationDescription.examples(RequestRouter.notifications)),
    ]

    /// The text between a part's markers; nil when the markers are missing.
    static func current(_ text: String, begin: String, end: String) -> Range<String.Index>? {
        guard let start = text.range(of: begin), let stop = text.range(of: end, range: start.upperBound..<text.endIndex) else { return nil }
        return start.upperBound..<stop.lowerBound
    }

    @Test(arguments: [0, 1, 2]) func protocolDocHoldsTheGeneratedText(_ part: Int) throws {
        var text = try String(contentsOfFile: Self.path, encoding: .utf8)
        let (begin, end, generated) = Self.parts[part]
        guard let range = Self.current(text, begin: begin, end: end) else {
            Issue.record("docs/protocol.md lacks the markers \(begin)")
            return
        }
        if String(text[range]) != generated, ProcessInfo.processInfo.environment["COACH_UPDATE_DOCS"] == "1" {
            text.replaceSubrange(range, with: generated)
            try text.write(toFile: Self.path, atomically: true, encoding: .utf8)
            return
        }
        #expect(String(text[range]) == generated,
                "docs/protocol.md is out of date: run COACH_UPDATE_DOCS=1 swift test --filter RoutesDocumentationTests")
    }
}
