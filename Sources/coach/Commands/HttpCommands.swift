// `coach http url`: the browser display's address with its token, for OBS or a phone. The running
// gateway says where it listens (the `endpoints` method); with none running, the settings'
// `http.listen` (else the default) is printed with a note. The token file is made on first use
// here as in the gateway. `--qr` draws it as a QR code for a phone (libqrencode4, loaded at run time).

import ArgumentParser
import CoachApp
import CoachGateway
import CoachSettings
import CoachWeb
import CoachWire
import Foundation

struct HttpCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "http", abstract: "The Live Activity in a browser (docs/web.md).",
        subcommands: [HttpURLCommand.self])
}

struct HttpURLCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "url", abstract: "Print the widget page's URL with its access token.",
        discussion: """
            The URL carries the token ($XDG_CONFIG_HOME/coach/http-token, made 0600 on first use):
            whoever has it sees the workout. Delete the file and restart the gateway for a new one.

            Examples:
              coach http url                     # http://127.0.0.1:8787/?token=…
              coach http url --overlay           # the transparent layout for an OBS browser source
              coach http url --qr                # and a QR code to scan with a phone (needs libqrencode4)
            """)

    @Option(name: .long, help: ArgumentHelp("The gateway's socket.", valueName: "path")) var socket: String?
    @Flag(name: .long, help: "The overlay layout (transparent background, for OBS).") var overlay = false
    @Flag(name: .long, help: "Also draw the URL as a QR code (Debian's libqrencode4, loaded at run time).") var qr = false
    @Flag(name: .long, help: "With --qr: dark modules in the terminal's text colour (for dark text on a light background).")
    var inverted = false

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let token: String
        do { token = try TokenFile.load(path: TokenFile.defaultPath(environment: environment), note: { OneShot.printError($0) }) } catch {
            OneShot.printError("http: \(error.description)")
            throw ExitCode.failure
        }
        var base: String
        if let running = Self.runningURL(socket: socket) {
            base = running
        } else {
            let settings = GatewaySettings.load(environment: environment)
            let address = settings.settings.http.listen.flatMap(ListenAddress.init) ?? ListenAddress(host: "127.0.0.1", port: ListenAddress.defaultPort)
            base = "http://\(address.urlHost):\(address.port)/"
            OneShot.printError("no gateway serves the browser display now: start it with `coach serve --http \(address)` or set http.listen (docs/web.md)")
        }
        if !base.hasSuffix("/") { base += "/" }
        let url = base + "?token=" + token + (overlay ? "&layout=overlay" : "")
        print(url)
        guard qr else { return }
        do {
            print(QRText.render(try QRCode.modules(url), inverted: inverted))
        } catch {
            OneShot.printError("no QR code: \(error)")
            throw ExitCode.failure
        }
    }

    /// The running gateway's HTTP display, if a gateway runs and it listens.
    static func runningURL(socket: String?) -> String? {
        guard let client = try? GatewayClient(location: SocketLocation.resolve(explicit: socket)),
              let endpoints = try? client.call("endpoints", .object([])) else { return nil }
        return endpoints["http"]?.stringValue
    }
}
