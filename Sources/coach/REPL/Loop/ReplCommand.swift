// ReplCommand: the lines that start with "/" — parsed here, performed by ReplInterpreter. Pure, so
// every spelling the REPL accepts is tested without a terminal.

import CoachWire
import CoachCore

enum ReplCommand: Sendable, Hashable {
    case help
    case status
    case wait(Duration)
    case sample(type: String, value: Double, unit: String?)
    case lock
    case unlock
    case language(Language)
    case json(Bool)
    case speak(Bool)
    /// `/listen on [FILE]` (the microphone, or a WAV file) and `/listen off`.
    case listen(Bool, input: String?)
    case quit

    /// Names for `/help` and Tab, in the order `/help` lists them.
    static let names = ["/help", "/status", "/wait", "/sample", "/lock", "/unlock", "/lang", "/json", "/speak", "/listen", "/quit"]

    /// Parses a line that starts with "/". Throws a usage message for anything malformed.
    static func parse(_ line: String) throws(ReplUsageError) -> ReplCommand {
        let words = line.split(whereSeparator: \.isWhitespace).map(String.init)
        guard let name = words.first?.lowercased() else { throw ReplUsageError("empty command") }
        let arguments = Array(words.dropFirst())
        func expect(_ count: ClosedRange<Int>, _ usage: String) throws(ReplUsageError) {
            guard count.contains(arguments.count) else { throw ReplUsageError("usage: \(usage)") }
        }
        switch name {
        case "/help", "/?":
            return .help
        case "/status":
            try expect(0...0, "/status")
            return .status
        case "/wait":
            try expect(1...1, "/wait DURATION (e.g. 60s, 1m30s, 2m)")
            guard let duration = parseDuration(arguments[0]) else {
                throw ReplUsageError("not a duration: \(arguments[0]) (e.g. 60s, 1m30s, 2m)")
            }
            return .wait(duration)
        case "/sample":
            try expect(2...3, "/sample TYPE VALUE [UNIT] (e.g. /sample heartRate 150, /sample distance 1.2 km)")
            guard let value = Double(arguments[1]) else { throw ReplUsageError("not a number: \(arguments[1])") }
            return .sample(type: arguments[0], value: value, unit: arguments.count == 3 ? arguments[2] : nil)
        case "/lock":
            return .lock
        case "/unlock":
            return .unlock
        case "/lang":
            try expect(1...1, "/lang en|ja")
            guard let language = Language(rawValue: arguments[0].lowercased()) else {
                throw ReplUsageError("usage: /lang en|ja")
            }
            return .language(language)
        case "/json":
            try expect(1...1, "/json on|off")
            switch arguments[0].lowercased() {
            case "on": return .json(true)
            case "off": return .json(false)
            default: throw ReplUsageError("usage: /json on|off")
            }
        case "/speak":
            try expect(1...1, "/speak on|off")
            switch arguments[0].lowercased() {
            case "on": return .speak(true)
            case "off": return .speak(false)
            default: throw ReplUsageError("usage: /speak on|off")
            }
        case "/listen":
            try expect(1...2, "/listen on [FILE.wav] | off")
            switch (arguments[0].lowercased(), arguments.count) {
            case ("on", _): return .listen(true, input: arguments.count == 2 ? arguments[1] : nil)
            case ("off", 1): return .listen(false, input: nil)
            default: throw ReplUsageError("usage: /listen on [FILE.wav] | off")
            }
        case "/quit", "/exit", "/q":
            return .quit
        default:
            throw ReplUsageError("unknown command \(name) (try /help)")
        }
    }

    /// "60s", "1m30s", "2m", "1h", "90" (seconds), "1.5m". Nil for anything else or for zero.
    static func parseDuration(_ text: String) -> Duration? { DurationText.parse(text) }
}

/// A malformed REPL command; the message is shown as is.
struct ReplUsageError: Error, Sendable, Hashable {
    var message: String
    init(_ message: String) { self.message = message }
}
