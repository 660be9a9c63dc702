// `coach status` answered before the argument parser (the status-bar poll) prints exactly what the
// parser's path prints, for every format; anything that is not a plain query takes the parser.

import CoachWire
import Foundation
import Testing
@testable import coach

@Suite("Quick status", .serialized)
struct QuickStatusTests {
    @Test func plainQueriesAreRecognisedAndEverythingElseIsLeftToTheParser() {
        #expect(QuickStatus.parse(["status"]) == QuickStatus.Query())
        #expect(QuickStatus.parse(["status", "--format", "tmux", "--no-start", "--lang", "ja"])
                == QuickStatus.Query(format: "tmux", language: "ja", noStart: true))
        #expect(QuickStatus.parse(["status", "--socket", "/tmp/x.sock", "--presentation", "minimal", "--format", "waybar"])
                == QuickStatus.Query(format: "waybar", presentation: "minimal", socket: "/tmp/x.sock"))
        for other in [["status", "--follow"], ["status", "--format=tmux"], ["status", "--format", "html"], ["status", "--help"],
                      ["status", "--lang", "fr"], ["status", "--socket"], ["start"], []] {
            #expect(QuickStatus.parse(other) == nil, "\(other)")
        }
    }

    @Test func theQuickAndTheParsedPathPrintTheSame() async throws {
        let home = try ScratchHome()
        let gateway = try await BackgroundGateway(home: home)
        guard let binary = CoachBinary.path() else { throw TmuxError("coach is not built") }
        func coach(_ arguments: [String]) async throws -> ProcessResult { try await runProcess(binary, arguments, environment: home.environment) }
        #expect(try await coach(["start", "running", "--location", "outdoor"]).status == 0)
        #expect(try await coach(["sample", "heartRate", "151"]).status == 0)
        #expect(try await coach(["pause"]).status == 0)   // a paused clock: both reads show the same second
        for query in [["--format", "tmux"], ["--format", "waybar"], ["--format", "i3bar"], ["--format", "polybar"],
                      ["--format", "text"], ["--format", "json"], ["--format", "tmux", "--presentation", "expanded"],
                      ["--format", "waybar", "--lang", "ja"], ["--json"], []] {
            let quick = try await coach(["status"] + query + ["--no-start"])
            // `--socket=PATH` is not a plain query: the parser's path, the same request the long way.
            let parsed = try await coach(["status"] + query + ["--no-start", "--socket=\(gateway.socketPath)"])
            #expect(quick.status == 0 && parsed.status == 0, "\(query): \(quick.stderr) \(parsed.stderr)")
            #expect(quick.stdout == parsed.stdout, "\(query)")
            #expect(!quick.stdout.isEmpty)
        }
        #expect(try await coach(["status", "--format", "tmux"]).stdout.contains("♥151"))
        try await gateway.stop()
    }
}
