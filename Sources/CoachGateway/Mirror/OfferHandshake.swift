// The primary's first exchange on a stream it opened to offer mirroring: one `mirror.accept`
// request out, one reply line in, read a byte at a time so that not one byte past the reply is
// taken from the socket — everything after it belongs to the connection the primary serves next.
// Blocking reads with a deadline, on a thread of their own (never on Swift's few pool threads).

import CoachCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

enum OfferHandshake {
    enum Answer: Sendable {
        /// The mirror accepted: its result (`{"accepted":true,"mirror":NAME}`).
        case accepted(JSONValue)
        /// The mirror's gateway said no, and why.
        case refused(String)
        /// The stream ended before a reply (ssh or the bridge exited: their exit says why).
        case ended
        case timedOut
    }

    /// The longest reply line read (a refusal's words; an accept is a few dozen bytes).
    static let maximumReply = 64 * 1024

    static func exchange(descriptor: Int32, request: String, timeout: Duration) async -> Answer {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: run(descriptor: descriptor, request: request, timeout: timeout)) }.start()
        }
    }

    private static func run(descriptor: Int32, request: String, timeout: Duration) -> Answer {
        var bytes = Array((request + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent < 0 {
                if errno == EINTR { continue }
                return .ended
            }
            offset += sent
        }
        bytes = []
        let deadline = ContinuousClock.now + timeout
        while true {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return .timedOut }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(clamping: Int64(left.seconds * 1000) + 1))
            if ready < 0 {
                if errno == EINTR { continue }
                return .ended
            }
            if ready == 0 { continue }
            var byte: UInt8 = 0
            let count = read(descriptor, &byte, 1)
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return .ended
            }
            if count == 0 { return .ended }
            if byte == UInt8(ascii: "\n") { return answer(String(decoding: bytes, as: UTF8.self)) }
            bytes.append(byte)
            if bytes.count > maximumReply { return .refused("an answer longer than \(maximumReply) bytes") }
        }
    }

    /// The reply line, sorted: a result accepts; an error (with its id, or none: the uid refusal) refuses.
    static func answer(_ line: String) -> Answer {
        switch RPCExchange.classify(line) {
        case .reply(_, .success(let result)): return .accepted(result)
        case .reply(_, .failure(let error)): return .refused(error.message)
        case .other(let message): return .refused(message["error"]?["message"]?.stringValue ?? message.serialized())
        case .notification(let method, _): return .refused("a \(method) notification instead of an answer")
        case .unreadable(let text): return .refused("not a gateway's answer: \(text.prefix(200))")
        }
    }
}
