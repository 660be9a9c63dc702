// `coach tmux setup` and `coach widget`: the status feed in tmux's status line and full screen.

import CoachWire
import ArgumentParser
import CoachCore
import CoachGateway
import CoachLanguage
import Foundation

struct TmuxCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tmux", abstract: "Show the workout in tmux's status line.",
        subcommands: [TmuxSetupCommand.self])
}

struct TmuxSetupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "setup", abstract: "Put #{@coach} in a tmux server's status line and push every change into it.",
        discussion: """
            Adds #{@coach} to status-right (unless you already placed #{@coach} somewhere) and asks
            the gateway to push each change into the @coach user option of that tmux server through
            one control-mode client — no #() polling. Run it inside tmux, or name the server.

            Examples:
              coach tmux setup                 # the tmux this shell runs in ($TMUX)
              coach tmux setup -L work         # tmux -L work
              tmux set -g status-right '#{@coach} %H:%M'   # your own placement; then run setup
            """)

    @OptionGroup var options: GatewayOptions
    @Option(name: .customShort("L"), help: ArgumentHelp("The tmux server's socket name (as tmux -L).", valueName: "name")) var socketName: String?
    @Option(name: .customShort("S"), help: ArgumentHelp("The tmux server's socket path (as tmux -S).", valueName: "path")) var socketPath: String?

    func validate() throws {
        if socketName != nil && socketPath != nil { throw ValidationError("Give -L or -S, not both.") }
        if socketName == nil, socketPath == nil, ProcessInfo.processInfo.environment["TMUX"] == nil {
            throw ValidationError("Not inside tmux: run this in tmux, or name the server with -L NAME or -S PATH.")
        }
    }

    /// An explicit server: the gateway runs elsewhere and does not share this shell's $TMUX.
    var target: TmuxTarget {
        if let socketName { return .socketName(socketName) }
        if let socketPath { return .socketPath(socketPath) }
        let tmux = ProcessInfo.processInfo.environment["TMUX"] ?? ""
        return .socketPath(String(tmux.split(separator: ",").first ?? ""))
    }

    func run() async throws {
        let changes: [TmuxSetupChange]
        do { changes = try await TmuxSetup.apply(target: target) } catch {
            OneShot.printError("\(error)")
            throw ExitCode.failure
        }
        for change in changes { print(change.description) }
        if changes.isEmpty { print("#{@coach} is already in your status line.") }
        var params: [(String, JSONValue)] = []
        switch target {
        case .socketName(let name): params.append(("socketName", .string(name)))
        case .socketPath(let path): params.append(("socketPath", .string(path)))
        case .default: break
        }
        // On the main thread: connecting may start a gateway and wait for it (blocking calls).
        try await MainActor.run { [options, params] in
            let client = try OneShot.connect(options)
            do { _ = try client.call("tmux.follow", .object(params)) } catch {
                OneShot.printError("\(error)")
                throw ExitCode(ExitStatus.unreachable.rawValue)
            }
        }
        print("The gateway now pushes every change into @coach.")
    }
}

struct WidgetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "widget", abstract: "A full-screen, lock-screen-style view of the workout.",
        discussion: "Large clock, activity, state, metrics and goal progress; metrics hidden while locked (coach lock). q or Ctrl-C leaves.")

    @OptionGroup var options: GatewayOptions

    func run() async throws {
        let client = try OneShot.connect(options)
        do { _ = try client.call("subscribe", ["events": false, "status": false, "feed": true]) } catch {
            OneShot.printError(error.description)
            throw ExitCode(ExitStatus.unreachable.rawValue)
        }
        let (contents, sink) = AsyncStream.makeStream(of: LiveActivityContent.self, bufferingPolicy: .bufferingNewest(1))
        // The blocking socket is read on its own thread; the widget redraws from the stream.
        let reader = Thread {
            while let params = try? client.nextNotification("feed") {
                if let content = try? StatusCommand.decode(params) { sink.yield(content) }
            }
            sink.finish()
        }
        reader.start()
        await WidgetRunner.run(contents: contents, language: options.lang == .ja ? .ja : .en)
    }
}
