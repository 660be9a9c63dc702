// Where the built `coach` executable is: next to the test bundle (swift test builds both into the
// same directory), else the package's .build/debug; COACH_BINARY overrides both.

@_exported import CoachTestSupport
import CoachGateway
import Foundation
#if canImport(Glibc)
import Glibc
#endif

enum CoachBinary {
    static func path(filePath: String = #filePath) -> String? {
        let fileManager = FileManager.default
        if let override = ProcessInfo.processInfo.environment["COACH_BINARY"] { return override }
        var candidates: [String] = []
        if let runner = CommandLine.arguments.first {
            // .build/debug/coachPackageTests.xctest (a file on Linux, a bundle on macOS)
            var directory = URL(fileURLWithPath: runner).deletingLastPathComponent()
            if directory.pathExtension == "xctest" || directory.path.contains(".xctest/") {
                while directory.pathExtension != "xctest", directory.path != "/" { directory.deleteLastPathComponent() }
                directory.deleteLastPathComponent()
            }
            candidates.append(directory.appendingPathComponent("coach").path)
        }
        // Tests/CoachCLITests/Support/CoachBinary.swift → the package root.
        let root = URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(root.appendingPathComponent(".build/debug/coach").path)
        return candidates.first { fileManager.isExecutableFile(atPath: $0) }
    }

    /// `path()`, or a path that says what to do when coach is not built (running it then fails
    /// with that name in the error, rather than a test passing vacuously).
    static var located: String { path() ?? "/coach-is-not-built--run-swift-build-product-coach" }
}

/// A scratch directory with the XDG layout the gateway and the REPL use; removed on deinit.
final class ScratchHome: @unchecked Sendable {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("coach-test-\(UUID().uuidString.prefix(8))")
        for name in ["run", "state", "data", "config", "home"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(name), withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        }
    }

    /// A gateway a one-shot command started here (`coach serve --idle-exit 10m`) goes with the
    /// home: it would otherwise outlive the suite, which `./test` counts as a failure.
    deinit {
        if let pid = InstanceLock.holder(path: root.appendingPathComponent("run/coach/coach.sock.lock").path) { kill(pid, SIGTERM) }
        try? FileManager.default.removeItem(at: root)
    }

    /// Isolates the program from the user's files: XDG directories and HOME (so no ~/.inputrc).
    var environment: [String: String] {
        [
            "XDG_RUNTIME_DIR": root.appendingPathComponent("run").path,
            "XDG_STATE_HOME": root.appendingPathComponent("state").path,
            "XDG_DATA_HOME": root.appendingPathComponent("data").path,
            "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
            "HOME": root.appendingPathComponent("home").path,
            "LANG": "C.UTF-8",
            "SWIFT_BACKTRACE": "interactive=no",
        ]
    }

    var historyFile: URL { root.appendingPathComponent("state/coach/history") }

    /// Writes the settings file (`$XDG_CONFIG_HOME/coach/config.yaml`) with `yaml`.
    func writeSettings(_ yaml: String) throws {
        let file = root.appendingPathComponent("config/coach/config.yaml")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try yaml.write(to: file, atomically: true, encoding: .utf8)
    }

    /// Runs the built `coach ARGUMENTS…` in this home, with `environment` added to the home's.
    func coach(_ arguments: [String], environment extra: [String: String] = [:], stdin: String? = nil) async throws -> ProcessResult {
        try await runProcess(CoachBinary.located, arguments, environment: environment.merging(extra) { $1 }, stdin: stdin)
    }
}

/// Runs a program that leaves a daemon behind (tmux's server) and waits for the launcher only;
/// returns its exit status. The daemon starts with no signals blocked (the test runner's threads
/// block them, and a blocked SIGTERM makes `tmux kill-server` a no-op) and holds no pipe of ours.
/// Awaited, not blocked on: Subprocess needs a free pool thread to report the launcher's end.
func spawnDetached(_ arguments: [String]) async throws -> Int32 {
    try await ChildProcess.spawn(arguments).wait()
}
