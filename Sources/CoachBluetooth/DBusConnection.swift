// One connection to a D-Bus bus through sd-bus: method calls, signal matches and the processing
// loop. sd-bus objects are not thread-safe (reference/bluez-dbus.md §3), so a connection is used
// from one thread only — the thread that owns it (SensorLink's bus thread, or a command's main).

import CoachCore
import CoachNative
#if canImport(Glibc)
import Glibc
#endif

public struct DBusError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The D-Bus error name (`org.bluez.Error.Failed`), or an errno description for local failures.
    public var name: String
    public var message: String

    public init(name: String, message: String) {
        self.name = name
        self.message = message
    }

    public var description: String { message.isEmpty ? name : "\(name): \(message)" }
}

/// A received signal: where it came from and its arguments.
public struct DBusSignal: Sendable {
    public var path: String
    public var interface: String
    public var member: String
    public var arguments: [DBusValue]
}

public final class DBusConnection {
    let api: SdBus
    let bus: OpaquePointer
    private var signalHandler: ((DBusSignal) -> Void)?
    private var slots: [OpaquePointer?] = []

    /// The bus address in use: COACH_DBUS_SYSTEM_BUS_ADDRESS, else DBUS_SYSTEM_BUS_ADDRESS, else
    /// the system bus's standard socket (as sd_bus_open_system does).
    public static func systemBusAddress(environment: [String: String]) -> String? {
        if let address = environment["COACH_DBUS_SYSTEM_BUS_ADDRESS"], !address.isEmpty { return address }
        if let address = environment["DBUS_SYSTEM_BUS_ADDRESS"], !address.isEmpty { return address }
        return nil
    }

    /// Connects to the system bus (or `address`, a D-Bus address such as `unix:path=/tmp/bus`).
    public init(address: String?) throws {
        api = try SdBus.load()
        var handle: OpaquePointer?
        if let address {
            try Self.check(api.new(&handle), "sd_bus_new")
            guard let created = handle else { throw DBusError(name: "sd_bus_new", message: "no bus") }
            var status = api.setAddress(created, address)
            if status >= 0 { status = api.setBusClient(created, 1) }
            if status >= 0 { status = api.start(created) }
            if status < 0 {
                _ = api.flushCloseUnref(created)
                throw DBusError(name: "org.freedesktop.DBus.Error.NoServer", message: "cannot connect to the bus at \(address): \(Self.errno(status))")
            }
            bus = created
        } else {
            let status = api.openSystem(&handle)
            guard status >= 0, let opened = handle else {
                throw DBusError(name: "org.freedesktop.DBus.Error.NoServer",
                                message: "cannot connect to the system bus: \(Self.errno(status)) (is dbus running? set DBUS_SYSTEM_BUS_ADDRESS to use another bus)")
            }
            bus = opened
        }
    }

    deinit { _ = api.flushCloseUnref(bus) }

    // MARK: - Calls

    /// Calls a method and returns the reply's arguments. `timeout` 0 means sd-bus's default (25 s).
    @discardableResult
    public func call(_ destination: String, _ path: String, _ interface: String, _ member: String,
                     _ arguments: [DBusArgument] = [], timeout: Duration = .seconds(10)) throws -> [DBusValue] {
        var message: OpaquePointer?
        try Self.check(api.newMethodCall(bus, &message, destination, path, interface, member), "\(interface).\(member)")
        defer { _ = api.messageUnref(message) }
        for argument in arguments { try append(argument, to: message) }
        let error = UnsafeMutableRawPointer.allocate(byteCount: 32, alignment: 8)
        error.initializeMemory(as: UInt8.self, repeating: 0, count: 32)
        defer {
            api.errorFree(error)
            error.deallocate()
        }
        var reply: OpaquePointer?
        let micros = UInt64(max(timeout.seconds, 0) * 1_000_000)
        let status = api.call(bus, message, micros, error, &reply)
        defer { _ = api.messageUnref(reply) }
        if status < 0 {
            let name = error.load(as: UnsafePointer<CChar>?.self).map { String(cString: $0) } ?? Self.errno(status)
            let text = error.load(fromByteOffset: 8, as: UnsafePointer<CChar>?.self).map { String(cString: $0) } ?? ""
            throw DBusError(name: name, message: text)
        }
        return try readAll(reply)
    }

