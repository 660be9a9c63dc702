// `lock.follow: logind` (docs/status-feed.md, "Privacy: locked"): the login session's screen lock
// locks the gateway and its unlock releases what it locked. The bus is read on LogindLockWatch's
// own thread; its events reach the gateway through one stream, in order, and SessionLockFollower
// decides. It never stops the gateway: no libsystemd, no bus, no logind or no session is one line
// in the log, and locking stays manual.

import CoachBluetooth
import CoachCore
import CoachGateway
import CoachSettings
import Foundation
import Logging
import Synchronization

extension Services {
    final class LockFollow: GatewayService {
        let name = "lock-follow"
        private let gateway: Gateway
        private let environment: [String: String]
        private let logger: Logger
        private let running = Mutex<(watch: LogindLockWatch, events: AsyncStream<SessionLockFollower.Event>.Continuation)?>(nil)

        /// nil unless the lock is to follow logind (never on the virtual clock: the machine's
        /// screen has no say in a script's time).
        init?(_ request: GatewayRequest, settings: GatewaySettings, gateway: Gateway, logger: Logger) {
            guard !request.virtualClock, (request.lockFollow ?? settings.settings.lock.follow) == .logind else { return nil }
            self.gateway = gateway
            environment = settings.environment
            self.logger = logger
        }

        func start() async {
            let (stream, continuation) = AsyncStream.makeStream(of: SessionLockFollower.Event.self)
            let watch = LogindLockWatch(busAddress: DBusConnection.systemBusAddress(environment: environment),
                                        sessionID: environment["XDG_SESSION_ID"], pid: UInt32(getpid()), uid: UInt32(getuid())) { event in
                continuation.yield(event)
            }
            let gateway = gateway, logger = logger
            Task {
                var follower = SessionLockFollower()
                for await event in stream {
                    for action in follower.handle(event) {
                        switch action {
                        case .lockSession: await gateway.displays.setSessionLocked(true)
                        case .unlockSession: await gateway.displays.setSessionLocked(false)
                        case .log(let line, let warning):
                            if warning { logger.warning("\(line)") } else { logger.info("\(line)") }
                        }
                    }
                }
            }
            watch.start()
            running.withLock { $0 = (watch, continuation) }
        }

        /// Ends the bus thread, then the stream.
        func stop() async {
            guard let (watch, events) = running.withLock({ $0 }) else { return }
            watch.stop()
            events.finish()
        }
    }
}
