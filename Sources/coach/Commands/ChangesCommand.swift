// `coach changes`: the store's change feed as JSON lines, one page a line, for sync scripts.
// With --anchor-file the anchor is read at start and written after each line, so a script that
// is stopped and started again carries on where it was: no change missed, none repeated.

import ArgumentParser
import CoachGateway
import CoachWire
import Foundation

struct ChangesCommand: ParsableCommand {
    static var configuration: CommandConfiguration { .words("changes") }
    @OptionGroup var options: GatewayOptions
    @Option(help: .words("changes", "anchor")) var anchor: Int?
    @Option(name: .customLong("anchor-file"), help: .words("changes", "anchor_file", valueName: "file"))
    var anchorFile: String?
    @Flag(help: .words("changes", "follow")) var follow = false

    func validate() throws {
        if let anchor, anchor < 0 { throw ValidationError(words: "changes", "bad_anchor") }
        if anchor != nil && anchorFile != nil { throw ValidationError(words: "changes", "both") }
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
            OneShot.printError(CLIWords.text("changes", "cannot_write", ["file": anchorFile, "error": "\(error)"]))
        }
    }

    private func startAnchor() throws -> Int? {
        if let anchor { return anchor }
        guard let anchorFile, FileManager.default.fileExists(atPath: anchorFile) else { return nil }
        let text = (try? String(contentsOfFile: anchorFile, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        guard let value = Int(text), value >= 0 else {
            OneShot.printError(CLIWords.text("changes", "not_an_anchor", ["file": anchorFile, "text": String(text.prefix(40))]))
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
