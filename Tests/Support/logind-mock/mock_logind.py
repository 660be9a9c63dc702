#!/usr/bin/python3
"""A small systemd-logind stand-in for Coach's tests: org.freedesktop.login1 on a private bus, with
one user and one session, behaving as logind does where `lock.follow: logind` relies on it
(man org.freedesktop.login1):

  * Manager (/org/freedesktop/login1): GetSession(s) -> o, GetSessionByPID(u) -> o, GetUser(u) -> o;
    unknown ids answer org.freedesktop.login1.NoSuchSession / NoSessionForPID / NoSuchUser.
  * Session (/org/freedesktop/login1/session/<id>): properties Id, Name, Type, Active, LockedHint;
    SetLockedHint(b) as a screen locker calls it: the property changes and PropertiesChanged is
    emitted with {"LockedHint": b} (only when it changes, as logind does).
  * User (/org/freedesktop/login1/user/_<uid>): properties UID, Name, Display (so), Sessions a(so).

Options:
  --session ID        the session's id (default c7)
  --uid N             the user's uid (default: this process's uid)
  --no-pid-session    GetSessionByPID fails (the gateway runs outside any session: a systemd
                      --user service), so only XDG_SESSION_ID or the user's Display finds it
  --no-display        the user has no display session (Display is ("", "/"))

Test control, interface org.coach.Mock on /:
  AskedPIDs() -> au     the pids GetSessionByPID was asked about, in order

Usage: mock_logind.py BUS_ADDRESS [options]
"""
import argparse
import os

import dbus
import dbus.mainloop.glib
import dbus.service
from gi.repository import GLib

PROPS = "org.freedesktop.DBus.Properties"
MANAGER = "org.freedesktop.login1.Manager"
SESSION = "org.freedesktop.login1.Session"
USER = "org.freedesktop.login1.User"
ROOT = "/org/freedesktop/login1"


class LogindError(dbus.DBusException):
    def __init__(self, name, message):
        super().__init__(message)
        self._dbus_error_name = "org.freedesktop.login1." + name


class Object(dbus.service.Object):
    """Properties of one interface, readable through org.freedesktop.DBus.Properties."""

    def __init__(self, bus, path, interface, props):
        super().__init__(bus, path)
        self.interface = interface
        self.props = props

    @dbus.service.method(PROPS, in_signature="ss", out_signature="v")
    def Get(self, interface, name):
        if interface != self.interface or name not in self.props:
            raise dbus.DBusException("no property %s.%s" % (interface, name),
                                     name="org.freedesktop.DBus.Error.UnknownProperty")
        return self.props[name]

    @dbus.service.method(PROPS, in_signature="s", out_signature="a{sv}")
    def GetAll(self, interface):
        return self.props if interface == self.interface else {}

    @dbus.service.signal(PROPS, signature="sa{sv}as")
    def PropertiesChanged(self, interface, changed, invalidated):
        pass


class Session(Object):
    def __init__(self, bus, session_id, uid):
        super().__init__(bus, ROOT + "/session/" + session_id, SESSION, {
            "Id": dbus.String(session_id),
            "Name": dbus.String("coach-test"),
            "User": dbus.Struct((dbus.UInt32(uid), dbus.ObjectPath(ROOT + "/user/_%d" % uid)), signature="uo"),
            "Type": dbus.String("wayland"),
            "Active": dbus.Boolean(True),
            "LockedHint": dbus.Boolean(False),
        })

    @dbus.service.method(SESSION, in_signature="b")
    def SetLockedHint(self, locked):
        if bool(self.props["LockedHint"]) == bool(locked):
            return
        self.props["LockedHint"] = dbus.Boolean(locked)
        self.PropertiesChanged(SESSION, dbus.Dictionary({"LockedHint": dbus.Boolean(locked)}, signature="sv"),
                               dbus.Array([], signature="s"))


class Manager(dbus.service.Object):
    def __init__(self, bus, session, user_path, uid, pid_session):
        super().__init__(bus, ROOT)
        self.session = session
        self.user_path = user_path
        self.uid = uid
        self.pid_session = pid_session
        self.asked = []

    @dbus.service.method(MANAGER, in_signature="s", out_signature="o")
    def GetSession(self, session_id):
        if session_id != self.session.props["Id"]:
            raise LogindError("NoSuchSession", "No session '%s' known" % session_id)
        return dbus.ObjectPath(self.session.__dbus_object_path__)

    @dbus.service.method(MANAGER, in_signature="u", out_signature="o")
    def GetSessionByPID(self, pid):
        self.asked.append(int(pid))
        if not self.pid_session:
            raise LogindError("NoSessionForPID", "PID %d does not belong to any known session" % pid)
        return dbus.ObjectPath(self.session.__dbus_object_path__)

    @dbus.service.method(MANAGER, in_signature="u", out_signature="o")
    def GetUser(self, uid):
        if uid != self.uid:
            raise LogindError("NoSuchUser", "User ID %d is not logged in" % uid)
        return dbus.ObjectPath(self.user_path)

    @dbus.service.method("org.coach.Mock", out_signature="au")
    def AskedPIDs(self):
        return dbus.Array([dbus.UInt32(p) for p in self.asked], signature="u")


class Root(dbus.service.Object):
    """The test control interface on /."""

    def __init__(self, bus, manager):
        super().__init__(bus, "/")
        self.manager = manager

    @dbus.service.method("org.coach.Mock", out_signature="au")
    def AskedPIDs(self):
        return self.manager.AskedPIDs()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("address")
    parser.add_argument("--session", default="c7")
    parser.add_argument("--uid", type=int, default=os.getuid())
    parser.add_argument("--no-pid-session", action="store_true")
    parser.add_argument("--no-display", action="store_true")
    args = parser.parse_args()

    dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
    bus = dbus.bus.BusConnection(args.address)
    session = Session(bus, args.session, args.uid)
    user_path = ROOT + "/user/_%d" % args.uid
    display = ("", "/") if args.no_display else (args.session, session.__dbus_object_path__)
    Object(bus, user_path, USER, {
        "UID": dbus.UInt32(args.uid),
        "Name": dbus.String("coach"),
        "Display": dbus.Struct((dbus.String(display[0]), dbus.ObjectPath(display[1])), signature="so"),
        "Sessions": dbus.Array([dbus.Struct((dbus.String(args.session), dbus.ObjectPath(session.__dbus_object_path__)), signature="so")],
                               signature="(so)"),
    })
    manager = Manager(bus, session, user_path, args.uid, not args.no_pid_session)
    Root(bus, manager)
    # The name last: once a client sees it owned, every object above answers.
    name = dbus.service.BusName("org.freedesktop.login1", bus)
    print("READY", flush=True)
    GLib.MainLoop().run()
    del name


if __name__ == "__main__":
    main()
