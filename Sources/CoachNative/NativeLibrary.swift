// Optional C libraries loaded at run time (dlopen/dlsym), so `swift run coach` builds and runs on a
// machine without their -dev packages: voice (pocketsphinx, espeak-ng), audio (ALSA), sensors
// (libsystemd's sd-bus). Each library gets one small loader elsewhere that resolves its symbols into
// Swift `@convention(c)` function types through `symbol(_:as:)`; a missing library or symbol becomes
// a `NativeLibraryError` naming the Debian package to install, and the rest of Coach keeps working.
//
// Test seam: COACH_NATIVE_LIBS=none makes every optional library unavailable; a comma-separated list
// of short names (`pocketsphinx,espeak-ng`) makes only those available.

#if canImport(Glibc)
import Glibc
#endif

public struct NativeLibrary: @unchecked Sendable {  // the handle is never closed, so sharing is safe
    public let name: String
    public let soname: String
    public let package: String
    private let handle: UnsafeMutableRawPointer

    /// Opens `soname` (e.g. "libespeak-ng.so.1"); `name` is the short name the seam uses
    /// ("espeak-ng") and `package` the Debian package that provides it ("libespeak-ng1").
    public static func open(name: String, soname: String, package: String) throws(NativeLibraryError) -> NativeLibrary {
        guard allowed(name) else {
            throw NativeLibraryError(library: name, package: package, reason: "disabled by COACH_NATIVE_LIBS")
        }
        guard let handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "\(soname) not found"
            throw NativeLibraryError(library: name, package: package, reason: reason)
        }
        return NativeLibrary(name: name, soname: soname, package: package, handle: handle)
    }

    /// The C function `symbol`, as the Swift function type `T` (a `@convention(c)` type).
    public func symbol<T>(_ symbol: String, as type: T.Type) throws(NativeLibraryError) -> T {
        guard let address = dlsym(handle, symbol) else {
            throw NativeLibraryError(library: name, package: package, reason: "\(soname) has no symbol \(symbol)")
        }
        return unsafeBitCast(address, to: type)
    }

    static func allowed(_ name: String) -> Bool {
        guard let setting = getenv("COACH_NATIVE_LIBS").map({ String(cString: $0) }), !setting.isEmpty else { return true }
        if setting == "none" { return false }
        return setting.split(separator: ",").contains { $0.filter { $0 != " " } == name }
    }
}

public struct NativeLibraryError: Error, CustomStringConvertible, Sendable {
    public let library: String
    public let package: String
    public let reason: String

    public init(library: String, package: String, reason: String) {
        self.library = library
        self.package = package
        self.reason = reason
    }

    public var description: String {
        "\(library) is not available (\(reason)). Install it with: sudo apt-get install \(package)"
    }
}
