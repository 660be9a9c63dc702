// The token file: made at first use with 0600 and kept, tightened when readable by others,
// refused when it holds no token.

import CoachWeb
import Foundation
import Testing

@Suite struct TokenFileTests {
    static func scratch() -> String {
        NSTemporaryDirectory() + "coach-token-\(UUID().uuidString.prefix(8))/coach/http-token"
    }

    @Test func madeOnceWithMode0600() throws {
        let path = Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let token = try TokenFile.load(path: path)
        #expect(token.count == 64 && token.allSatisfy(\.isHexDigit))
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        #expect(mode == 0o600)
        #expect(try TokenFile.load(path: path) == token, "the same token the second time")
        #expect(try TokenFile.load(path: Self.scratch()) != token, "random per file")
    }

    @Test func aLooseFileIsTightenedAndSaidSo() throws {
        let path = Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let token = try TokenFile.load(path: path)
        chmod(path, 0o644)
        var notes: [String] = []
        #expect(try TokenFile.load(path: path, note: { notes.append($0) }) == token)
        #expect(notes.count == 1)
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o600)
    }

    @Test func aFileWithoutATokenIsAnError() throws {
        let path = Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: path, contents: Data("short\n".utf8), attributes: [.posixPermissions: 0o600]))
        #expect(throws: TokenFile.Problem.self) { try TokenFile.load(path: path) }
    }
}
