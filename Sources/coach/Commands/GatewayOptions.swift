// Options every command that talks to the gateway shares.

import CoachWire
import ArgumentParser
import CoachGateway
import CoachLanguage

struct GatewayOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The gateway's socket.", discussion: "Default: $COACH_SOCKET, else $XDG_RUNTIME_DIR/coach/coach.sock, else /tmp/coach-$UID/coach.sock.", valueName: "path"))
    var socket: String?

    @Option(name: .long, help: "Language of replies and utterances (en or ja).")
    var lang: Language?

    @Flag(name: .long, help: "Print the reply as one JSON object.")
    var json = false

    @Flag(name: .customLong("no-start"), help: "Do not start a gateway when none is running.")
    var noStart = false

    var location: SocketLocation { SocketLocation.resolve(explicit: socket) }
}
