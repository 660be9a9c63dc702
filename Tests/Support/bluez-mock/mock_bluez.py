#!/usr/bin/python3
"""A small BlueZ stand-in for Coach's tests: org.bluez on a private bus, with an adapter, LE fitness
devices, GATT services and characteristics, notifications and drop-outs, behaving as bluetoothd does
where Coach relies on it (reference/bluez-dbus.md §1):

  * ObjectManager on / (GetManagedObjects, InterfacesAdded); objects are found by Address/UUID.
  * Adapter1: SetDiscoveryFilter, StartDiscovery (devices registered as "in range" appear),
    StopDiscovery, Discovering.
  * Device1: Connect (Connected and ServicesResolved become true, GATT objects appear),
    Disconnect; AlreadyConnected on a second Connect.
  * GattCharacteristic1: StartNotify/StopNotify (Notifying), ReadValue, Value changes emitted
    as PropertiesChanged only while connected and notifying.
  * Battery1.Percentage on the device.

Test control, interface org.coach.Mock on /:
  AddDevice(s address, s name, s kind, b known)   kind: heartRate | rsc | csc | power
  Notify(s address, ay value) -> b               False when nothing was sent (not connected/notifying)
  Drop(s address)                                 the device goes out of range: Connected false
  ConnectCalls(s address) -> u                    how many Connect calls the device received

Usage: mock_bluez.py BUS_ADDRESS   (prints READY once it owns org.bluez)
"""
import sys

import dbus
import dbus.mainloop.glib
import dbus.service
from gi.repository import GLib

PROPS = "org.freedesktop.DBus.Properties"
OM = "org.freedesktop.DBus.ObjectManager"
ADAPTER = "org.bluez.Adapter1"
DEVICE = "org.bluez.Device1"
SERVICE = "org.bluez.GattService1"
CHAR = "org.bluez.GattCharacteristic1"
BATTERY = "org.bluez.Battery1"


def uuid16(n):
    return "0000%04x-0000-1000-8000-00805f9b34fb" % n


KINDS = {  # service, measurement characteristic
    "heartRate": (0x180D, 0x2A37),
    "rsc": (0x1814, 0x2A53),
    "csc": (0x1816, 0x2A5B),
    "power": (0x1818, 0x2A63),
}


class Object(dbus.service.Object):
    """An object with properties per interface, readable through Properties and ObjectManager."""

    def __init__(self, bus, path, interface, props):
        super().__init__(bus, path)
        self.path = path
        self.props = {interface: props}

    @dbus.service.method(PROPS, in_signature="ss", out_signature="v")
    def Get(self, interface, name):
        return self.props[interface][name]

    @dbus.service.method(PROPS, in_signature="s", out_signature="a{sv}")
    def GetAll(self, interface):
        return self.props.get(interface, {})

    @dbus.service.signal(PROPS, signature="sa{sv}as")
    def PropertiesChanged(self, interface, changed, invalidated):
        pass

    def update(self, interface, changed):
        self.props[interface].update(changed)
        self.PropertiesChanged(interface, dbus.Dictionary(changed, signature="sv"), dbus.Array([], signature="s"))


class Root(dbus.service.Object):
    def __init__(self, bus):
        super().__init__(bus, "/")
        self.bus = bus
        self.objects = {}
        self.devices = {}  # address -> Device
        self.in_range = []  # devices that appear when discovery starts
        self.adapter = Adapter(bus, self)
        self.add(self.adapter)

    def add(self, obj):
        self.objects[obj.path] = obj
        self.InterfacesAdded(obj.path, dbus.Dictionary({k: dbus.Dictionary(v, signature="sv") for k, v in obj.props.items()}, signature="sa{sv}"))

    @dbus.service.method(OM, out_signature="a{oa{sa{sv}}}")
    def GetManagedObjects(self):
        return {dbus.ObjectPath(p): {i: dbus.Dictionary(props, signature="sv") for i, props in o.props.items()} for p, o in self.objects.items()}

    @dbus.service.signal(OM, signature="oa{sa{sv}}")
    def InterfacesAdded(self, path, interfaces):
        pass

    @dbus.service.method("org.coach.Mock", in_signature="sssb")
    def AddDevice(self, address, name, kind, known):
        device = Device(self.bus, self, address, name, kind)
        self.devices[address.upper()] = device
        if known:
            self.add(device)
        else:
            self.in_range.append(device)

    @dbus.service.method("org.coach.Mock", in_signature="say", out_signature="b")
    def Notify(self, address, value):
        device = self.devices[address.upper()]
        char = device.measurement
        if not device.props[DEVICE]["Connected"] or char is None or not char.props[CHAR]["Notifying"]:
            return False
        char.update(CHAR, {"Value": dbus.Array(value, signature="y")})
        return True

    @dbus.service.method("org.coach.Mock", in_signature="s")
    def Drop(self, address):
        device = self.devices[address.upper()]
        for char in device.chars:
            char.props[CHAR]["Notifying"] = dbus.Boolean(False)
        device.update(DEVICE, {"Connected": dbus.Boolean(False), "ServicesResolved": dbus.Boolean(False)})

    @dbus.service.method("org.coach.Mock", in_signature="s", out_signature="u")
    def ConnectCalls(self, address):
        return self.devices[address.upper()].connect_calls


