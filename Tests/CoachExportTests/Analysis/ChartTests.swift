// The terminal chart of a known workout against a stored expectation (readable without colour;
// colour only adds escapes), and the SVG parsed as XML by FoundationXML and xmllint.

import CoachCore
import CoachExport
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

@Suite struct ChartTests {
    static let expectedPath = ExportFixtures.packageRoot + "/Tests/CoachExportTests/Analysis/known-chart-60.txt"

    @Test func textChartOfAKnownWorkoutMatchesTheStoredExpectation() throws {
        let text = WorkoutChart.text(KnownWorkout.recording(), width: 60, height: 4, colour: false)
        if ProcessInfo.processInfo.environment["COACH_UPDATE_EXPECTATIONS"] == "1" {
            try text.write(toFile: Self.expectedPath, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOfFile: Self.expectedPath, encoding: .utf8)
        #expect(text == expected)
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 60 }, "fits the width")
        #expect(!text.contains("\u{1B}"))
        // Colour wraps the same bars in SGR escapes and nothing else.
        let coloured = WorkoutChart.text(KnownWorkout.recording(), width: 60, height: 4, colour: true)
        #expect(coloured.contains("\u{1B}[31m"))
        let stripped = coloured.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        #expect(stripped == text)
        // Wider terminals get more columns.
        let wide = WorkoutChart.text(KnownWorkout.recording(), width: 120)
        #expect(wide.split(separator: "\n").map(\.count).max() == 120)
    }

    @Test func svgParsesAsXML() async throws {
        let svg = WorkoutChart.svg(KnownWorkout.recording())
        let parser = XMLParser(data: Data(svg.utf8))
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        #expect(svg.components(separatedBy: "<path ").count - 1 == 4)
        let directory = try ExportFixtures.temporaryDirectory()
        defer { ExportFixtures.remove(directory) }
        let file = directory + "/chart.svg"
        try svg.write(toFile: file, atomically: true, encoding: .utf8)
        let lint = try await ThirdParty.run("/usr/bin/xmllint", ["--noout", file])
        #expect(lint.status == 0, "\(lint.stderr)")
    }

    @Test func onFootIsChartedAsPaceOtherwiseAsSpeed() {
        var run = KnownWorkout.recording()
        run.activity = .running
        let runSeries = WorkoutChart.series(run)
        #expect(runSeries.map(\.name).contains("pace") && !runSeries.map(\.name).contains("speed"))
        // 12 km/h is 5:00 a kilometre.
        let pace = runSeries.first { $0.name == "pace" }?.points.map(\.value) ?? []
        #expect(!pace.isEmpty && pace.allSatisfy { abs($0 - 5) < 0.1 }, "\(pace.prefix(5))")
        var ride = run
        ride.activity = .cycling
        #expect(WorkoutChart.series(ride).map(\.name).contains("speed"))
        #expect(!WorkoutChart.series(ride).map(\.name).contains("pace"))
    }
}
