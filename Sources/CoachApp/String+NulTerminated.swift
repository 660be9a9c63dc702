// A C string read into a Swift array by a libc call (gethostname, readlink, fgets): the bytes up
// to the first NUL, as UTF-8 (invalid bytes repaired). String(cString:) on an array is deprecated.

extension String {
    /// Package-wide: ResidentCode (coach) reads /proc lines with it too.
    package init(nulTerminated buffer: [CChar]) {
        self.init(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
