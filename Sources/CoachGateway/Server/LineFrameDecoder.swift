// Framing: one request per line, with a hard limit. An over-long line is skipped up to its newline
// and reported, so one bad client line costs an error reply — never unbounded memory, never a crash.

import NIOCore

public enum InboundLine: Sendable {
    case line(String)
    case tooLong(bytes: Int)
}

public struct LineFrameDecoder: ByteToMessageDecoder {
    public typealias InboundOut = InboundLine

    /// The longest line accepted, in bytes (documented in docs/protocol.md).
    public static let defaultLimit = 64 * 1024

    /// Shared with the connection: a takeover (ConnectionControl) raises it.
    let shared: LineLimit
    private var discarding = false
    private var discarded = 0

    init(limit: Int = LineFrameDecoder.defaultLimit) { self.shared = LineLimit(limit) }
    init(limit: LineLimit) { self.shared = limit }

    public mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        let limit = shared.value
        guard let newline = buffer.readableBytesView.firstIndex(of: UInt8(ascii: "\n")) else {
            if buffer.readableBytes > limit {
                // Drop what we have and keep dropping until the newline that ends this line.
                discarded += buffer.readableBytes
                buffer.moveReaderIndex(to: buffer.writerIndex)
                discarding = true
            }
            return .needMoreData
        }
        let length = newline - buffer.readerIndex
        if discarding || length > limit {
            let total = discarded + length
            buffer.moveReaderIndex(forwardBy: length + 1)
            discarding = false
            discarded = 0
            context.fireChannelRead(wrapInboundOut(.tooLong(bytes: total)))
            return .continue
        }
        var line = buffer.readString(length: length) ?? ""
        buffer.moveReaderIndex(forwardBy: 1)
        if line.hasSuffix("\r") { line.removeLast() }
        context.fireChannelRead(wrapInboundOut(.line(line)))
        return .continue
    }

    /// A last line without a newline at EOF is still a request (clients that forget the newline
    /// should get an answer, not a hang).
    public mutating func decodeLast(context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool) throws -> DecodingState {
        while try decode(context: context, buffer: &buffer) == .continue {}
        if buffer.readableBytes > 0, !discarding {
            let line = buffer.readString(length: buffer.readableBytes) ?? ""
            context.fireChannelRead(wrapInboundOut(.line(line)))
        }
        buffer.moveReaderIndex(to: buffer.writerIndex)
        return .needMoreData
    }
}
