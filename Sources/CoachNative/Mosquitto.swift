// libmosquitto (Debian libmosquitto1), loaded at run time: the MQTT client the Home Assistant
// bridge drives (docs/integrations/home-assistant.md). Only what an external event loop needs —
// Coach polls the socket on a thread of its own and calls loop_read/loop_write/loop_misc, so
// libmosquitto never starts a thread and never runs on the gateway's. `mosquitto_lib_init` runs
// once per process, on the first load.

import Synchronization

/// libmosquitto's function table. `mosquitto *` is opaque; a `mosquitto_message` is read by offset
/// (`MosquittoMessage`), its layout being fixed by the library's ABI (soname 1).
public struct Mosquitto: Sendable {
    public typealias Client = OpaquePointer
    /// `void (*)(struct mosquitto *, void *obj, int rc)`: on_connect (CONNACK's code) and on_disconnect.
    public typealias StatusCallback = @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, Int32) -> Void
    /// `void (*)(struct mosquitto *, void *obj, const struct mosquitto_message *)`.
    public typealias MessageCallback = @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, UnsafeRawPointer?) -> Void

    /// The short name COACH_NATIVE_LIBS and `coach doctor` use, and the package that provides it.
    public static let name = "libmosquitto"
    public static let soname = "libmosquitto.so.1"
    public static let package = "libmosquitto1"

    // Return codes the loop acts on (mosquitto.h).
    public static let success: Int32 = 0
    public static let noConnection: Int32 = 4
    public static let connectionLost: Int32 = 7

    public let library: NativeLibrary
    public let new: @convention(c) (UnsafePointer<CChar>?, Bool, UnsafeMutableRawPointer?) -> OpaquePointer?
    public let destroy: @convention(c) (OpaquePointer?) -> Void
    public let usernamePasswordSet: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Int32
    /// `mosquitto_max_inflight_messages_set`: 0 lifts the limit of QoS 1 messages in flight.
    public let maxInflightMessagesSet: @convention(c) (OpaquePointer?, UInt32) -> Int32
    public let willSet: @convention(c) (OpaquePointer?, UnsafePointer<CChar>, Int32, UnsafeRawPointer?, Int32, Bool) -> Int32
    public let tlsSet: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?,
                                       UnsafePointer<CChar>?, OpaquePointer?) -> Int32
    public let connectAsync: @convention(c) (OpaquePointer?, UnsafePointer<CChar>, Int32, Int32) -> Int32
    public let reconnectAsync: @convention(c) (OpaquePointer?) -> Int32
    public let disconnect: @convention(c) (OpaquePointer?) -> Int32
    public let publish: @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int32>?, UnsafePointer<CChar>, Int32,
                                        UnsafeRawPointer?, Int32, Bool) -> Int32
    public let subscribe: @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int32>?, UnsafePointer<CChar>, Int32) -> Int32
    public let loopRead: @convention(c) (OpaquePointer?, Int32) -> Int32
    public let loopWrite: @convention(c) (OpaquePointer?, Int32) -> Int32
    public let loopMisc: @convention(c) (OpaquePointer?) -> Int32
    public let socket: @convention(c) (OpaquePointer?) -> Int32
    public let wantWrite: @convention(c) (OpaquePointer?) -> Bool
    public let connectCallbackSet: @convention(c) (OpaquePointer?, StatusCallback?) -> Void
    public let disconnectCallbackSet: @convention(c) (OpaquePointer?, StatusCallback?) -> Void
    public let messageCallbackSet: @convention(c) (OpaquePointer?, MessageCallback?) -> Void
    /// `mosquitto_publish_callback_set`: called with a message's id once the broker acknowledged
    /// it (QoS 1) or it was written (QoS 0).
    public let publishCallbackSet: @convention(c) (OpaquePointer?, StatusCallback?) -> Void
    public let strerror: @convention(c) (Int32) -> UnsafePointer<CChar>?
    public let connackString: @convention(c) (Int32) -> UnsafePointer<CChar>?
    public let libVersion: @convention(c) (UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?) -> Int32

    /// Loads libmosquitto.so.1 (once initialised per process); a missing library or symbol is an
    /// error naming the package.
    public static func load() throws(NativeLibraryError) -> Mosquitto {
        let library = try NativeLibrary.open(name: name, soname: soname, package: package)
        let mosquitto = try Mosquitto(library: library)
        // mosquitto_lib_init must not race itself: the first load runs it, under a lock.
        initialised.withLock { done in
            if !done { _ = mosquitto.libInit() }
            done = true
        }
        return mosquitto
    }

    private static let initialised = Mutex(false)

    private let libInit: @convention(c) () -> Int32

    init(library lib: NativeLibrary) throws(NativeLibraryError) {
        library = lib
        libInit = try lib.function("mosquitto_lib_init")
        new = try lib.function("mosquitto_new")
        destroy = try lib.function("mosquitto_destroy")
        usernamePasswordSet = try lib.function("mosquitto_username_pw_set")
        maxInflightMessagesSet = try lib.function("mosquitto_max_inflight_messages_set")
        willSet = try lib.function("mosquitto_will_set")
        tlsSet = try lib.function("mosquitto_tls_set")
        connectAsync = try lib.function("mosquitto_connect_async")
        reconnectAsync = try lib.function("mosquitto_reconnect_async")
        disconnect = try lib.function("mosquitto_disconnect")
        publish = try lib.function("mosquitto_publish")
        subscribe = try lib.function("mosquitto_subscribe")
        loopRead = try lib.function("mosquitto_loop_read")
        loopWrite = try lib.function("mosquitto_loop_write")
        loopMisc = try lib.function("mosquitto_loop_misc")
        socket = try lib.function("mosquitto_socket")
        wantWrite = try lib.function("mosquitto_want_write")
        connectCallbackSet = try lib.function("mosquitto_connect_callback_set")
        disconnectCallbackSet = try lib.function("mosquitto_disconnect_callback_set")
        messageCallbackSet = try lib.function("mosquitto_message_callback_set")
        publishCallbackSet = try lib.function("mosquitto_publish_callback_set")
        strerror = try lib.function("mosquitto_strerror")
        connackString = try lib.function("mosquitto_connack_string")
        libVersion = try lib.function("mosquitto_lib_version")
    }

    /// "2.0.11".
    public var version: String {
        var major: Int32 = 0, minor: Int32 = 0, revision: Int32 = 0
        _ = libVersion(&major, &minor, &revision)
        return "\(major).\(minor).\(revision)"
    }

    /// The library's words for a return code ("The connection was lost.").
    public func describe(_ code: Int32) -> String {
        strerror(code).map { String(cString: $0) } ?? "error \(code)"
    }

    /// The library's words for a CONNACK refusal ("Connection Refused: not authorised.").
    public func describeConnack(_ code: Int32) -> String {
        connackString(code).map { String(cString: $0) } ?? "refused (\(code))"
    }
}

/// One received `struct mosquitto_message` { int mid; char *topic; void *payload; int payloadlen;
/// int qos; bool retain; }, read by offset on LP64.
public struct MosquittoMessage: Sendable {
    public var topic: String
    public var payload: [UInt8]
    public var retained: Bool

    public init?(_ raw: UnsafeRawPointer?) {
        guard let raw else { return nil }
        guard let topic = raw.load(fromByteOffset: 8, as: UnsafePointer<CChar>?.self) else { return nil }
        self.topic = String(cString: topic)
        let length = Int(raw.load(fromByteOffset: 24, as: Int32.self))
        if length > 0, let bytes = raw.load(fromByteOffset: 16, as: UnsafeRawPointer?.self) {
            payload = Array(UnsafeRawBufferPointer(start: bytes, count: length))
        } else {
            payload = []
        }
        retained = raw.load(fromByteOffset: 32, as: Bool.self)
    }
}
