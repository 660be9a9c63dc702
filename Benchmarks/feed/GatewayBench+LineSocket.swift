// The benchmark's own line client of the gateway socket: non-blocking reads, so each reply and
// notification can be timed as it arrives (the one client, GatewayClient, blocks until a line is
// whole, which is what every command wants and what a timing loop must not do).

import CoachWire
import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension GatewayBench {
    final class LineSocket: @unchecked Sendable {
        let fd: Int32
        private var buffer: [UInt8] = []
        private var chunk = [UInt8](repeating: 0, count: 16384)  // read into, reused

        init(path: String) throws {
            fd = RawSocket.stream()
            guard fd >= 0 else { throw Failure("socket: \(String(cString: strerror(errno)))") }
            let connected = RawSocket.connect(fd, path)
            guard connected == 0 else {
                let message = String(cString: strerror(connected))
                close(fd)
                throw Failure("connect \(path): \(message)")
            }
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }

        deinit { close(fd) }

        func send(_ line: String) throws {
            var bytes = Array((line + "\n").utf8)[...]
            while !bytes.isEmpty {
                let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                if written < 0 {
                    if errno == EINTR { continue }
                    if errno == EAGAIN { var p = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0); _ = poll(&p, 1, 1000); continue }
                    throw Failure("write: \(String(cString: strerror(errno)))")
                }
                bytes = bytes.dropFirst(written)
            }
        }

        /// Reads what is there without blocking; false at end of file.
        @discardableResult
        func fill() -> Bool {
            while true {
                let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if count > 0 { buffer += chunk[0..<count]; continue }
                if count < 0, errno == EINTR { continue }
                return count != 0
            }
        }

        /// A complete line already read, if any.
        func nextLine() -> String? {
            guard let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
            defer { buffer.removeSubrange(...newline) }
            return String(decoding: buffer[..<newline], as: UTF8.self)
        }

        /// Blocks (poll) until a whole line arrives or the timeout passes.
        func readLine(timeout: Double = 10) throws -> String {
            let deadline = Date().addingTimeInterval(timeout)
            while true {
                if let line = nextLine() { return line }
                guard Date() < deadline else { throw Failure("no reply within \(timeout) s") }
                var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                _ = poll(&p, 1, 100)
                guard fill() else { throw Failure("the gateway closed the connection") }
            }
        }

        /// Sends a request and returns the reply with that id (skipping notifications).
        func call(_ id: Int, _ method: String, _ params: String = "{}") throws -> String {
            try send(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#)
            while true {
                let line = try readLine()
                if line.contains(#""id":\#(id)"#) {
                    if line.contains(#""error""#) { throw Failure("\(method): \(line)") }
                    return line
                }
            }
        }

        func discardAll() {
            fill()
            buffer.removeAll(keepingCapacity: true)
        }

        /// True (and the buffer emptied) once a line containing `needle` was read. Bytes, not
        /// Strings: as Strings (Foundation's `contains`, a fresh 16 KB read buffer per call) the
        /// client's own work spread 1 000 subscribers' receipts over milliseconds, for the C floor
        /// as much as for the gateway (perf: CFStringFind the top symbol of the whole run).
        func scan(for needle: [UInt8]) -> Bool {
            let found = buffer.withUnsafeBufferPointer { bytes in
                guard let first = needle.first, bytes.count >= needle.count else { return false }
                var at = 0
                while at + needle.count <= bytes.count {
                    if bytes[at] == first, bytes[at..<(at + needle.count)].elementsEqual(needle) { return true }
                    at += 1
                }
                return false
            }
            if found {
                buffer.removeAll(keepingCapacity: true)
            } else if let newline = buffer.lastIndex(of: UInt8(ascii: "\n")) {
                buffer.removeSubrange(...newline)  // whole lines without it; a partial one stays
            }
            return found
        }
    }
}
