// TemplateParserTests: every construct of hassil's template syntax.

import Testing
@testable import CoachLanguage

@Suite struct TemplateParserTests {
    @Test func plainTextIsOneChunk() throws {
        #expect(try TemplateParser.parse("start a run") == .text("start a run"))
    }

    @Test func alternativesInsideWords() throws {
        #expect(
            try TemplateParser.parse("turn(s|ed)")
                == .sequence([.text("turn"), .alternative([.text("s"), .text("ed")], optional: false)]))
    }

    @Test func optionalIsAlternativeWithEmptyBranch() throws {
        #expect(
            try TemplateParser.parse("[the] run")
                == .sequence([.alternative([.text("the")], optional: true), .text(" run")]))
        #expect(try TemplateParser.parse("[a|an]") == .alternative([.text("a"), .text("an")], optional: true))
    }

    @Test func permutation() throws {
        #expect(try TemplateParser.parse("(a; b)") == .permutation([.text("a"), .text(" b")]))
    }

    @Test func listReferences() throws {
        #expect(try TemplateParser.parse("{activity}") == .list(name: "activity", slot: "activity", isCapture: false))
        #expect(try TemplateParser.parse("{time_value:goal_value}") == .list(name: "time_value", slot: "goal_value", isCapture: false))
        #expect(try TemplateParser.parse("{@name}") == .list(name: "name", slot: "name", isCapture: true))
        #expect(try TemplateParser.parse("{list:@cap}") == .list(name: "list", slot: "cap", isCapture: true))
    }

    @Test func inlineRange() throws {
        let node = try TemplateParser.parse("{10..100,10:seconds}")
        #expect(node.inlineRange?.from == 10)
        #expect(node.inlineRange?.to == 100)
        #expect(node.inlineRange?.step == 10)
    }

    @Test func ruleReference() throws {
        #expect(try TemplateParser.parse("<start> now") == .sequence([.rule("start"), .text(" now")]))
    }

    @Test func escapes() throws {
        #expect(try TemplateParser.parse("a \\(b\\)") == .text("a (b)"))
    }

    @Test func nestedGroups() throws {
        let node = try TemplateParser.parse("((a|b) [c]|d)")
        guard case .alternative(let items, false) = node else {
            Issue.record("expected alternative, got \(node)")
            return
        }
        #expect(items.count == 2)
        #expect(items[1] == .text("d"))
    }

    @Test(arguments: ["(a|b", "a]", "{list", "<rule", "(a|b;c)", "{}"])
    func malformedTemplatesThrow(_ template: String) {
        #expect(throws: TemplateParseError.self) { try TemplateParser.parse(template) }
    }

    /// Found by Fuzz/FuzzTemplates (crash-1e7544b2…: "(that[" and thousands of '['): the parser
    /// recursed once per group and overflowed the stack. Deep nesting is now a parse error.
    @Test func deeplyNestedGroupsAreAnErrorNotAStackOverflow() throws {
        let hostile = "(that[" + String(repeating: "[", count: 20_000) + "w"
        #expect(throws: TemplateParseError.self) { try TemplateParser.parse(hostile) }
        let balanced = String(repeating: "[", count: 5_000) + "run" + String(repeating: "]", count: 5_000)
        #expect(throws: TemplateParseError.self) { try TemplateParser.parse(balanced) }
        // Sixty-four levels are still a template.
        let deep = String(repeating: "(", count: 64) + "run" + String(repeating: ")", count: 64)
        #expect(try TemplateParser.parse(deep) == .text("run"))
    }
}
