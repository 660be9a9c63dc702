// The socket server (docs/protocol.md): listens on the socket claimed before the store opened.
// It is the one service that ends by itself — `coach shutdown`, or the idle exit of a gateway a
// one-shot command started — and then the group stops every other service, as on SIGTERM.

import CoachGateway
import ServiceLifecycle
import Synchronization

extension Services {
    final class Socket: GatewayService {
        let name = "socket"
        let required = true
        private let gateway: Gateway
        private let idleExit: Duration?
        /// The claim until the server holds it, the server until it stops: whoever holds the claim
        /// holds the instance lock, released when the last reference goes.
        private let claim: Mutex<SocketClaim?>
        private let running = Mutex<GatewayServer?>(nil)

        init(gateway: Gateway, claim: SocketClaim, idleExit: Duration?) {
            self.gateway = gateway
            self.claim = Mutex(claim)
            self.idleExit = idleExit
        }

        var server: GatewayServer? { running.withLock { $0 } }

        func start() async throws {
            guard let claim = claim.withLock({ $0.take() }) else { return }
            let server = try await GatewayServer.start(gateway: gateway, claim: claim, idleExit: idleExit)
            running.withLock { $0 = server }
        }

        func serve() async {
            guard let server else { return }
            await withGracefulShutdownHandler {
                await server.waitUntilClosed()
            } onGracefulShutdown: {
                Task { await server.close() }
            }
        }

        /// Removes the socket file (again after a graceful shutdown: harmless) and lets the server
        /// go, and with it the instance lock: another gateway of this process may take the socket.
        func stop() async {
            let server = running.withLock { $0.take() }
            await server?.close()
        }
    }
}
