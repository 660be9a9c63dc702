// GatewayRoot's `lock.follow: logind` part (docs/status-feed.md, "Privacy: locked"): the login
// session's screen lock locks the gateway and its unlock releases what it locked. The bus is read
// on LogindLockWatch's own thread; its events reach the gateway through one stream, in order, and
// SessionLockFollower decides. Nothing here can stop the gateway: no libsystemd, no bus, no logind
// or no session is one line in the serve log, and locking stays manual.

import CoachBluetooth
import CoachCore
import CoachGateway
import CoachSettings
import Foundation

/// The follower as the root started it; `stop()` ends the bus thread.
final class LockFollow: Sendable {
    private let watch: LogindLockWatch
    private let events: AsyncStream<SessionLockFollower.Event>.Continuation

    fileprivate init(watch: LogindLockWatch, events: AsyncStream<SessionLockFollower.Event>.Continuation) {
        self.watch = watch
        self.events = events
    }

    func stop() {
        watch.stop()
        events.finish()
    }
}

extension GatewayRoot {
    static func followLock(_ request: GatewayRequest, settings: GatewaySettings, gateway: Gateway) -> LockFollow? {
        // The virtual clock is for tests and scripts: the machine's screen has no say there.
        guard !request.virtualClock, (request.lockFollow ?? settings.settings.lock.follow) == .logind else { return nil }
        let environment = settings.environment
        let (stream, continuation) = AsyncStream.makeStream(of: SessionLockFollower.Event.self)
        let watch = LogindLockWatch(busAddress: DBusConnection.systemBusAddress(environment: environment),
                                    sessionID: environment["XDG_SESSION_ID"], pid: UInt32(getpid()), uid: UInt32(getuid())) { event in
            continuation.yield(event)
        }
        Task {
            var follower = SessionLockFollower()
            for await event in stream {
                for action in follower.handle(event) {
                    switch action {
                    case .lockSession: await gateway.displays.setSessionLocked(true)
                    case .unlockSession: await gateway.displays.setSessionLocked(false)
                    case .log(let line, let warning):
                        if warning { OneShot.printError(line) } else { print(line); fflush(nil) }
                    }
                }
            }
        }
        watch.start()
        return LockFollow(watch: watch, events: continuation)
    }
}
