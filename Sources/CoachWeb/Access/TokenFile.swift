// TokenFile: the HTTP display's access token, `$XDG_CONFIG_HOME/coach/http-token`. Made at first
// use — 32 random bytes as hex, written to a file created 0600 with O_EXCL, so two first uses at
// once (the gateway and `coach http url`) agree on one token and nobody else can ever read it.
// A file another user could read is tightened to 0600 and said so; delete it to get a new token.

import CoachWire
import Foundation
#if canImport(Glibc)
import Glibc
#endif

public enum TokenFile {
    public static let fileName = "http-token"

    /// `$XDG_CONFIG_HOME/coach/http-token`, else `~/.config/coach/http-token`.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let base = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.config"
        return base + "/coach/" + fileName
    }

    public struct Problem: Error, CustomStringConvertible {
        public let description: String
    }

    /// The token in `path`, made first if there is none. `note` hears a permission repair.
    public static func load(path: String, note: (String) -> Void = { _ in }) throws(Problem) -> String {
        if let existing = try read(path: path, note: note) { return existing }
        let directory = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw Problem(description: "cannot create \(directory): \(error.localizedDescription)")
        }
        let token = generate()
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor < 0 {
            // Someone made it first: theirs is the token.
            if errno == EEXIST, let theirs = try read(path: path, note: note) { return theirs }
            throw Problem(description: "cannot create \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        let line = Array((token + "\n").utf8)
        let written = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == line.count, fsync(descriptor) == 0 else {
            unlink(path)
            throw Problem(description: "cannot write \(path): \(String(cString: strerror(errno)))")
        }
        return token
    }

    /// The token if the file exists and holds one; its mode is tightened to 0600 if looser.
    static func read(path: String, note: (String) -> Void) throws(Problem) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        if info.st_mode & 0o077 != 0 {
            chmod(path, 0o600)
            note("\(path) could be read by others; it is 0600 now — delete it for a new token if that mattered")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Problem(description: "cannot read \(path)")
        }
        let token = String(decoding: data, as: UTF8.self).filter { !$0.isWhitespace }
        guard token.count >= 16, token.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
            throw Problem(description: "\(path) does not hold a token (16 or more letters and digits); delete it to make a new one")
        }
        return token
    }

    /// 256 bits from the system's generator (getrandom), as 64 hex digits: URL-safe as it is.
    static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in
            let byte = UInt8.random(in: .min ... .max, using: &generator)
            return String(byte, radix: 16).leftPadded(to: 2)
        }.joined()
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
