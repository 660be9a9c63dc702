// Options every command that talks to the gateway shares.

import CoachWire
import ArgumentParser
import CoachGateway
import CoachLanguage

struct GatewayOptions: ParsableArguments {
    @Option(name: .long, help: .words("gateway", "socket", discussion: "socket_default", valueName: "path"))
    var socket: String?

    @Option(name: .long, help: .words("gateway", "lang"))
    var lang: Language?

    @Flag(name: .long, help: .words("gateway", "json"))
    var json = false

    @Flag(name: .customLong("no-start"), help: .words("gateway", "no_start"))
    var noStart = false

    @Flag(name: .long, help: .words("gateway", "speak"))
    var speak = false

    @Option(name: .customLong("speak-to"), help: .words("gateway", "speak_to", valueName: "file"))
    var speakTo: String?

    /// `coach --as NAME …` (taken off the command line before parsing: `coach sensor add` has an
    /// `--as` of its own).
    var clientName: String? { ClientName.current }

    var location: SocketLocation { SocketLocation.resolve(explicit: socket) }
}