class Adapter(Object):
    def __init__(self, bus, root):
        super().__init__(bus, "/org/bluez/hci0", ADAPTER, {
            "Address": "00:AA:01:00:00:01", "Name": "coach-mock", "Powered": dbus.Boolean(True),
            "Discovering": dbus.Boolean(False)})
        self.root = root
        self.filter = None

    @dbus.service.method(ADAPTER, in_signature="a{sv}")
    def SetDiscoveryFilter(self, flt):
        self.filter = flt

    @dbus.service.method(ADAPTER)
    def StartDiscovery(self):
        self.update(ADAPTER, {"Discovering": dbus.Boolean(True)})
        wanted = [str(u).lower() for u in (self.filter or {}).get("UUIDs", [])]
        for device in list(self.root.in_range):
            if not wanted or any(u in wanted for u in device.props[DEVICE]["UUIDs"]):
                self.root.in_range.remove(device)
                self.root.add(device)

    @dbus.service.method(ADAPTER)
    def StopDiscovery(self):
        if not self.props[ADAPTER]["Discovering"]:
            raise dbus.exceptions.DBusException("No discovery started", name="org.bluez.Error.Failed")
        self.update(ADAPTER, {"Discovering": dbus.Boolean(False)})


class Device(Object):
    def __init__(self, bus, root, address, name, kind):
        path = "/org/bluez/hci0/dev_" + address.upper().replace(":", "_")
        service, measurement = KINDS[kind]
        super().__init__(bus, path, DEVICE, {
            "Address": address.upper(), "Alias": name, "Name": name, "Adapter": dbus.ObjectPath("/org/bluez/hci0"),
            "UUIDs": dbus.Array([uuid16(service), uuid16(0x180F)], signature="s"),
            "Connected": dbus.Boolean(False), "ServicesResolved": dbus.Boolean(False), "RSSI": dbus.Int16(-60)})
        self.props[BATTERY] = {"Percentage": dbus.Byte(87)}
        self.root = root
        self.kind = kind
        self.connect_calls = 0
        self.chars = []
        self.measurement = None

    @dbus.service.method(DEVICE)
    def Connect(self):
        self.connect_calls += 1
        if self.props[DEVICE]["Connected"]:
            raise dbus.exceptions.DBusException("Already Connected", name="org.bluez.Error.AlreadyConnected")
        self.update(DEVICE, {"Connected": dbus.Boolean(True)})
        if not self.chars:
            # Handles as bluetoothd numbers them; clients must not rely on them.
            service, measurement = KINDS[self.kind]
            svc = Object(self.bus_ref(), self.path + "/service000c", SERVICE, {
                "UUID": uuid16(service), "Primary": dbus.Boolean(True), "Device": dbus.ObjectPath(self.path)})
            self.root.add(svc)
            self.measurement = Characteristic(self.bus_ref(), svc.path + "/char000d", measurement, svc.path, ["notify"], [])
            self.root.add(self.measurement)
            bsvc = Object(self.bus_ref(), self.path + "/service0020", SERVICE, {
                "UUID": uuid16(0x180F), "Primary": dbus.Boolean(True), "Device": dbus.ObjectPath(self.path)})
            self.root.add(bsvc)
            battery = Characteristic(self.bus_ref(), bsvc.path + "/char0021", 0x2A19, bsvc.path, ["read", "notify"], [87])
            self.root.add(battery)
            self.chars = [self.measurement, battery]
        self.update(DEVICE, {"ServicesResolved": dbus.Boolean(True)})

    @dbus.service.method(DEVICE)
    def Disconnect(self):
        self.update(DEVICE, {"Connected": dbus.Boolean(False), "ServicesResolved": dbus.Boolean(False)})

    def bus_ref(self):
        return self.root.bus


class Characteristic(Object):
    def __init__(self, bus, path, number, service, flags, value):
        super().__init__(bus, path, CHAR, {
            "UUID": uuid16(number), "Service": dbus.ObjectPath(service), "Flags": dbus.Array(flags, signature="s"),
            "Notifying": dbus.Boolean(False), "Value": dbus.Array(value, signature="y")})

    @dbus.service.method(CHAR)
    def StartNotify(self):
        if not self.props[CHAR]["Notifying"]:
            self.update(CHAR, {"Notifying": dbus.Boolean(True)})

    @dbus.service.method(CHAR)
    def StopNotify(self):
        self.update(CHAR, {"Notifying": dbus.Boolean(False)})

    @dbus.service.method(CHAR, in_signature="a{sv}", out_signature="ay")
    def ReadValue(self, options):
        return dbus.Array(self.props[CHAR]["Value"], signature="y")


def main():
    dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
    bus = dbus.bus.BusConnection(sys.argv[1])
    name = dbus.service.BusName("org.bluez", bus)
    Root(bus)
    print("READY", flush=True)
    GLib.MainLoop().run()
    del name


if __name__ == "__main__":
    main()
