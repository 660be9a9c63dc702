// CoachSettings: the user's settings file, `$XDG_CONFIG_HOME/coach/config.yaml` (docs/settings.md).
// A small Codable value; every field is optional in the file (a missing key keeps its default), an
// unknown key is ignored (a newer Coach may have written it), a bad value is an error naming the key.
// Other features add their own section as a nested Codable struct with defaults.

import Foundation
import Yams

public struct CoachSettings: Codable, Sendable, Equatable {
    /// Distance units for spoken and printed milestones.
    public enum Units: String, Codable, Sendable, CaseIterable { case km, mi }

    public struct Voice: Codable, Sendable, Equatable {
        /// Speak replies, countdowns and milestones (like `--speak`).
        public var speak: Bool = false
        /// espeak-ng voice per language, e.g. {en: "en-us", ja: "ja"}.
        public var voices: [String: String] = ["en": "en-us", "ja": "ja"]
        /// Open JTalk HTS voice file for Japanese; nil = look in the usual places.
        public var japaneseVoiceFile: String? = nil
        /// Who says English replies: "auto" (the Piper voice when `coach voice install --tts` put it
        /// there, else espeak-ng), "piper" (the same, with a note when it is missing) or "espeak".
        public var tts: String = "auto"
        /// Keyphrase that must precede a command when listening with --wake (e.g. "hey coach").
        public var wakePhrase: String = "hey coach"
        /// ALSA capture device for `coach listen` ("default", "hw:1,0", …).
        public var inputDevice: String = "default"
        /// ALSA playback device for speech.
        public var outputDevice: String = "default"
        /// speexdsp's noise suppression before listening (`coach listen --front-end`); nil: the
        /// measured default (FrontEndPolicy, docs/voice.md).
        public var frontEnd: Bool? = nil
        /// The noise front end (`coach listen --denoiser`): auto, rnnoise, speexdsp or off; nil: auto
        /// (speexdsp as front_end says, else RNNoise for the VAD with hama when installed: docs/voice.md, "RNNoise").
        public var denoiser: String? = nil
        /// Frequency warping for `coach listen` and `/listen` (like `--warp`): "auto", "off" or a
        /// factor from 0.6 to 1.5 (below 1 for a low voice); nil: off (docs/voice.md).
        public var warp: String? = nil

        public init() {}

        enum CodingKeys: String, CodingKey {
            case speak, voices, japaneseVoiceFile = "japanese_voice_file", wakePhrase = "wake_phrase", tts
            case inputDevice = "input_device", outputDevice = "output_device", frontEnd = "front_end", warp
            case denoiser
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            let d = Voice()
            speak = try c.decodeIfPresent(Bool.self, forKey: .speak) ?? d.speak
            voices = d.voices.merging(try c.decodeIfPresent([String: String].self, forKey: .voices) ?? [:]) { $1 }
            japaneseVoiceFile = try c.decodeIfPresent(String.self, forKey: .japaneseVoiceFile)
            tts = try c.decodeIfPresent(String.self, forKey: .tts) ?? d.tts
            guard Self.ttsEngines.contains(tts) else {
                throw DecodingError.dataCorruptedError(forKey: .tts, in: c, debugDescription: Self.ttsEngines.joined(separator: ", "))
            }
            wakePhrase = try c.decodeIfPresent(String.self, forKey: .wakePhrase) ?? d.wakePhrase
            inputDevice = try c.decodeIfPresent(String.self, forKey: .inputDevice) ?? d.inputDevice
            outputDevice = try c.decodeIfPresent(String.self, forKey: .outputDevice) ?? d.outputDevice
            frontEnd = try c.decodeIfPresent(Bool.self, forKey: .frontEnd)
            denoiser = try c.decodeIfPresent(String.self, forKey: .denoiser)
            if let denoiser, !Self.denoisers.contains(denoiser) {
                throw DecodingError.dataCorruptedError(forKey: .denoiser, in: c, debugDescription: Self.denoisers.joined(separator: ", "))
            }
            // YAML reads `warp: 0.8` as a number and `warp: auto` as text: either is taken.
            if let factor = try? c.decodeIfPresent(Double.self, forKey: .warp) {
                warp = String(factor)
            } else {
                warp = try c.decodeIfPresent(String.self, forKey: .warp)
            }
            if let warp, !Self.isWarp(warp) {
                throw DecodingError.dataCorruptedError(forKey: .warp, in: c,
                                                       debugDescription: "auto, off, or a factor from 0.6 to 1.5 (below 1 for a low voice)")
            }
        }

        /// What `voice.denoiser` may say (CoachVoice's FrontEndPolicy.Choice reads the same).
        public static let denoisers = ["auto", "rnnoise", "speexdsp", "off"]

        /// What `voice.tts` may say.
        public static let ttsEngines = ["auto", "piper", "espeak"]

