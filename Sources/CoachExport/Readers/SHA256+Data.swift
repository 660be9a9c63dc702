// The import's content hash over Foundation's Data: CoachWire's SHA-256 over the bytes in place.

import CoachWire
import Foundation

extension SHA256 {
    static func hash(_ data: Data) -> [UInt8] { data.withUnsafeBytes { hash($0) } }
}
