// A fresh machine (#20): the executable links none of the optional native libraries, the manifest
// has no system-library target but CReadline, `coach doctor` names what to install (also with the
// libraries made unavailable through COACH_NATIVE_LIBS), and the REPL starts without them.

import Foundation
import Testing

@Suite struct FreshMachineTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test func coachLinksNoOptionalNativeLibrary() async throws {
        let coach = try #require(CoachBinary.path())
        let r = try await runProcess("/usr/bin/ldd", [coach])
        #expect(r.status == 0)
        for lib in ["libpocketsphinx", "libsphinxbase", "libespeak-ng", "libasound", "libsystemd", "libmosquitto"] {
            #expect(!r.stdout.contains(lib), "coach links \(lib):\n\(r.stdout)")
        }
    }

    @Test func manifestHasNoSystemLibraryTargetButReadline() async throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let names = manifest.components(separatedBy: ".systemLibrary(").dropFirst().map { part in
            part.split(separator: "\"", maxSplits: 2).dropFirst().first.map(String.init) ?? "?"
        }
        #expect(names == ["CReadline"])
    }

    @Test func doctorNamesThePackagesWhenLibrariesAreMissing() async throws {
        let home = try ScratchHome()
        let coach = try #require(CoachBinary.path())
        var env = home.environment
        env["COACH_NATIVE_LIBS"] = "none"
        let r = try await runProcess(coach, ["doctor"], environment: env)
        #expect(r.status == 0)
        #expect(r.stdout.contains("missing  voice in (coach listen)"))
        let install = try #require(r.stdout.split(separator: "\n").last { $0.contains("apt-get install") })
        for package in ["libpocketsphinx3", "libespeak-ng1", "libasound2", "libsystemd0", "libmosquitto1"] {
            #expect(install.contains(package), "\(install)")
        }
        // Only one library allowed: the others are still named.
        env["COACH_NATIVE_LIBS"] = "espeak-ng"
        let r2 = try await runProcess(coach, ["doctor", "--json"], environment: env)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r2.stdout.utf8)) as? [String: Any])
        let install2 = try #require(object["install"] as? String)
        #expect(install2.contains("libpocketsphinx3"))
        #expect(!install2.contains("libespeak-ng1"), "\(install2)")
    }

    @Test func doctorOnThisMachineSeesTheVoiceLibraries() async throws {
        let coach = try #require(CoachBinary.path())
        let r = try await runProcess(coach, ["doctor"])
        #expect(r.stdout.contains("ok       voice in (coach listen)"), "\(r.stdout)")
        #expect(r.stdout.contains("ok       voice out, English (--speak)"), "\(r.stdout)")
    }

    @Test func scriptsRunWithoutTheNativeLibraries() async throws {
        let home = try ScratchHome()
        let r = try await home.coach(["--guest"], environment: ["COACH_NATIVE_LIBS": "none"], stdin: "status\n")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!r.stdout.isEmpty)
    }
}
