// Blocking TCP sockets on loopback, as tests need them raw: connect (from a chosen loopback address,
// to be another peer), send all, and tell whether the other side has closed — nothing between the
// test and the bytes.

import Foundation
#if canImport(Glibc)
import Glibc
#endif

public struct LoopbackSocketError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// Connects to 127.0.0.1:port; `receiveBuffer` sets SO_RCVBUF before connecting (a small window);
/// `source` binds the connection to another loopback address first (127.0.0.2: another peer).
public func connectLoopback(port: Int, receiveBuffer: Int? = nil, source: String? = nil) throws -> Int32 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw LoopbackSocketError("socket: \(errno)") }
    if var size = receiveBuffer.map(Int32.init) {
        setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    }
    var timeout = timeval(tv_sec: 20, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    if let source {
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        local.sin_addr.s_addr = inet_addr(source)
        let bound = withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { close(fd); throw LoopbackSocketError("bind \(source): \(errno)") }
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let result = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard result == 0 else { close(fd); throw LoopbackSocketError("connect 127.0.0.1:\(port): \(errno)") }
    return fd
}

public func sendAll(_ fd: Int32, _ text: String) throws {
    let bytes = Array(text.utf8)
    var sent = 0
    while sent < bytes.count {
        let n = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard n > 0 else { throw LoopbackSocketError("send: \(errno)") }
        sent += n
    }
}

/// Whether the other side closed the connection within `seconds` (end of stream or a reset);
/// false when it is still open then. Any bytes that arrive first are read and ignored.
public func peerClosed(_ fd: Int32, within seconds: Double) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
        let left = deadline.timeIntervalSinceNow
        if left <= 0 { return false }
        var pollfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ready = poll(&pollfd, 1, Int32(max(1, left * 1000)))
        if ready == 0 { return false }
        if ready < 0 { if errno == EINTR { continue } else { return true } }
        let n = recv(fd, &chunk, chunk.count, Int32(MSG_DONTWAIT))
        if n == 0 { return true }
        if n < 0 { if errno == EAGAIN || errno == EINTR { continue } else { return true } }
    }
}
