// coach-status: the status line in one quick process, for tmux's `#(coach-status tmux)` and bars
// that poll. It asks the running gateway to render (`feed.render`) and prints the line. Glibc
// only — no Foundation, NIO or SQLite to load — because a poller pays the start-up every time.
//
// Usage: coach-status [text|json|tmux|waybar|i3bar|polybar] [--presentation compact|minimal|expanded]
//                     [--lang en|ja] [--socket PATH]
// No gateway: prints an empty line (a bar then shows nothing) and exits 69.

#if canImport(Glibc)
import Glibc
#endif

func environment(_ name: String) -> String? {
    guard let value = getenv(name) else { return nil }
    let text = String(cString: value)
    return text.isEmpty ? nil : text
}

/// The same lookup as `coach`: --socket, $COACH_SOCKET, $XDG_RUNTIME_DIR/coach/coach.sock, /tmp/coach-$UID.
func socketPath(_ explicit: String?) -> String {
    explicit ?? environment("COACH_SOCKET") ?? environment("XDG_RUNTIME_DIR").map { $0 + "/coach/coach.sock" }
        ?? "/tmp/coach-\(getuid())/coach.sock"
}

func fail(_ message: String, status: Int32) -> Never {
    if status != 69 {
        let line = "coach-status: \(message)\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
    } else {
        print("")
    }
    exit(status)
}

/// `"…"` → the JSON-escaped literal for a request.
func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case _ where scalar.value < 0x20: out += " "
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}

/// The string value of `"result":"…"` in a reply line, unescaped; nil if there is none.
func resultString(_ reply: [UInt8]) -> String? {
    let key = Array("\"result\":\"".utf8)
    guard let start = (0...(max(0, reply.count - key.count))).first(where: { Array(reply[$0..<min($0 + key.count, reply.count)]) == key })
    else { return nil }
    var bytes: [UInt8] = []
    var index = start + key.count
    while index < reply.count {
        let byte = reply[index]
        if byte == UInt8(ascii: "\"") { return String(decoding: bytes, as: UTF8.self) }
        if byte == UInt8(ascii: "\\"), index + 1 < reply.count {
            index += 1
            switch reply[index] {
            case UInt8(ascii: "n"): bytes.append(0x0A)
            case UInt8(ascii: "t"): bytes.append(0x09)
            case UInt8(ascii: "r"): bytes.append(0x0D)
            case UInt8(ascii: "u") where index + 4 < reply.count:
                let hex = String(decoding: reply[(index + 1)...(index + 4)], as: UTF8.self)
                if let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code) {
                    bytes += Array(String(scalar).utf8)
                }
                index += 4
            default: bytes.append(reply[index])
            }
        } else {
            bytes.append(byte)
        }
        index += 1
    }
    return nil
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
            fail("unknown argument '\(argument)' (see --help)", status: 64)
        }
        format = argument
    }
}

signal(SIGPIPE, SIG_IGN)
let path = socketPath(explicitSocket)
let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
var address = sockaddr_un()
address.sun_family = sa_family_t(AF_UNIX)
let pathBytes = Array(path.utf8)
guard fd >= 0, pathBytes.count < MemoryLayout.size(ofValue: address.sun_path) else { fail("bad socket path", status: 69) }
withUnsafeMutableBytes(of: &address.sun_path) { raw in
    raw.copyBytes(from: pathBytes)
    raw[pathBytes.count] = 0
}
let connected = withUnsafePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
}
guard connected == 0 else { fail("no gateway at \(path)", status: 69) }

var request = #"{"jsonrpc":"2.0","id":1,"method":"feed.render","params":{"format":"# + quoted(format) + #","lang":"# + quoted(language)
if let presentation { request += #","presentation":"# + quoted(presentation) }
request += "}}\n"
_ = request.withCString { write(fd, $0, strlen($0)) }

var reply: [UInt8] = []
var chunk = [UInt8](repeating: 0, count: 16384)
while !reply.contains(UInt8(ascii: "\n")) {
    let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    if count < 0 && errno == EINTR { continue }
    guard count > 0 else { break }
    reply += chunk[..<count]
}
guard let text = resultString(reply) else { fail("unexpected reply: \(String(decoding: reply, as: UTF8.self))", status: 1) }
print(text)
