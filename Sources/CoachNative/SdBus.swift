// libsystemd's sd-bus, loaded at run time: the D-Bus calls Coach needs to talk to BlueZ, resolved
// once from libsystemd.so.0 (Debian package libsystemd0). Only non-variadic functions: Swift cannot
// call C variadics, so arguments are appended and read one by one (reference/bluez-dbus.md §3).

/// sd-bus's function table. Pointers to sd-bus objects are opaque; `sd_bus_error` is handled as raw
/// memory (two `const char *` then an int) by `SdBusError`.
public struct SdBus: Sendable {
    public typealias Bus = OpaquePointer
    public typealias Message = OpaquePointer
    public typealias Handler = @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Int32

    public let library: NativeLibrary
    public let new: @convention(c) (UnsafeMutablePointer<OpaquePointer?>) -> Int32
    public let setAddress: @convention(c) (OpaquePointer?, UnsafePointer<CChar>) -> Int32
    public let setBusClient: @convention(c) (OpaquePointer?, Int32) -> Int32
    public let start: @convention(c) (OpaquePointer?) -> Int32
    public let openSystem: @convention(c) (UnsafeMutablePointer<OpaquePointer?>) -> Int32
    public let flushCloseUnref: @convention(c) (OpaquePointer?) -> OpaquePointer?
    public let process: @convention(c) (OpaquePointer?, UnsafeMutablePointer<OpaquePointer?>?) -> Int32
    public let wait: @convention(c) (OpaquePointer?, UInt64) -> Int32
    public let addMatch: @convention(c) (OpaquePointer?, UnsafeMutablePointer<OpaquePointer?>?, UnsafePointer<CChar>, Handler?, UnsafeMutableRawPointer?) -> Int32
    public let newMethodCall: @convention(c) (OpaquePointer?, UnsafeMutablePointer<OpaquePointer?>, UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafePointer<CChar>) -> Int32
    public let call: @convention(c) (OpaquePointer?, OpaquePointer?, UInt64, UnsafeMutableRawPointer?, UnsafeMutablePointer<OpaquePointer?>?) -> Int32
    public let messageUnref: @convention(c) (OpaquePointer?) -> OpaquePointer?
    public let appendBasic: @convention(c) (OpaquePointer?, CChar, UnsafeRawPointer?) -> Int32
    public let openContainer: @convention(c) (OpaquePointer?, CChar, UnsafePointer<CChar>) -> Int32
    public let closeContainer: @convention(c) (OpaquePointer?) -> Int32
    public let readBasic: @convention(c) (OpaquePointer?, CChar, UnsafeMutableRawPointer?) -> Int32
    public let enterContainer: @convention(c) (OpaquePointer?, CChar, UnsafePointer<CChar>?) -> Int32
    public let exitContainer: @convention(c) (OpaquePointer?) -> Int32
    public let peekType: @convention(c) (OpaquePointer?, UnsafeMutablePointer<CChar>?, UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> Int32
    public let readArray: @convention(c) (OpaquePointer?, CChar, UnsafeMutablePointer<UnsafeRawPointer?>, UnsafeMutablePointer<Int>) -> Int32
    public let getPath: @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
    public let getMember: @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
    public let getInterface: @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
    public let errorFree: @convention(c) (UnsafeMutableRawPointer?) -> Void

    /// Loads libsystemd.so.0; a missing library or symbol is an error naming the package.
    public static func load() throws(NativeLibraryError) -> SdBus {
        let library = try NativeLibrary.open(name: "libsystemd", soname: "libsystemd.so.0", package: "libsystemd0")
        return try SdBus(library: library)
    }

    init(library lib: NativeLibrary) throws(NativeLibraryError) {
        library = lib
        new = try lib.function("sd_bus_new")
        setAddress = try lib.function("sd_bus_set_address")
        setBusClient = try lib.function("sd_bus_set_bus_client")
        start = try lib.function("sd_bus_start")
        openSystem = try lib.function("sd_bus_open_system")
        flushCloseUnref = try lib.function("sd_bus_flush_close_unref")
        process = try lib.function("sd_bus_process")
        wait = try lib.function("sd_bus_wait")
        addMatch = try lib.function("sd_bus_add_match")
        newMethodCall = try lib.function("sd_bus_message_new_method_call")
        call = try lib.function("sd_bus_call")
        messageUnref = try lib.function("sd_bus_message_unref")
        appendBasic = try lib.function("sd_bus_message_append_basic")
        openContainer = try lib.function("sd_bus_message_open_container")
        closeContainer = try lib.function("sd_bus_message_close_container")
        readBasic = try lib.function("sd_bus_message_read_basic")
        enterContainer = try lib.function("sd_bus_message_enter_container")
        exitContainer = try lib.function("sd_bus_message_exit_container")
        peekType = try lib.function("sd_bus_message_peek_type")
        readArray = try lib.function("sd_bus_message_read_array")
        getPath = try lib.function("sd_bus_message_get_path")
        getMember = try lib.function("sd_bus_message_get_member")
        getInterface = try lib.function("sd_bus_message_get_interface")
        errorFree = try lib.function("sd_bus_error_free")
    }
}

extension NativeLibrary {
    /// `symbol(_:as:)` with the function type taken from where the result goes.
    func function<T>(_ name: String) throws(NativeLibraryError) -> T { try symbol(name, as: T.self) }
}
