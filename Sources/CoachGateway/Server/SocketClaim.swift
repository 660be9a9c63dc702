// SocketClaim: the right to serve a socket, taken before anything else starts — the inherited
// systemd socket, or a private directory, the instance lock and a stale-socket check.

import CoachWire

public final class SocketClaim: Sendable {
    public let location: SocketLocation
    let lock: InstanceLock?
    let inheritedDescriptor: Int32?

    private init(location: SocketLocation, lock: InstanceLock?, inheritedDescriptor: Int32?) {
        self.location = location
        self.lock = lock
        self.inheritedDescriptor = inheritedDescriptor
    }

    /// Takes the socket, or throws `alreadyRunning` (another gateway holds the lock),
    /// `inUseByAnotherProgram` (something answers there) or a directory problem.
    public static func claim(_ location: SocketLocation) throws(GatewayStartError) -> SocketClaim {
        if let inherited = SystemdActivation.listeningDescriptor() {
            return SocketClaim(location: location, lock: nil, inheritedDescriptor: inherited)
        }
        try location.prepareDirectory()
        let lock = try InstanceLock(path: location.lockPath, socketPath: location.path)
        try GatewayServer.removeStaleSocket(at: location)
        return SocketClaim(location: location, lock: lock, inheritedDescriptor: nil)
    }
}
