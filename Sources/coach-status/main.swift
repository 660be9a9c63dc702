// coach-status: the status line in one quick process, for tmux's `#(coach-status tmux)` and bars
// that poll. It asks the running gateway to render (`feed.render`) and prints the line. CoachWire
// and Glibc only — no Foundation, NIO or SQLite to load — because a poller pays the start-up every
// time.
//
// Usage: coach-status [text|json|tmux|waybar|i3bar|polybar] [--presentation compact|minimal|expanded]
//                     [--lang en|ja] [--socket PATH]
// No gateway: prints an empty line (a bar then shows nothing) and exits 69. A socket another user
// controls: says so on stderr, prints an empty line and exits 77 (nothing is sent to it).

import CoachWire
#if canImport(Glibc)
import Glibc
#endif

func fail(_ message: String, status: ExitStatus) -> Never {
    if status != .unreachable {
        let line = "coach-status: \(message)\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
    }
    if status == .unreachable || status == .noPermission { print("") }
    exit(status.rawValue)
}

var format = "tmux", presentation: String?, language = "en", explicitSocket: String?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--socket": explicitSocket = arguments.popFirst()
    case "--lang": language = arguments.popFirst() ?? "en"
    case "--presentation": presentation = arguments.popFirst()
    case "-h", "--help":
        print("usage: coach-status [text|json|tmux|waybar|i3bar|polybar] [--presentation P] [--lang en|ja] [--socket PATH]")
        exit(0)
    default:
        guard ["text", "json", "tmux", "waybar", "i3bar", "polybar"].contains(argument) else {
            fail("unknown argument '\(argument)' (see --help)", status: .usage)
        }
        format = argument
    }
}

let location = SocketLocation.resolve(explicit: explicitSocket)
var params: [(String, JSONValue)] = [("format", .string(format)), ("lang", .string(language))]
if let presentation { params.append(("presentation", .string(presentation))) }
let client: GatewayClient
do { client = try GatewayClient(location: location) } catch {
    if case .untrusted(let refusal) = error { fail(refusal.description, status: .noPermission) }
    fail("no gateway at \(location.path)", status: .unreachable)
}
do {
    print(try client.call("feed.render", .object(params), as: FeedRenderResult.self).text)
} catch {
    fail(error.description, status: .failure)
}