        /// What `voice.warp` may say (CoachVoice's WarpMode reads the same).
        static func isWarp(_ text: String) -> Bool {
            text == "auto" || text == "off" || Double(text).map { (0.6...1.5).contains($0) } ?? false
        }
    }

    public var units: Units = .km
    public var voice = Voice()
    /// Bluetooth sensors `coach sensor add` remembered (CoachSettings+Sensors.swift).
    public var sensors: [Sensor] = []
    /// Maximum heart rate for zones, or an age to estimate it from.
    public var heartRate = HeartRate()
    /// Auto-pause on or off per activity (HealthKit names): `{running: false, hiking: true}`.
    public var autoPause: [String: Bool] = [:]
    /// The browser display (CoachSettings+Http.swift).
    public var http = Http()
    /// MQTT and Home Assistant (CoachSettings+MQTT.swift).
    public var mqtt = MQTT()
    /// Assist's intent and handle service (CoachSettings+Wyoming.swift).
    public var wyoming = Wyoming()
    /// A class of riders on one broker (CoachSettings+Class.swift).
    public var `class` = Class()
    /// What the privacy lock follows (CoachSettings+Lock.swift).
    public var lock = Lock()

    /// Weight, age, sex and FTP for generated energy and power zones (CoachSettings+Profile.swift).
    public var profile = Profile()
    /// What a workout announces and says (CoachSettings+Announce.swift).
    public var announce = Announce()

    public init() {}

    enum CodingKeys: String, CodingKey { case units, voice, sensors, heartRate = "heart_rate", autoPause = "auto_pause", http, mqtt, wyoming, `class`, lock, profile, announce }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        units = try c.decodeIfPresent(Units.self, forKey: .units) ?? .km
        voice = try c.decodeIfPresent(Voice.self, forKey: .voice) ?? Voice()
        sensors = try c.decodeIfPresent([Sensor].self, forKey: .sensors) ?? []
        heartRate = try c.decodeIfPresent(HeartRate.self, forKey: .heartRate) ?? HeartRate()
        autoPause = try c.decodeIfPresent([String: Bool].self, forKey: .autoPause) ?? [:]
        http = try c.decodeIfPresent(Http.self, forKey: .http) ?? Http()
        mqtt = try c.decodeIfPresent(MQTT.self, forKey: .mqtt) ?? MQTT()
        wyoming = try c.decodeIfPresent(Wyoming.self, forKey: .wyoming) ?? Wyoming()
        `class` = try c.decodeIfPresent(Class.self, forKey: .class) ?? Class()
        lock = try c.decodeIfPresent(Lock.self, forKey: .lock) ?? Lock()
        profile = try c.decodeIfPresent(Profile.self, forKey: .profile) ?? Profile()
        announce = try c.decodeIfPresent(Announce.self, forKey: .announce) ?? Announce()
    }
}

public struct SettingsError: Error, CustomStringConvertible, Sendable {
    public let path: String
    public let reason: String
    public var description: String { "\(path): \(reason)" }
}

extension CoachSettings {
    /// `$XDG_CONFIG_HOME/coach/config.yaml`, else `~/.config/coach/config.yaml`.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let base = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.config"
        return base + "/coach/config.yaml"
    }

    /// Parses the YAML text of a settings file; empty text is the defaults.
    public static func parse(_ text: String, path: String = "config.yaml") throws(SettingsError) -> CoachSettings {
        if text.allSatisfy({ $0.isWhitespace }) { return CoachSettings() }
        do {
            return try YAMLDecoder().decode(CoachSettings.self, from: text)
        } catch let error as DecodingError {
            throw SettingsError(path: path, reason: Self.explain(error))
        } catch {
            throw SettingsError(path: path, reason: "\(error)")
        }
    }

    /// Loads the settings file; a missing file is the defaults, an unreadable or invalid one an error.
    public static func load(path: String = defaultPath()) throws(SettingsError) -> CoachSettings {
        guard FileManager.default.fileExists(atPath: path) else { return CoachSettings() }
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw SettingsError(path: path, reason: "cannot read the file as UTF-8 text")
        }
        return try parse(text, path: path)
    }

    /// The YAML text of these settings (what `coach doctor --settings` shows; a template to edit).
    public func yaml() -> String {
        (try? YAMLEncoder().encode(self)) ?? ""
    }

    private static func explain(_ error: DecodingError) -> String {
        func keyPath(_ context: DecodingError.Context) -> String {
            context.codingPath.map(\.stringValue).joined(separator: ".")
        }
        switch error {
        case .typeMismatch(_, let c), .valueNotFound(_, let c), .keyNotFound(_, let c):
            return "bad value for '\(keyPath(c))': \(c.debugDescription)"
        case .dataCorrupted(let c):
            let key = keyPath(c)
            return key.isEmpty ? c.debugDescription : "bad value for '\(key)': \(c.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }
}
