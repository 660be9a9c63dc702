// `coach changes`: the store's change feed as JSON lines, one page a line, for sync scripts.
// With --anchor-file the anchor is read at start and written after each line, so a script that
// is stopped and started again carries on where it was: no change missed, none repeated.

import ArgumentParser
import CoachGateway
import CoachWire
import Foundation

struct ChangesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "changes", abstract: "Print what was added and deleted in the store since an anchor, as JSON lines.",
        discussion: """
            Each line is one page: {"since":N,"added":[…],"deleted":[…],"anchor":M,"more":…}
            (docs/protocol.md, workouts.changes). Without an anchor: everything, then the
            tombstones. --follow keeps printing pages as they are saved or deleted
            (HealthKit's long-running anchored query) until interrupted.

            --anchor-file F reads the anchor from F (missing: from the start) and writes
            the new one to F after each line is printed; SIGINT and SIGTERM wait until
            both are done, so a restarted follower neither repeats nor misses a page.

            Examples:
              coach changes                                  # everything, then exit
              coach changes --anchor 1200
              coach changes --follow --anchor-file ~/.cache/sync.anchor | my-sync
            """)
    @OptionGroup var options: GatewayOptions
    @Option(help: "Start after this anchor.") var anchor: Int?
    @Option(name: .customLong("anchor-file"), help: ArgumentHelp("Read the anchor from FILE and keep it current.", valueName: "file"))
    var anchorFile: String?
    @Flag(help: "Keep printing changes as they happen.") var follow = false

    func validate() throws {
        if let anchor, anchor < 0 { throw ValidationError("--anchor is a whole number, 0 or more.") }
        if anchor != nil && anchorFile != nil { throw ValidationError("Use --anchor or --anchor-file, not both.") }
    }

    func run() throws {
        var position = try startAnchor()
        FollowerSignals.install()
        let client = try OneShot.connect(options)
        // Gaps are filled on a second connection: the first carries notifications.
        let reader = follow ? try OneShot.connect(options) : client
        do {
            if follow {
                var params: [(String, JSONValue)] = [("events", false), ("status", false), ("changes", true)]
                if let position { params.append(("anchor", .number(Double(position)))) }
                _ = try client.call("subscribe", .object(params))
                while true {
                    let page = try client.nextNotification("changes", as: ChangesResult.self)
                    if (page.since ?? -1) == (position ?? 0) {
                        emit(page)
                        position = page.anchor
                    } else if page.anchor > (position ?? 0) {
                        position = try catchUp(reader, from: position)
                    }
                }
            } else {
                _ = try catchUp(client, from: position)
            }
        } catch {
            OneShot.printError(error.description)
            throw ExitCode(OneShot.exitStatus(for: error).rawValue)
        }
    }

    /// Pages of `workouts.changes` from `anchor` until none is left; returns the last anchor.
    private func catchUp(_ client: GatewayClient, from anchor: Int?) throws(GatewayClientError) -> Int? {
        var position = anchor
        while true {
            var params: [(String, JSONValue)] = []
            if let position { params.append(("anchor", .number(Double(position)))) }
            var page = try client.call("workouts.changes", .object(params), as: ChangesResult.self)
            if !page.isEmpty || position == nil {
                page.since = position ?? 0
                emit(page)
            } else if page.anchor != position {
                saveAnchor(page.anchor)
            }
            position = page.anchor
            if !page.more { return position }
        }
    }

    /// Prints the page and then records its anchor; a SIGINT, SIGTERM or SIGHUP that arrives
    /// meanwhile is held until both are done (FollowerSignals), so a stopped follower never stops
    /// between the two.
    private func emit(_ page: ChangesResult) {
        FollowerSignals.critical {
            StandardOutput.write(page.json.serialized() + "\n")
            saveAnchor(page.anchor)
        }
    }

    private func saveAnchor(_ anchor: Int) {
        guard let anchorFile else { return }
        do {
            try DurableFile.write("\(anchor)\n", to: anchorFile)
        } catch {
            OneShot.printError("cannot write the anchor to \(anchorFile): \(error)")
        }
    }

    private func startAnchor() throws -> Int? {
        if let anchor { return anchor }
        guard let anchorFile, FileManager.default.fileExists(atPath: anchorFile) else { return nil }
        let text = (try? String(contentsOfFile: anchorFile, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        guard let value = Int(text), value >= 0 else {
            OneShot.printError("\(anchorFile) does not hold an anchor (a whole number): '\(text.prefix(40))'. Remove it to start from the beginning.")
            throw ExitCode(ExitStatus.usage.rawValue)
        }
        return value
    }
}

/// Stop signals for the follower. A handler, not a thread's signal mask: the kernel may deliver a
/// process signal to any thread, so blocking it on one thread does not hold it. Outside a critical
/// section the handler ends the process at once (128 + signal, as the default action would);
/// inside one it only notes the signal, and the section's end exits.
enum FollowerSignals {
    nonisolated(unsafe) static var inCritical: sig_atomic_t = 0
    nonisolated(unsafe) static var pending: sig_atomic_t = 0

    static func install() {
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                if FollowerSignals.inCritical != 0 { FollowerSignals.pending = number } else { _exit(128 + number) }
            }
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, nil)
        }
    }

    static func critical(_ body: () -> Void) {
        inCritical = 1
        body()
        inCritical = 0
        if pending != 0 { _exit(128 + pending) }
    }
}