    private func append(_ argument: DBusArgument, to message: OpaquePointer?) throws {
        switch argument {
        case .string(let text):
            try text.withCString { try Self.check(api.appendBasic(message, Self.code("s"), $0), "append") }
        case .objectPath(let path):
            try path.withCString { try Self.check(api.appendBasic(message, Self.code("o"), $0), "append") }
        case .bool(let value):
            var flag: Int32 = value ? 1 : 0
            try Self.check(api.appendBasic(message, Self.code("b"), &flag), "append")
        case .uint32(let value):
            var number = value
            try Self.check(api.appendBasic(message, Self.code("u"), &number), "append")
        case .stringArray(let values):
            try Self.check(api.openContainer(message, Self.code("a"), "s"), "append")
            for value in values { try append(.string(value), to: message) }
            try Self.check(api.closeContainer(message), "append")
        case .options(let entries):
            try Self.check(api.openContainer(message, Self.code("a"), "{sv}"), "append")
            for (key, value) in entries {
                try Self.check(api.openContainer(message, Self.code("e"), "sv"), "append")
                try append(.string(key), to: message)
                let signature: String
                switch value {
                case .string: signature = "s"
                case .objectPath: signature = "o"
                case .bool: signature = "b"
                case .uint32: signature = "u"
                case .stringArray: signature = "as"
                case .options: signature = "a{sv}"
                }
                try Self.check(api.openContainer(message, Self.code("v"), signature), "append")
                try append(value, to: message)
                try Self.check(api.closeContainer(message), "append")
                try Self.check(api.closeContainer(message), "append")
            }
            try Self.check(api.closeContainer(message), "append")
        }
    }

    // MARK: - Signals and processing

    /// Delivers every signal matching `rule` (a D-Bus match rule) to `handler`, on this thread,
    /// while `process(timeout:)` runs.
    public func addMatch(_ rule: String, handler: @escaping (DBusSignal) -> Void) throws {
        signalHandler = handler
        var slot: OpaquePointer?
        let callback: SdBus.Handler = { message, userdata, _ in
            guard let userdata else { return 0 }
            let connection = Unmanaged<DBusConnection>.fromOpaque(userdata).takeUnretainedValue()
            connection.deliver(message)
            return 0
        }
        try Self.check(api.addMatch(bus, &slot, rule, callback, Unmanaged.passUnretained(self).toOpaque()), "add match \(rule)")
        slots.append(slot)
    }

    private func deliver(_ message: OpaquePointer?) {
        let path = api.getPath(message).map { String(cString: $0) } ?? ""
        let interface = api.getInterface(message).map { String(cString: $0) } ?? ""
        let member = api.getMember(message).map { String(cString: $0) } ?? ""
        guard let arguments = try? readAll(message) else { return }
        signalHandler?(DBusSignal(path: path, interface: interface, member: member, arguments: arguments))
    }

    /// Handles everything pending, then waits up to `timeout` for more; returns after one wait.
    public func process(timeout: Duration) throws {
        while true {
            let status = api.process(bus, nil)
            if status < 0 { throw DBusError(name: "org.freedesktop.DBus.Error.Disconnected", message: "the bus connection failed: \(Self.errno(status))") }
            if status == 0 { break }
        }
        let status = api.wait(bus, UInt64(max(timeout.seconds, 0) * 1_000_000))
        if status < 0, -status != EINTR {
            throw DBusError(name: "org.freedesktop.DBus.Error.Disconnected", message: "waiting on the bus failed: \(Self.errno(status))")
        }
    }

    // MARK: - Reading

    func readAll(_ message: OpaquePointer?) throws -> [DBusValue] {
        var values: [DBusValue] = []
        while let value = try readNext(message) { values.append(value) }
        return values
    }

