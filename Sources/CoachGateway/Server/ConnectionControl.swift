// What a route may do with the socket connection it was asked on, beyond replying: write a line
// outside the request/reply order and close (a primary dropping a mirror tells it why first), and
// take the connection over (a primary that offered mirroring: after `mirror.accept` every line it
// sends is the answer to this gateway's calls, no longer a request). The connection handler makes
// one per connection; in-process connections have none.

import Synchronization

public struct ConnectionControl: Sendable {
    /// Writes one line (without its newline) and flushes; then closes when `thenClose`.
    var write: @Sendable (_ line: String, _ thenClose: Bool) -> Void
    /// Closes the connection now.
    var close: @Sendable () -> Void
    /// From now on every line read goes to `receiver`, none to the router; lines may be as long
    /// as the longest reply (a saved workout's replica), not only as a request.
    var takeOver: @Sendable (_ receiver: @escaping @Sendable (String) -> Void) -> Void
}

/// The longest line a connection reads, shared with its decoder so a takeover can raise it.
final class LineLimit: Sendable {
    private let bytes: Atomic<Int>
    init(_ bytes: Int) { self.bytes = Atomic(bytes) }
    var value: Int { bytes.load(ordering: .relaxed) }
    func raise(to bytes: Int) { self.bytes.store(Swift.max(value, bytes), ordering: .relaxed) }
}

/// A connection this gateway serves on a socket it connected itself (a mirroring offer's stream),
/// as the offer sees it: write a line, close, learn when it closed.
struct ServedConnection: Sendable {
    var write: @Sendable (String) -> Void
    var close: @Sendable () -> Void
    var onClose: @Sendable (_ handler: @escaping @Sendable () -> Void) -> Void
}

/// Serves a connected socket as one of the gateway's connections, marked as the offer to `label`.
typealias ConnectionServer = @Sendable (_ descriptor: Int32, _ label: String) async throws -> ServedConnection
