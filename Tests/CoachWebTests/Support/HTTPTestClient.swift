// A plain HTTP/1.1 client over a blocking TCP socket, as a test needs one: nothing between the
// test and the bytes (no URLSession, no EventSource), so the framing itself is what is checked.
// `fetch` does one request and reads to the end; `SSEClient` follows an event stream on a thread
// of its own (never a thread of Swift's 2-thread pool), decoding chunks, events and comments.

@_exported import CoachTestSupport
import Foundation
#if canImport(Glibc)
import Glibc
#endif

struct HTTPTestError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Connects to 127.0.0.1:port; `receiveBuffer` sets SO_RCVBUF before connecting (a small window).
func connectLoopback(port: Int, receiveBuffer: Int? = nil) throws -> Int32 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw HTTPTestError("socket: \(errno)") }
    if var size = receiveBuffer.map(Int32.init) {
        setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    }
    var timeout = timeval(tv_sec: 20, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let result = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard result == 0 else { close(fd); throw HTTPTestError("connect 127.0.0.1:\(port): \(errno)") }
    return fd
}

func sendAll(_ fd: Int32, _ text: String) throws {
    let bytes = Array(text.utf8)
    var sent = 0
    while sent < bytes.count {
        let n = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard n > 0 else { throw HTTPTestError("send: \(errno)") }
        sent += n
    }
}

func requestText(_ method: String, _ target: String, headers: [String: String] = [:], body: String? = nil,
                 version: String = "HTTP/1.1") -> String {
    var text = "\(method) \(target) \(version)\r\nHost: 127.0.0.1\r\n"
    for (name, value) in headers.sorted(by: { $0.key < $1.key }) { text += "\(name): \(value)\r\n" }
    if let body { text += "Content-Length: \(body.utf8.count)\r\n" }
    return text + "\r\n" + (body ?? "")
}

struct HTTPTestResponse: Sendable {
    var status: Int
    var headers: [String: String]  // lower-cased names
    var body: String
}

/// Splits a response head ("HTTP/1.1 200 OK\r\nName: value…") into status and headers.
func parseHead(_ text: String) -> (Int, [String: String])? {
    let lines = text.components(separatedBy: "\r\n")
    guard let first = lines.first, first.hasPrefix("HTTP/1."), let status = Int(first.split(separator: " ")[1]) else { return nil }
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
        guard let colon = line.firstIndex(of: ":") else { continue }
        headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    return (status, headers)
}

/// One request with `Connection: close`, read to the end (blocking: call from a thread of its own).
func fetch(port: Int, _ method: String, _ target: String, headers: [String: String] = [:], body: String? = nil) throws -> HTTPTestResponse {
    let fd = try connectLoopback(port: port)
    defer { close(fd) }
    try sendAll(fd, requestText(method, target, headers: headers.merging(["Connection": "close"]) { $1 }, body: body))
    var data = [UInt8]()
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = recv(fd, &chunk, chunk.count, 0)
        if n <= 0 { break }
        data += chunk[..<n]
    }
    let text = String(decoding: data, as: UTF8.self)
    guard let split = text.range(of: "\r\n\r\n"), let (status, headers) = parseHead(String(text[..<split.lowerBound])) else {
        throw HTTPTestError("no HTTP response: \(text.prefix(200))")
    }
    return HTTPTestResponse(status: status, headers: headers, body: String(text[split.upperBound...]))
}

