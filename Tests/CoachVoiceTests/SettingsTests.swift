// The settings file: defaults, partial files, bad values named by key, the XDG path.

import CoachSettings
import Testing

@Suite struct SettingsTests {
    @Test func emptyFileIsTheDefaults() throws {
        let s = try CoachSettings.parse("")
        #expect(s == CoachSettings())
        #expect(s.units == .km)
        #expect(s.voice.speak == false)
        #expect(s.voice.voices["en"] == "en-us")
    }

    @Test func partialFileKeepsOtherDefaults() throws {
        let s = try CoachSettings.parse("""
            units: mi
            voice:
              speak: true
              wake_phrase: okay coach
              voices: {en: en-gb}
              input_device: hw:1,0
            """)
        #expect(s.units == .mi)
        #expect(s.voice.speak)
        #expect(s.voice.wakePhrase == "okay coach")
        #expect(s.voice.voices["en"] == "en-gb")
        #expect(s.voice.voices["ja"] == "ja")  // kept from the defaults
        #expect(s.voice.inputDevice == "hw:1,0")
        #expect(s.voice.outputDevice == "default")
    }

    @Test func badValueNamesTheKey() {
        #expect { try CoachSettings.parse("units: furlongs") } throws: { error in
            "\(error)".contains("units")
        }
        #expect { try CoachSettings.parse("voice:\n  speak: maybe") } throws: { error in
            "\(error)".contains("voice.speak")
        }
    }

    /// `voice.warp`, as `--warp` takes it: a factor (YAML's number), auto or off; anything else
    /// names the key.
    @Test func theWarpIsAFactorAutoOrOff() throws {
        #expect(try CoachSettings.parse("").voice.warp == nil)
        #expect(try CoachSettings.parse("voice:\n  warp: 0.8\n").voice.warp == "0.8")
        #expect(try CoachSettings.parse("voice:\n  warp: auto\n").voice.warp == "auto")
        #expect(try CoachSettings.parse("voice:\n  warp: off\n").voice.warp == "off")
        for bad in ["2", "0.3", "lower", "yes"] {
            #expect { try CoachSettings.parse("voice:\n  warp: \(bad)\n") } throws: { error in
                "\(error)".contains("voice.warp")
            }
        }
    }

    @Test func theClassSectionIsTopicNamesAndABroker() throws {
        let s = try CoachSettings.parse("class:\n  name: spin-0700\n  rider: anna_k\n  url: mqtt://gym.local:1883\n")
        #expect(s.class.name == "spin-0700")
        #expect(s.class.rider == "anna_k")
        #expect(s.class.url == "mqtt://gym.local:1883")
        #expect(try CoachSettings.parse("").class == CoachSettings.Class())
        // A topic level: a slash or a wildcard would put the rider in another place, or everywhere.
        #expect { try CoachSettings.parse("class:\n  name: spin\n  rider: a/b\n") } throws: { error in
            "\(error)".contains("class.rider")
        }
        #expect { try CoachSettings.parse("class:\n  name: '#'\n") } throws: { error in
            "\(error)".contains("class.name")
        }
        var round = CoachSettings()
        round.class.name = "spin"
        #expect(try CoachSettings.parse(round.yaml()) == round)
    }

    @Test func homeAssistantNamesItsEntitiesInTheLanguageSaid() throws {
        #expect(try CoachSettings.parse("mqtt:\n  url: mqtt://broker.local\n").mqtt.language == .en)
        #expect(try CoachSettings.parse("mqtt:\n  url: mqtt://broker.local\n  language: ja\n").mqtt.language == .ja)
        #expect(throws: SettingsError.self) { try CoachSettings.parse("mqtt:\n  language: fr\n") }
        do {
            _ = try CoachSettings.parse("mqtt:\n  language: fr\n")
        } catch {
            #expect(error.description.contains("mqtt.language"), "\(error)")
            #expect(error.description.contains("en or ja"), "\(error)")
        }
        let japanese = try CoachSettings.parse("mqtt:\n  language: ja\n")
        #expect(try CoachSettings.parse(japanese.yaml()) == japanese, "written back as read")
    }

    @Test func lockFollowIsOffUnlessSaidAndNamedWhenWrong() throws {
        #expect(try CoachSettings.parse("units: km").lock.follow == .off)
        #expect(try CoachSettings.parse("lock:\n  follow: logind\n").lock.follow == .logind)
        #expect { try CoachSettings.parse("lock:\n  follow: screensaver\n") } throws: { error in
            "\(error)".contains("lock.follow")
        }
        var s = CoachSettings()
        s.lock.follow = .logind
        #expect(try CoachSettings.parse(s.yaml()) == s)
    }

    @Test func unknownKeysAreIgnored() throws {
        let s = try CoachSettings.parse("units: mi\nsomething_new: 3\n")
        #expect(s.units == .mi)
    }

    @Test func roundTrip() throws {
        var s = CoachSettings()
        s.units = .mi
        s.voice.speak = true
        #expect(try CoachSettings.parse(s.yaml()) == s)
    }

    @Test func pathFollowsXDG() {
        #expect(CoachSettings.defaultPath(environment: ["XDG_CONFIG_HOME": "/x/cfg", "HOME": "/h"]) == "/x/cfg/coach/config.yaml")
        #expect(CoachSettings.defaultPath(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/h"]) == "/h/.config/coach/config.yaml")
    }
}
