// The Wyoming protocol's framing (rhasspy/wyoming, the protocol Home Assistant hands speech and
// text to other programs with): one JSON header line — `type`, optional inline `data`,
// `data_length` and `payload_length` — then that many bytes of JSON data (merged into `data`) and
// of binary payload (audio, which Coach skips). Pure: bytes in, frames or a protocol error out.

import CoachWire

public struct WyomingFrame: Sendable, Hashable {
    public var type: String
    /// Always an object (empty when the event carried none).
    public var data: JSONValue

    public init(type: String, data: JSONValue = .object([])) {
        self.type = type
        self.data = data
    }

    /// The event as it goes on the wire: the header line with `data_length`, then the data.
    public var encoded: [UInt8] {
        let body = Array(data.serialized().utf8)
        var header: [(String, JSONValue)] = [("type", .string(type)), ("version", .string(Self.protocolVersion))]
        if case .object(let members) = data, !members.isEmpty { header.append(("data_length", .number(Double(body.count)))) }
        var bytes = Array(JSONValue.object(header).serialized().utf8) + [UInt8(ascii: "\n")]
        if header.count == 3 { bytes += body }
        return bytes
    }

    /// The protocol version Coach speaks (the version field is informational to peers).
    public static let protocolVersion = "1.5.0"
}

/// Why a connection's bytes are not Wyoming: answered with an `error` event, then that connection
/// (only) is closed.
public struct WyomingProtocolError: Error, Sendable, Hashable, CustomStringConvertible {
    public var reason: String
    public var description: String { reason }
}

/// Frames from a byte stream, as they complete; a frame split across reads waits for its rest.
public struct WyomingDecoder: Sendable {
    public static let maximumHeader = 64 * 1024
    public static let maximumData = 1024 * 1024
    public static let maximumPayload = 16 * 1024 * 1024

    private var buffer: [UInt8] = []
    /// A header read, waiting for its data (and payload) bytes.
    private var pending: (type: String, data: [(String, JSONValue)], dataLength: Int, payloadLength: Int)?

    public init() {}

    public mutating func feed(_ bytes: [UInt8]) throws(WyomingProtocolError) -> [WyomingFrame] {
        buffer += bytes
        var frames: [WyomingFrame] = []
        while true {
            if pending == nil {
                guard let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) else {
                    if buffer.count > Self.maximumHeader { throw WyomingProtocolError(reason: "header line longer than 64 KiB") }
                    return frames
                }
                let line = Array(buffer[..<newline])
                buffer.removeFirst(newline + 1)
                if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") }) { continue }
                pending = try Self.header(line)
            }
            guard let header = pending, buffer.count >= header.dataLength + header.payloadLength else { return frames }
            var data = header.data
            if header.dataLength > 0 {
                let text = String(decoding: buffer[..<header.dataLength], as: UTF8.self)
                guard case .object(let extra)? = try? JSONValue(parsing: text) else {
                    throw WyomingProtocolError(reason: "the data of a \(header.type) event is not a JSON object")
                }
                for (key, value) in extra {
                    data.removeAll { $0.0 == key }
                    data.append((key, value))
                }
            }
            buffer.removeFirst(header.dataLength + header.payloadLength)
            pending = nil
            frames.append(WyomingFrame(type: header.type, data: .object(data)))
        }
    }

    private static func header(_ line: [UInt8]) throws(WyomingProtocolError) -> (String, [(String, JSONValue)], Int, Int) {
        guard let value = try? JSONValue(parsing: String(decoding: line, as: UTF8.self)), case .object = value else {
            throw WyomingProtocolError(reason: "a header line must be a JSON object")
        }
        guard let type = value["type"]?.stringValue, !type.isEmpty else { throw WyomingProtocolError(reason: "a header needs a type") }
        var data: [(String, JSONValue)] = []
        switch value["data"] {
        case .object(let members)?: data = members
        case nil, .null?: break
        default: throw WyomingProtocolError(reason: "data must be an object")
        }
        func length(_ key: String, _ maximum: Int) throws(WyomingProtocolError) -> Int {
            guard let field = value[key], !field.isNull else { return 0 }
            guard let number = field.intValue, number >= 0, number <= maximum else {
                throw WyomingProtocolError(reason: "\(key) must be a whole number from 0 to \(maximum)")
            }
            return number
        }
        return (type, data, try length("data_length", maximumData), try length("payload_length", maximumPayload))
    }
}
