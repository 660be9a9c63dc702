// ./install and ./install --uninstall into a temporary prefix: every file where the docs say, the
// units starting the coach installed, a second install harmless, and an uninstall that leaves the
// prefix exactly as it found it (a file and an empty directory of someone else's included); the
// installed Intents/ the repository's file by file, and the installed coach says Japanese from its readings.
// COACH_INSTALL_BUILT hands it the debug build, so the test builds no release.

import CoachVoice
import CoachWire
import Foundation
import Testing

@Suite(.serialized) struct InstallTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// Runs ./install with `arguments`; HOME is a scratch folder, so nothing of the user's is touched.
    static func install(_ arguments: [String], home: String) async throws -> (status: Int32, output: String) {
        let built = URL(fileURLWithPath: CoachBinary.located).deletingLastPathComponent().path
        let result = try await runProcess(root + "/install", arguments, environment: ["HOME": home, "COACH_INSTALL_BUILT": built])
        return (result.status, result.stdout + result.stderr)
    }

    /// Every path under `directory`, relative, sorted: what "exactly as it was" compares.
    static func tree(_ directory: String) -> [String] {
        (FileManager.default.subpaths(atPath: directory) ?? []).sorted()
    }

    /// The regular files under `directory`, relative, sorted.
    static func files(_ directory: String) -> [String] {
        tree(directory).filter {
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: directory + "/" + $0, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
    }

    /// The installed coach says a Japanese reply from its kanji readings (share/coach/Intents/ja/
    /// _readings.tsv): espeak-ng is given kana, so no "some kanji have no reading" note. Without the
    /// table the same reply brings the note — what an install that left the .tsv behind did. With an
    /// Open JTalk HTS voice the readings are not used and only the reply is checked.
    static func saysJapaneseWithReadings(prefix: String, home: String) async throws {
        let coach = prefix + "/bin/coach", readings = prefix + "/share/coach/Intents/ja/_readings.tsv"
        let runner = CoachRunner()
        defer { runner.cleanUp() }
        var environment = runner.environment
        environment.removeValue(forKey: "COACH_INTENTS")
        environment["HOME"] = home
        environment["COACH_IDLE_EXIT"] = "15s"
        let wav = runner.home + "/ja.wav"
        let missing = "some kanji have no reading"
        func pause() async throws -> ProcessResult {
            try await runProcess(coach, ["pause", "--lang", "ja", "--speak-to", wav], environment: environment)
        }
        try await withCleanup({ _ = try? await runProcess(coach, ["shutdown"], environment: environment) }) {
            let said = try await pause()
            let reply = said.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(JapaneseSpeech.hasKanji(reply), "the reply should hold kanji: \(reply) \(said.stderr)")
            #expect(FileManager.default.fileExists(atPath: wav), "\(said.stderr)")
            guard JapaneseSpeech.findVoice(configured: nil) == nil else { return }
            #expect(!said.stderr.contains(missing), "\(said.stderr)")
            // The control: the same reply from an install without the table (the next install puts it back).
            try FileManager.default.removeItem(atPath: readings)
            let unread = try await pause()
            #expect(unread.stderr.contains(missing), "without _readings.tsv the kanji go unread: \(unread.stderr)")
        }
    }

    @Test func installsWhereTheDocsSayAndUninstallsExactlyThat() async throws {
        let scratch = "/tmp/coach-install-\(getpid())-\(UUID().uuidString.prefix(6))"
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let prefix = scratch + "/prefix", home = scratch + "/home"
        let fileManager = FileManager.default
        try fileManager.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
        try fileManager.createDirectory(atPath: prefix + "/share/empty", withIntermediateDirectories: true)
        try fileManager.createDirectory(atPath: home, withIntermediateDirectories: true)
        try "someone else's".write(toFile: prefix + "/bin/other-tool", atomically: true, encoding: .utf8)
        let before = Self.tree(prefix)

        let first = try await Self.install(["--prefix", prefix], home: home)
        #expect(first.status == 0, "\(first.output)")
        for file in ["bin/coach", "bin/coach-status"] { #expect(fileManager.isExecutableFile(atPath: prefix + "/" + file), "\(file)") }
        for file in ["share/bash-completion/completions/coach", "share/zsh/site-functions/_coach",
                     "share/fish/vendor_completions.d/coach.fish"] {
            let text = try String(contentsOfFile: prefix + "/" + file, encoding: .utf8)
            #expect(text.contains("coach") && text.contains("status"), "\(file) is not coach's completion script")
        }
        let service = try String(contentsOfFile: prefix + "/share/systemd/user/coach.service", encoding: .utf8)
        #expect(service.contains("ExecStart=\(prefix)/bin/coach serve\n"))
        #expect(fileManager.fileExists(atPath: prefix + "/share/systemd/user/coach.socket"))
        // The vocabulary beside the binary, where an installed coach looks for it: Intents/ whole,
        // file by file, whatever the kind (the readings are a .tsv), but the test corpora.
        let intents = prefix + "/share/coach/Intents"
        let repository = Self.files(Self.root + "/Intents").filter { !$0.hasPrefix("tests/") }
        #expect(repository.contains("ja/_readings.tsv") && repository.contains("ja/_responses.yaml"))
        #expect(Self.files(intents) == repository, "the installed Intents/ is the repository's, tests/ left out")
        for file in repository {
            #expect(fileManager.contentsEqual(atPath: intents + "/" + file, andPath: Self.root + "/Intents/" + file), "\(file)")
        }
        #expect(!fileManager.fileExists(atPath: intents + "/tests"), "the test corpora are not installed")
        let runner = CoachRunner()
        defer { runner.cleanUp() }
        let version = try await runner.run(["--version"], executable: prefix + "/bin/coach")
        #expect(version.1 == CoachVersion.current + "\n")
        // The plan library beside the vocabulary: the installed coach offers it with nothing added.
        let shipped = try fileManager.contentsOfDirectory(atPath: Self.root + "/Intents/plans").filter { $0.hasSuffix(".yaml") }
        #expect(shipped.count >= 12)
        for file in shipped {
            #expect(fileManager.contentsEqual(atPath: prefix + "/share/coach/Intents/plans/" + file,
                                              andPath: Self.root + "/Intents/plans/" + file), "\(file)")
        }
        var environment = runner.environment
        environment.removeValue(forKey: "COACH_INTENTS")
        let library = try await runProcess(prefix + "/bin/coach", ["plan", "list", "--library", "--json"], environment: environment)
        let listed = try JSONSerialization.jsonObject(with: Data(library.stdout.utf8)) as? [String: Any]
        #expect((listed?["library"] as? [Any])?.count == shipped.count, "\(library.stdout) \(library.stderr)")

        let manifest = try String(contentsOfFile: prefix + "/share/coach/install-manifest", encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let installed = Set(Self.tree(prefix)).subtracting(before).map { prefix + "/" + $0 }
        #expect(Set(manifest.map { String($0.dropFirst(2)) }) == Set(installed), "the manifest names all it made, and only that")
        #expect(!manifest.contains("d \(prefix)/bin"), "bin was there before")
        // Last before the second install, which puts back the readings this takes away for its control.
        try await Self.saysJapaneseWithReadings(prefix: prefix, home: home)

        let again = try await Self.install(["--prefix", prefix], home: home)
        #expect(again.status == 0, "\(again.output)")
        let second = try String(contentsOfFile: prefix + "/share/coach/install-manifest", encoding: .utf8)
        #expect(second.split(separator: "\n").map(String.init) == manifest, "a second install makes and lists the same")

        let removed = try await Self.install(["--uninstall", "--prefix", prefix], home: home)
        #expect(removed.status == 0, "\(removed.output)")
        #expect(Self.tree(prefix) == before)
        #expect(try await Self.install(["--uninstall", "--prefix", prefix], home: home).status != 0, "nothing left to remove")
    }
}