    /// The next value at the read position, or nil at the end of the message or container.
    private func readNext(_ message: OpaquePointer?) throws -> DBusValue? {
        var type: CChar = 0
        var contents: UnsafePointer<CChar>?
        let status = api.peekType(message, &type, &contents)
        try Self.check(status, "read")
        guard status > 0 else { return nil }
        let inner = contents.map { String(cString: $0) } ?? ""
        switch UnicodeScalar(UInt8(bitPattern: type)) {
        case "a":
            if inner == "y" {
                var pointer: UnsafeRawPointer?
                var size = 0
                try Self.check(api.readArray(message, Self.code("y"), &pointer, &size), "read ay")
                guard let pointer, size > 0 else { return .bytes([]) }
                return .bytes(Array(UnsafeRawBufferPointer(start: pointer, count: size)))
            }
            try Self.check(api.enterContainer(message, type, inner), "read array")
            defer { _ = api.exitContainer(message) }
            if inner.hasPrefix("{") {
                var entries: [DBusValue: DBusValue] = [:]
                let entrySignature = String(inner.dropFirst().dropLast())
                while try enter(message, "e", entrySignature) {
                    let key = try readNext(message)
                    let value = try readNext(message)
                    _ = api.exitContainer(message)
                    if let key, let value { entries[key] = value }
                }
                return .dictionary(entries)
            }
            var elements: [DBusValue] = []
            while let element = try readNext(message) { elements.append(element) }
            return .array(elements)
        case "v":
            try Self.check(api.enterContainer(message, type, inner), "read variant")
            defer { _ = api.exitContainer(message) }
            return .variant(try readNext(message) ?? .array([]))
        case "r", "(":
            try Self.check(api.enterContainer(message, Self.code("r"), inner), "read struct")
            defer { _ = api.exitContainer(message) }
            return .structure(try readAll(message))
        case "s", "o", "g":
            var pointer: UnsafePointer<CChar>?
            try Self.check(api.readBasic(message, type, &pointer), "read string")
            let text = pointer.map { String(cString: $0) } ?? ""
            return type == Self.code("o") ? .objectPath(text) : .string(text)
        case "b":
            var flag: Int32 = 0
            try Self.check(api.readBasic(message, type, &flag), "read bool")
            return .bool(flag != 0)
        case "y": return .unsigned(UInt64(try readBasic(message, type, as: UInt8.self)))
        case "n": return .integer(Int64(try readBasic(message, type, as: Int16.self)))
        case "q": return .unsigned(UInt64(try readBasic(message, type, as: UInt16.self)))
        case "i", "h": return .integer(Int64(try readBasic(message, type, as: Int32.self)))
        case "u": return .unsigned(UInt64(try readBasic(message, type, as: UInt32.self)))
        case "x": return .integer(try readBasic(message, type, as: Int64.self))
        case "t": return .unsigned(try readBasic(message, type, as: UInt64.self))
        case "d": return .double(try readBasic(message, type, as: Double.self))
        default:
            throw DBusError(name: "read", message: "unsupported D-Bus type '\(UnicodeScalar(UInt8(bitPattern: type)))'")
        }
    }

    private func enter(_ message: OpaquePointer?, _ type: Unicode.Scalar, _ contents: String) throws -> Bool {
        let status = api.enterContainer(message, Self.code(type), contents)
        try Self.check(status, "read entry")
        return status > 0
    }

    private func readBasic<T: FixedWidthInteger>(_ message: OpaquePointer?, _ type: CChar, as: T.Type) throws -> T {
        var value: T = 0
        try Self.check(api.readBasic(message, type, &value), "read")
        return value
    }

    private func readBasic(_ message: OpaquePointer?, _ type: CChar, as: Double.Type) throws -> Double {
        var value: Double = 0
        try Self.check(api.readBasic(message, type, &value), "read")
        return value
    }

    static func code(_ scalar: Unicode.Scalar) -> CChar { CChar(bitPattern: UInt8(ascii: scalar)) }

    static func check(_ status: Int32, _ what: String) throws {
        if status < 0 { throw DBusError(name: what, message: errno(status)) }
    }

    static func errno(_ status: Int32) -> String {
        String(cString: strerror(-status))
    }
}
