// QR codes for `coach http url --qr`, through Debian's libqrencode4 loaded at run time (CoachNative):
// nothing is linked at build time, and without the library the URL is printed alone with a note
// naming the package. The modules become terminal text in QRText (CoachWeb).

import CoachNative

enum QRCode {
    // QRcode *QRcode_encodeString(const char *string, int version, QRecLevel level, QRencodeMode hint, int casesensitive)
    private typealias Encode = @convention(c) (UnsafePointer<CChar>?, Int32, Int32, Int32, Int32) -> UnsafeMutableRawPointer?
    private typealias Free = @convention(c) (UnsafeMutableRawPointer?) -> Void

    struct Unavailable: Error, CustomStringConvertible {
        let description: String
    }

    /// The modules of `text` (error correction M, 8-bit mode, the smallest version that fits);
    /// `modules[y][x]` true = dark.
    static func modules(_ text: String) throws -> [[Bool]] {
        let library: NativeLibrary
        do { library = try NativeLibrary.open(name: "qrencode", soname: "libqrencode.so.4", package: "libqrencode4") } catch {
            throw Unavailable(description: error.description)
        }
        let encode = try library.symbol("QRcode_encodeString", as: Encode.self)
        let free = try library.symbol("QRcode_free", as: Free.self)
        // QR_ECLEVEL_M = 1, QR_MODE_8 = 2 (qrencode.h); case-sensitive.
        guard let code = text.withCString({ encode($0, 0, 1, 2, 1) }) else {
            throw Unavailable(description: "libqrencode could not encode the URL")
        }
        defer { free(code) }
        // struct QRcode { int version; int width; unsigned char *data; } — bit 0 of each byte: dark.
        let width = Int(code.load(fromByteOffset: 4, as: Int32.self))
        guard (21...177).contains(width), let data = code.load(fromByteOffset: 8, as: UnsafePointer<UInt8>?.self) else {
            throw Unavailable(description: "libqrencode returned no code")
        }
        return (0..<width).map { y in (0..<width).map { x in data[y * width + x] & 1 == 1 } }
    }
}
