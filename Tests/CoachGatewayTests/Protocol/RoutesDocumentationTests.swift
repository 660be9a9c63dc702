// docs/protocol.md's methods table is generated from the route descriptions: this test fails when
// they differ. To rewrite the table after changing a description:
//   COACH_UPDATE_DOCS=1 swift test --filter RoutesDocumentationTests

import CoachGateway
import CoachWire
import Foundation
import Testing

@Suite struct RoutesDocumentationTests {
    static let begin = "<!-- methods table: generated from Sources/CoachGateway/Protocol/Routes.swift; do not edit -->\n"
    static let end = "<!-- end of methods table -->"

    @Test func protocolDocHoldsTheGeneratedMethodsTable() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/protocol.md").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let table = MethodDescription.markdownTable(RequestRouter.methods)
        guard let start = text.range(of: Self.begin), let stop = text.range(of: Self.end, range: start.upperBound..<text.endIndex) else {
            Issue.record("docs/protocol.md lacks the markers around the methods table")
            return
        }
        let current = String(text[start.upperBound..<stop.lowerBound])
        if current != table, ProcessInfo.processInfo.environment["COACH_UPDATE_DOCS"] == "1" {
            try (String(text[..<start.upperBound]) + table + String(text[stop.lowerBound...])).write(toFile: path, atomically: true, encoding: .utf8)
            return
        }
        #expect(current == table, "docs/protocol.md's methods table is out of date: run COACH_UPDATE_DOCS=1 swift test --filter RoutesDocumentationTests")
    }
}
