// What a user sees when Coach starts: Coach's own lines and nothing else. A release build once
// printed the dynamic loader's "warning: direct reference to protected function `$sSa5countSivg'
// … may break pointer equality" before the REPL's banner and into every gateway log: gold, linking
// the non-PIE executable, turned libswiftCore's protected functions into canonical PLT addresses
// (Package.swift, `oneShotStartUp`). LD_BIND_NOW=1 makes the loader bind every symbol at start, so
// a reference it would only warn about at some later first call is warned about here.
// The suite runs the debug build; `COACH_BINARY=$PWD/.build/release/coach swift test --filter
// StartOutputTests` runs these against a release build (docs/cli.md, "Install").

import CoachWire
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite(.serialized) struct StartOutputTests {
    static let bindEverythingAtStart = ["LD_BIND_NOW": "1"]

    @Test func versionPrintsTheVersionAndNothingElse() async throws {
        let coach = CoachRunner()
        defer { coach.cleanUp() }
        let (status, stdout, stderr) = try await coach.run(["--version"], environment: Self.bindEverythingAtStart)
        #expect(status == 0)
        #expect(stdout == CoachVersion.current + "\n")
        #expect(stderr == "")
    }

    @Test func serveLogsOnlyItsOwnLines() async throws {
        let home = try ScratchHome()
        let logPath = home.root.appendingPathComponent("serve.log").path
        let log = open(logPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        try #require(log >= 0)
        let socket = home.root.appendingPathComponent("run/coach/coach.sock").path
        let child = try await ChildProcess.spawn([CoachBinary.located, "serve", "--countdown", "0"],
                                           environment: home.environment.merging(Self.bindEverythingAtStart) { $1 },
                                           stdout: log, stderr: log)
        close(log)
        _ = try await poll(timeout: .seconds(60), every: .milliseconds(50)) { RawSocket.probe(socket) == .answers }
        #expect(RawSocket.probe(socket) == .answers)
        await ChildProcess.terminate(child)

        let lines = try String(contentsOfFile: logPath, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("coach gateway listening on \(socket)") == true, "\(lines)")
        // Everything the gateway prints is "coach gateway …" (GatewayLog) or "coach: …" (an error).
        #expect(lines.allSatisfy { $0.hasPrefix("coach gateway") || $0.hasPrefix("coach: ") }, "\(lines)")
    }

    @Test func theReplsBannerIsTheFirstLine() async throws {
        let tmux = try await TmuxSession(["--guest"], environment: Self.bindEverythingAtStart)
        defer { tmux.kill() }
        try await tmux.waitFor(lastLine: "coach>")
        let lines = try await tmux.lines().filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        #expect(lines.first?.hasPrefix("Coach \(CoachVersion.current) — ") == true, "\(lines)")
        #expect(!lines.contains { $0.contains("warning:") }, "\(lines)")
    }
}
