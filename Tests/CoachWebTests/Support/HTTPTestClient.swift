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

