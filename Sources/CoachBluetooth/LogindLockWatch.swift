// LogindLockWatch: the D-Bus edge of `lock.follow: logind`. One connection to the system bus on a
// thread of its own (sd-bus is single-threaded, and a slow or absent bus must never hold up the
// gateway): it finds the user's login session, reads its LockedHint, then follows PropertiesChanged
// on it, handing each observation to `onEvent` as a SessionLockFollower.Event. Deciding what to do
// is SessionLockFollower's; this file only reads.

import CoachCore
import CoachNative
import Foundation
import Synchronization

public final class LogindLockWatch: Sendable {
    public typealias Handler = @Sendable (SessionLockFollower.Event) -> Void

    private let busAddress: String?
    private let sessionID: String?
    private let pid: UInt32
    private let uid: UInt32
    private let onEvent: Handler
    private let stopped = Atomic<Bool>(false)

    /// `busAddress` nil: the system bus. `sessionID`: XDG_SESSION_ID, if set.
    public init(busAddress: String?, sessionID: String?, pid: UInt32, uid: UInt32, onEvent: @escaping Handler) {
        self.busAddress = busAddress
        self.sessionID = sessionID
        self.pid = pid
        self.uid = uid
        self.onEvent = onEvent
    }

    /// Starts the bus thread and returns at once; what it finds arrives through `onEvent`.
    public func start() {
        let thread = Thread { [self] in run() }
        thread.name = "coach-logind"
        thread.start()
    }

    /// The thread ends within one processing round (200 ms); no event follows.
    public func stop() { stopped.store(true, ordering: .relaxed) }

    private var isStopped: Bool { stopped.load(ordering: .relaxed) }

    private func run() {
        let connection: DBusConnection
        do { connection = try DBusConnection(address: busAddress) } catch let error as NativeLibraryError {
            return report(.unavailable("\(error)"))
        } catch let error as DBusError {
            return report(.unavailable(error.message.isEmpty ? error.name : error.message))
        } catch {
            return report(.unavailable("\(error)"))
        }
        let logind = Logind(connection: connection)
        let session: Logind.Session
        do { session = try logind.findSession(sessionID: sessionID, pid: pid, uid: uid) } catch let error as DBusError where Logind.isMissingService(error) {
            return report(.unavailable("logind (org.freedesktop.login1) is not on the system bus"))
        } catch let error as DBusError {
            return report(.unavailable("no login session to follow (\(error.message))"))
        } catch {
            return report(.unavailable("no login session to follow (\(error))"))
        }
        // The match first, then the read: a change between the two is not missed.
        let box = SignalBox()
        do {
            try logind.subscribe(session) { box.signals.append($0) }
            report(.found(session: session.id, how: session.how))
            report(.lockedHint(try logind.lockedHint(session)))
        } catch {
            return report(.unavailable("cannot read LockedHint of session \(session.id) (\(error))"))
        }
        while !isStopped {
            do { try connection.process(timeout: .milliseconds(200)) } catch {
                return report(.lost("lost the system bus (\(error))"))
            }
            let signals = box.signals
            box.signals.removeAll()
            for signal in signals {
                switch Logind.hintChange(signal) {
                case .value(let locked):
                    report(.lockedHint(locked))
                case .invalidated:
                    do { report(.lockedHint(try logind.lockedHint(session))) } catch {
                        return report(.lost("cannot read LockedHint of session \(session.id) any more (\(error))"))
                    }
                case nil:
                    continue
                }
            }
        }
    }

    private func report(_ event: SessionLockFollower.Event) {
        guard !isStopped else { return }
        onEvent(event)
    }

    /// Signals collected by the match callback during `process`, handled after it (same thread).
    private final class SignalBox { var signals: [DBusSignal] = [] }
}
