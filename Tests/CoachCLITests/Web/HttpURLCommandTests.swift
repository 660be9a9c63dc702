// `coach http url` without a gateway: the settings' address (else the default) with the token it
// makes on first use (0600), and `--qr` as a QR code that a real decoder (zbarimg) reads back as
// the same URL; without libqrencode the URL still prints and the command says what to install.

import Foundation
import Testing

@Suite("coach http url", .serialized)
struct HttpURLCommandTests {
    @Test func urlFromTheSettingsWithATokenMadeOnFirstUse() async throws {
        let home = try ScratchHome()
        try home.writeSettings("http:\n  listen: 127.0.0.1:9123\n")
        let first = try await runProcess(CoachBinary.located, ["http", "url"], environment: home.environment)
        #expect(first.status == 0, "\(first.stderr)")
        let tokenFile = home.root.appendingPathComponent("config/coach/http-token").path
        let token = try String(contentsOfFile: tokenFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(first.stdout == "http://127.0.0.1:9123/?token=\(token)\n")
        #expect(first.stderr.contains("no gateway serves the browser display now"))
        #expect(try FileManager.default.attributesOfItem(atPath: tokenFile)[.posixPermissions] as? Int == 0o600)
        let again = try await runProcess(CoachBinary.located, ["http", "url", "--overlay"], environment: home.environment)
        #expect(again.stdout == "http://127.0.0.1:9123/?token=\(token)&layout=overlay\n", "the same token again")
    }

    static var qrTools: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/zbarimg")
            && FileManager.default.fileExists(atPath: "/usr/lib/x86_64-linux-gnu/libqrencode.so.4")
    }

    @Test(.enabled(if: qrTools || ProcessInfo.processInfo.environment["CI"] == "true",
                   "needs libqrencode4 and zbar-tools (./test installs them; CI never skips)"))
    func qrCodeReadsBackAsTheURL() async throws {
        guard Self.qrTools else {
            Issue.record("libqrencode4 or zbar-tools is missing: scripts/apt-packages.txt lists them and ./test installs them")
            return
        }
        let home = try ScratchHome()
        let result = try await runProcess(CoachBinary.located, ["http", "url", "--qr"], environment: home.environment)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let url = try #require(lines.first)
        #expect(url.hasPrefix("http://127.0.0.1:8787/?token="))
        // The half blocks back into modules (drawn = light), scaled up, as a PGM for zbarimg.
        var rows: [[Bool]] = []
        for line in lines.dropFirst() {
            let pairs = line.map { ch -> (Bool, Bool) in ["█": (true, true), "▀": (true, false), "▄": (false, true)][ch] ?? (false, false) }
            rows.append(pairs.map(\.0))
            rows.append(pairs.map(\.1))
        }
        let scale = 6, width = (rows.first?.count ?? 0) * scale
        var image = Data("P5 \(width) \(rows.count * scale) 255\n".utf8)
        for row in rows {
            let line = row.flatMap { Array(repeating: UInt8($0 ? 255 : 0), count: scale) }
            for _ in 0..<scale { image.append(contentsOf: line) }
        }
        let file = home.root.appendingPathComponent("qr.pgm")
        try image.write(to: file)
        let decoded = try await runProcess("/usr/bin/zbarimg", ["-q", "--raw", file.path])
        #expect(decoded.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == url)
    }

    @Test func withoutTheLibraryTheURLStillPrints() async throws {
        let home = try ScratchHome()
        let result = try await runProcess(CoachBinary.located, ["http", "url", "--qr"], environment: home.environment.merging(["COACH_NATIVE_LIBS": "none"]) { $1 })
        #expect(result.status != 0)
        #expect(result.stdout.hasPrefix("http://127.0.0.1:8787/?token="))
        #expect(result.stderr.contains("libqrencode4"), "\(result.stderr)")
    }
}
