// systemd-logind's D-Bus API (org.freedesktop.login1 on the system bus) as `lock.follow: logind`
// uses it: which login session is the user's, and that session's LockedHint — set by the screen
// locker (GNOME, KDE, xss-lock, swayidle…) through Session.SetLockedHint, announced with
// PropertiesChanged on org.freedesktop.login1.Session (man org.freedesktop.login1).

import CoachCore

public struct Logind {
    public static let service = "org.freedesktop.login1"
    static let managerPath = "/org/freedesktop/login1"
    static let manager = "org.freedesktop.login1.Manager"
    static let sessionInterface = "org.freedesktop.login1.Session"
    static let userInterface = "org.freedesktop.login1.User"
    static let properties = "org.freedesktop.DBus.Properties"

    /// A session found, and how (for the serve log).
    public struct Session: Sendable, Hashable {
        public var path: String
        public var id: String
        public var how: String
    }

    public let connection: DBusConnection

    public init(connection: DBusConnection) { self.connection = connection }

    /// The session whose screen lock Coach follows — the same choice as logind's own "auto" session
    /// name (systemd commit 3b92c086: "the session the client is in if that exists, with a fallback
    /// of the user's display session"), made step by step so that it works with a logind older than
    /// "auto" and so the log can say which step found it:
    ///   1. XDG_SESSION_ID, which pam_systemd sets in the session's processes;
    ///   2. GetSessionByPID of the gateway (a gateway started from a terminal in that session);
    ///   3. the user's `Display` session (User.Display): what `systemctl --user` services, which
    ///      belong to no session, want — the graphical session whose screen locker sets the hint.
    /// A text-only session (ssh, a tty) is followed when the gateway runs in it; its LockedHint then
    /// never changes, which is harmless.
    public func findSession(sessionID: String?, pid: UInt32, uid: UInt32) throws -> Session {
        var tried: [String] = []
        if let sessionID, !sessionID.isEmpty {
            do {
                let path = try objectPath(connection.call(Self.service, Self.managerPath, Self.manager, "GetSession", [.string(sessionID)]))
                return Session(path: path, id: sessionID, how: "XDG_SESSION_ID")
            } catch let error as DBusError where Self.isMissingService(error) {
                throw error
            } catch {
                tried.append("XDG_SESSION_ID=\(sessionID): \(error)")
            }
        }
        do {
            let path = try objectPath(connection.call(Self.service, Self.managerPath, Self.manager, "GetSessionByPID", [.uint32(pid)]))
            return Session(path: path, id: try idOfSession(at: path), how: "the gateway's pid \(pid)")
        } catch let error as DBusError where Self.isMissingService(error) {
            throw error
        } catch {
            tried.append("pid \(pid): \(error)")
        }
        do {
            let user = try objectPath(connection.call(Self.service, Self.managerPath, Self.manager, "GetUser", [.uint32(uid)]))
            let display = try property(user, Self.userInterface, "Display")
            // `(so)`: the session id and path; "/" when the user has no display session.
            guard case .structure(let fields) = display.unwrapped, fields.count == 2,
                  let id = fields[0].string, let path = fields[1].string, path != "/" else {
                throw DBusError(name: "no display session", message: "user \(uid) has no graphical session")
            }
            return Session(path: path, id: id, how: "the display session of user \(uid)")
        } catch {
            tried.append("display session: \(error)")
        }
        throw DBusError(name: "no login session", message: tried.joined(separator: "; "))
    }

    /// The session's LockedHint now.
    public func lockedHint(_ session: Session) throws -> Bool {
        guard let locked = try property(session.path, Self.sessionInterface, "LockedHint").bool else {
            throw DBusError(name: "LockedHint", message: "the session's LockedHint is not a boolean")
        }
        return locked
    }

    /// PropertiesChanged of that session (LockedHint, among others).
    public func subscribe(_ session: Session, handler: @escaping (DBusSignal) -> Void) throws {
        try connection.addMatch("type='signal',sender='\(Self.service)',path='\(session.path)',interface='\(Self.properties)',member='PropertiesChanged'",
                                handler: handler)
    }

    /// The LockedHint a PropertiesChanged signal carries: a value, `invalidated` when logind named it
    /// without a value (read it again), nil when it is about something else.
    public enum HintChange: Equatable { case value(Bool), invalidated }

    public static func hintChange(_ signal: DBusSignal) -> HintChange? {
        guard signal.member == "PropertiesChanged", signal.arguments.first?.string == sessionInterface else { return nil }
        if let locked = signal.arguments.dropFirst().first?.dictionary?["LockedHint"]?.bool { return .value(locked) }
        if signal.arguments.dropFirst(2).first?.strings?.contains("LockedHint") == true { return .invalidated }
        return nil
    }

    /// No logind on this bus (a container, a bus without systemd).
    static func isMissingService(_ error: DBusError) -> Bool {
        error.name == "org.freedesktop.DBus.Error.ServiceUnknown" || error.name == "org.freedesktop.DBus.Error.NameHasNoOwner"
    }

    private func idOfSession(at path: String) throws -> String {
        try property(path, Self.sessionInterface, "Id").string ?? path
    }

    private func property(_ path: String, _ interface: String, _ name: String) throws -> DBusValue {
        let reply = try connection.call(Self.service, path, Self.properties, "Get", [.string(interface), .string(name)])
        guard let value = reply.first else { throw DBusError(name: "\(interface).\(name)", message: "no value") }
        return value
    }

    private func objectPath(_ reply: [DBusValue]) throws -> String {
        guard let path = reply.first?.string else { throw DBusError(name: "reply", message: "no object path") }
        return path
    }
}
