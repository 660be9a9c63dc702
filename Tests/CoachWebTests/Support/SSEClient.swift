// SSEClient: an event-stream follower over HTTPTestClient's socket. A reader thread decodes the
// chunked body into events (with their arrival instant) and comments; the test polls with a
// deadline. `reading: false` opens the stream and then never reads: the stuck client.

import Foundation
#if canImport(Glibc)
import Glibc
#endif

struct SSEEvent: Sendable {
    var event: String?
    var id: String?
    var data: String
    var arrived: ContinuousClock.Instant
}

final class SSEClient: @unchecked Sendable {
    let fd: Int32
    let status: Int
    let headers: [String: String]
    private let lock = NSLock()
    private var _events: [SSEEvent] = []
    private var _comments: [String] = []
    private var _retry: Int?
    private var _ended = false
    private var closed = false
    private let reading: Bool

    var events: [SSEEvent] { lock.withLock { _events } }
    var comments: [String] { lock.withLock { _comments } }
    var retry: Int? { lock.withLock { _retry } }
    /// The server closed the stream (or it failed).
    var ended: Bool { lock.withLock { _ended } }

    /// Opens `GET target` and reads the response head (blocking: call through `onThread`).
    init(port: Int, target: String, headers: [String: String] = [:], receiveBuffer: Int? = nil, reading: Bool = true) throws {
        fd = try connectLoopback(port: port, receiveBuffer: receiveBuffer)
        try sendAll(fd, requestText("GET", target, headers: headers.merging(["Accept": "text/event-stream"]) { $1 }))
        // The head, byte by byte: nothing of the body may be taken off the socket here.
        var head = [UInt8]()
        var byte: UInt8 = 0
        while !head.ends(with: Array("\r\n\r\n".utf8)) {
            guard recv(fd, &byte, 1, 0) == 1 else { close(fd); throw HTTPTestError("no response head") }
            head.append(byte)
        }
        guard let (status, headers) = parseHead(String(decoding: head.dropLast(4), as: UTF8.self)) else {
            close(fd)
            throw HTTPTestError("bad response head")
        }
        self.status = status
        self.headers = headers
        self.reading = reading && status == 200
        if self.reading {
            let thread = Thread { [self] in readLoop(chunked: headers["transfer-encoding"] == "chunked") }
            thread.start()
        }
    }

    deinit { stop() }

    func stop() {
        let first = lock.withLock { () -> Bool in
            defer { closed = true }
            return !closed
        }
        guard first else { return }
        // The reader thread closes the descriptor once it sees the end; without one, close here.
        if reading { shutdown(fd, Int32(SHUT_RDWR)) } else { close(fd) }
    }

    /// Reads what the socket holds now without waiting (the stuck client, at the end of a test):
    /// the number of bytes, and whether the server had closed the stream.
    func drain() -> (bytes: Int, closed: Bool) {
        var total = 0
        var chunk = [UInt8](repeating: 0, count: 65536)
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        while true {
            let n = recv(fd, &chunk, chunk.count, 0)
            if n == 0 { return (total, true) }
            if n < 0 { return (total, false) }
            total += n
        }
    }

    /// Polls until `predicate` holds for the events so far, or the deadline.
    func wait(for timeout: Duration = .seconds(60), until predicate: ([SSEEvent]) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if predicate(events) { return true }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return predicate(events)
    }

    private func readLoop(chunked: Bool) {
        var raw = [UInt8]()
        var body = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 65536)
        var line = [UInt8]()
        var fields: (event: String?, id: String?, data: [String]) = (nil, nil, [])
        var timeout = timeval(tv_sec: 3600, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        while true {
            let n = recv(fd, &chunk, chunk.count, 0)
            if n <= 0 { break }
            let now = ContinuousClock.now
            if chunked {
                raw += chunk[..<n]
                // Chunks: hex size CRLF, bytes, CRLF; whatever is whole so far.
                while let crlf = raw.firstRange(of: [13, 10]) {
                    guard let size = Int(String(decoding: raw[..<crlf.lowerBound], as: UTF8.self), radix: 16),
                          raw.count >= crlf.upperBound + size + 2 else { break }
                    body += raw[crlf.upperBound..<(crlf.upperBound + size)]
                    raw.removeFirst(crlf.upperBound + size + 2)
                }
            } else {
                body += chunk[..<n]
            }
            for byte in body {
                guard byte == 10 else { line.append(byte); continue }
                let text = String(decoding: line, as: UTF8.self)
                line.removeAll()
                if text.isEmpty {
                    if !fields.data.isEmpty {
                        let event = SSEEvent(event: fields.event, id: fields.id, data: fields.data.joined(separator: "\n"), arrived: now)
                        lock.withLock { _events.append(event) }
                    }
                    fields = (nil, nil, [])
                } else if text.hasPrefix(":") {
                    lock.withLock { _comments.append(String(text.dropFirst()).trimmingCharacters(in: .whitespaces)) }
                } else if let colon = text.firstIndex(of: ":") {
                    var value = text[text.index(after: colon)...]
                    if value.first == " " { value = value.dropFirst() }
                    switch text[..<colon] {
                    case "event": fields.event = String(value)
                    case "id": fields.id = String(value)
                    case "data": fields.data.append(String(value))
                    case "retry": lock.withLock { _retry = Int(value) }
                    default: break
                    }
                }
            }
            body.removeAll()
        }
        lock.withLock { _ended = true }
        close(fd)
    }
}

extension Array where Element == UInt8 {
    func ends(with suffix: [UInt8]) -> Bool { count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix }
}

extension SSEEvent {
    /// The status's JSON as a dictionary (nil for other events).
    var object: [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(data.utf8))) as? [String: Any]
    }
    var heartRate: Int? { ((object?["metrics"] as? [String: Any])?["heartRate"] as? NSNumber)?.intValue }
    var sequence: UInt64? { id.flatMap { $0.split(separator: "-").last.flatMap { UInt64($0) } } }
}
