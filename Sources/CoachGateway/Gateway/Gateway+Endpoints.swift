// Endpoints: where the gateway's other faces listen — today the HTTP display's URL (without its
// token) — so `coach http url` asks the gateway that runs rather than guessing from the settings
// (the port may come from `--http`, or be chosen by the system when 0 was asked).

import Synchronization

extension Gateway {
    /// Records (or, with nil, forgets) where `name` listens.
    public func setEndpoint(_ name: String, _ url: String?) {
        endpointTable.withLock { $0[name] = url }
    }

    /// Every endpoint by name.
    public var endpoints: [String: String] { endpointTable.withLock { $0 } }
}
