// A protocol message whose encoding is its Codable form: the types that live outside CoachWire
// because other modules read them as they are (the Live Activity content, a store replica) keep
// one encoding — the Codable one, keys sorted so the same value is the same bytes, slashes as
// JSONText writes them — and take part in the documented examples and round-trip tests as every
// WireMessage does. Conforming is the whole of it.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

public protocol CodableWireMessage: WireMessage, Codable {}

extension CodableWireMessage {
    /// Keys sorted (Foundation's encoder otherwise orders them differently from run to run);
    /// slashes unescaped.
    public static var wireEncoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        return encoder
    }

    public init(json: JSONValue) throws(WireDecodingError) {
        do { self = try JSONDecoder().decode(Self.self, from: Data(json.serialized().utf8)) } catch {
            throw WireDecodingError(path: "", problem: "\(error)")
        }
    }

    public var json: JSONValue {
        guard let data = try? Self.wireEncoder.encode(self),
              let value = try? JSONValue(parsing: String(decoding: data, as: UTF8.self)) else { return .null }
        return value
    }
}
