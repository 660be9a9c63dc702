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
    static var configuration: CommandConfiguration { .words("http", subcommands: [HttpURLCommand.self]) }
}

struct HttpURLCommand: ParsableCommand {
    static var configuration: CommandConfiguration { .words("url", key: "http_url") }

    @Option(name: .long, help: .words("http_url", "socket", valueName: "path")) var socket: String?
    @Flag(name: .long, help: .words("http_url", "overlay")) var overlay = false
    @Flag(name: .long, help: .words("http_url", "qr")) var qr = false
    @Flag(name: .long, help: .words("http_url", "inverted"))
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
            OneShot.printError(CLIWords.text("http_url", "no_gateway", ["address": "\(address)"]))
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
