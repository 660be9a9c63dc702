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

    @Flag(name: .long, help: "Also speak the reply (espeak-ng; Japanese with Open JTalk, docs/voice.md).")
    var speak = false

    @Option(name: .customLong("speak-to"), help: ArgumentHelp("Speak the reply into this WAV file instead of the speaker.", valueName: "file"))
    var speakTo: String?

    /// `coach --as NAME …` (taken off the command line before parsing: `coach sensor add` has an
    /// `--as` of its own).
    var clientName: String? { ClientName.current }

    var location: SocketLocation { SocketLocation.resolve(explicit: socket) }
}
