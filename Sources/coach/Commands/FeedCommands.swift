// `coach tmux setup` and `coach widget`: the status feed in tmux's status line and full screen.

import CoachWire
import ArgumentParser
import CoachCore
import CoachGateway
import CoachLanguage
import Foundation

struct TmuxCommand: ParsableCommand {
    static var configuration: CommandConfiguration { .words("tmux", subcommands: [TmuxSetupCommand.self]) }
}

struct TmuxSetupCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration { .words("setup", key: "tmux_setup") }

    @OptionGroup var options: GatewayOptions
    @Option(name: .customShort("L"), help: .words("tmux_setup", "socket_name", valueName: "name")) var socketName: String?
    @Option(name: .customShort("S"), help: .words("tmux_setup", "socket_path", valueName: "path")) var socketPath: String?

    func validate() throws {
        if socketName != nil && socketPath != nil { throw ValidationError(words: "tmux_setup", "both") }
        if socketName == nil, socketPath == nil, ProcessInfo.processInfo.environment["TMUX"] == nil {
            throw ValidationError(words: "tmux_setup", "not_inside")
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
        if changes.isEmpty { print(CLIWords.text("tmux_setup", "already")) }
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
        print(CLIWords.text("tmux_setup", "pushes"))
    }
}

struct WidgetCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration { .words("widget") }

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
