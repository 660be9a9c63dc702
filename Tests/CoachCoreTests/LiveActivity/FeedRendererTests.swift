// Renderers: every presentation × format × state, with the exact shapes consumers parse.

import CoachWire
import Foundation
import Testing
@testable import CoachCore

@Suite struct FeedRendererTests {
    static let formats = FeedFormat.allCases
    static let presentations = FeedPresentation.allCases

    // MARK: - Exact forms

    @Test func compactTextRunning() {
        let text = Fixture.Case.running.content().render(presentation: .compact, format: .text)
        #expect(text == "▶ run 10:05 ♥173")
    }

    @Test func minimalShowsGlyphAndTimeOrCountdown() {
        #expect(Fixture.Case.running.content().render(presentation: .minimal, format: .text) == "▶ 10:05")
        #expect(Fixture.Case.countdown.content().render(presentation: .minimal, format: .text) == "◷ 3")
        #expect(Fixture.Case.paused.content().render(presentation: .minimal, format: .text) == "‖ 10:05")
    }

    @Test func expandedTextRunning() {
        let text = Fixture.Case.running.content().render(presentation: .expanded, format: .text)
        #expect(text == """
            ▶ outdoor run
            In progress
            Elapsed 10:05
            ♥ 173 bpm · 4.56 km · 389 kcal · 2:12 /km · 166 spm · 251 W
            Goal 10 km ████░░░░░░ 45%
            Laps 2
            """)
    }

    @Test func expandedJapanese() {
        let text = Fixture.Case.running.content().render(presentation: .expanded, format: .text, language: .ja)
        #expect(text.hasPrefix("▶ 屋外ランニング\n計測中\n経過 10:05\n♥ 173 bpm"))
        #expect(text.contains("目標 10 km"))
        #expect(text.contains("ラップ 2"))
        #expect(Fixture.Case.paused.content().render(presentation: .compact, format: .text, language: .ja) == "‖ ランニング 10:05 ♥173")
    }

    @Test func staleShowsDashesNotTheLastValue() {
        for format in Self.formats {
            let out = Fixture.Case.stale.content().render(presentation: .expanded, format: format)
            #expect(out.contains("--"), "\(format)")
            for digits in Fixture.metricDigits { #expect(!out.contains(digits), "\(format) leaks \(digits)") }
        }
        #expect(Fixture.Case.stale.content().render(presentation: .compact, format: .text) == "▶ run 10:05 ♥--")
    }

    @Test func idleIsEmptyForBarsAndSaysSoExpanded() {
        let idle = Fixture.Case.idle.content()
        #expect(idle.render(presentation: .compact, format: .text) == "")
        #expect(idle.render(presentation: .compact, format: .tmux) == "")
        #expect(idle.render(presentation: .compact, format: .polybar) == "")
        #expect(idle.render(presentation: .compact, format: .i3bar) == "[]")
        #expect(idle.render(presentation: .expanded, format: .text) == "○ No workout")
    }

    @Test func endedShowsTheSummary() {
        let text = Fixture.Case.ended.content().render(presentation: .expanded, format: .text)
        #expect(text.hasPrefix("✓ outdoor run\nEnded\nElapsed 10:05\n♥ 173 bpm"))
    }

    // MARK: - Privacy

    @Test(arguments: Fixture.Case.allCases)
    func lockedNeverShowsAMetric(state: Fixture.Case) {
        // Lock every state: the lock is applied on top of whichever content the state produced.
        var content = state.content(name: "Tempo 5k @ 4:30")
        if let attributes = content.attributes { content.attributes = attributes.redacted() }
        content.state = content.state.redacted()
        for format in Self.formats {
            for presentation in Self.presentations {
                for language in Language.allCases {
                    let out = content.render(presentation: presentation, format: format, language: language)
                    for digits in Fixture.metricDigits + ["bpm", "kcal", "Tempo"] {
                        #expect(!out.contains(digits), "\(state) \(presentation) \(format) \(language) shows \(digits)")
                    }
                }
            }
        }
    }

    @Test func lockedShowsActivityAndElapsed() {
        let content = Fixture.Case.locked.content(name: "Tempo")
        #expect(content.render(presentation: .compact, format: .text) == "▶ run 10:05")
        let expanded = content.render(presentation: .expanded, format: .text)
        #expect(expanded == "▶ run\nIn progress · Locked\nElapsed 10:05")
        #expect(content.render(presentation: .compact, format: .waybar).contains(#""class":"locked""#))
    }

    // MARK: - Escaping

    @Test func tmuxDoublesEveryHashInUserText() {
        let content = Fixture.Case.running.content(name: "#1 #[fg=red]race #{host}")
        let out = content.render(presentation: .expanded, format: .tmux)
        #expect(out.contains("##1 ##[fg=red]race ##{host}"))
        // Outside our own style tags, every # comes doubled.
        let stripped = out.replacing(/#\[(fg=#[0-9a-f]{6}|default)\]/, with: "")
        #expect(!stripped.replacing("##", with: "").contains("#"))
        #expect(!out.contains("\n"))
    }

    @Test func tmuxStylesTheStateAndHeartRate() {
        let out = Fixture.Case.running.content().render(presentation: .compact, format: .tmux)
        #expect(out == "#[fg=#50fa7b]▶#[default] run 10:05 #[fg=#ff5555]♥173#[default]")
    }

    @Test func polybarDoublesPercentAndUsesColourTags() {
        let content = Fixture.Case.running.content(name: "100% effort %{F#fff}")
        let out = content.render(presentation: .expanded, format: .polybar)
        #expect(out.contains("100%% effort %%{F#fff}"))
        #expect(out.contains("%{F#50fa7b}▶%{F-}"))
        #expect(out.contains("45%%"))
        #expect(!out.contains("\n"))
    }

    @Test func waybarEscapesPangoMarkup() throws {
        let content = Fixture.Case.running.content(name: "<b>Run & fun</b>")
        let out = content.render(presentation: .compact, format: .waybar)
        let object = try Self.parseObject(out)
        let tooltip = try #require(object["tooltip"] as? String)
        #expect(tooltip.contains("&lt;b&gt;Run &amp; fun&lt;/b&gt;"))
    }

    // MARK: - JSON shapes

    @Test(arguments: Fixture.Case.allCases)
    func everyJSONLineParses(state: Fixture.Case) throws {
        let content = state.content(name: "quote \" backslash \\ newline \n tab \t bell \u{07}")
        for presentation in Self.presentations {
            for format in [FeedFormat.json, .waybar] {
                let out = content.render(presentation: presentation, format: format)
                #expect(!out.contains("\n"))
                _ = try Self.parseObject(out)
            }
            let line = content.render(presentation: presentation, format: .i3bar)
            let blocks = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [[String: Any]])
            #expect(state == .idle ? blocks.isEmpty : !blocks.isEmpty)
        }
    }

    @Test func jsonHasStableKeys() throws {
        let keys = ["version", "class", "phase", "activityState", "workoutID", "activity", "activityName", "location",
                    "title", "workoutName", "goal", "elapsed", "countdown", "metrics", "heartRateZone", "powerZone", "goalProgress", "goalReached",
                    "laps", "step", "stale", "locked", "startDate", "endDate", "staleDate", "text"]
        for state in Fixture.Case.allCases {
            let object = try Self.parseObject(state.content().render(presentation: .compact, format: .json))
            #expect(Set(object.keys) == Set(keys), "\(state)")
        }
        let running = try Self.parseObject(Fixture.Case.running.content().render(format: .json))
        let metrics = try #require(running["metrics"] as? [String: Any])
        #expect(metrics["heartRate"] as? Double == 173)
        #expect(metrics["distance"] as? Double == 4567)
        #expect(running["class"] as? String == "running")
        #expect(running["elapsed"] as? Double == 605)
        let stale = try Self.parseObject(Fixture.Case.stale.content().render(format: .json))
        #expect((stale["metrics"] as? [String: Any])?["heartRate"] is NSNull)
        let locked = try Self.parseObject(Fixture.Case.locked.content().render(format: .json))
        #expect((locked["metrics"] as? [String: Any])?.isEmpty == true)
        #expect(locked["laps"] is NSNull)
    }

    @Test func waybarObjectPerState() throws {
        let expected: [Fixture.Case: String] = [.idle: "idle", .countdown: "countdown", .running: "running",
                                                .paused: "paused", .stale: "stale", .locked: "locked", .ended: "ended"]
        for (state, styleClass) in expected {
            let object = try Self.parseObject(state.content().render(presentation: .compact, format: .waybar))
            #expect(Set(object.keys) == ["text", "alt", "tooltip", "class", "percentage"])
            #expect(object["class"] as? String == styleClass)
            #expect(object["alt"] as? String == styleClass)
        }
        let running = try Self.parseObject(Fixture.Case.running.content().render(format: .waybar))
        #expect(running["percentage"] as? Int == 45)
        #expect(running["text"] as? String == "▶ run 10:05 ♥173")
        #expect((running["tooltip"] as? String)?.contains("Goal 10 km") == true)
    }

    @Test func i3barBlocksCarryTheProtocolKeys() throws {
        let line = Fixture.Case.running.content().render(presentation: .expanded, format: .i3bar)
        let blocks = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [[String: Any]])
        #expect(blocks.count >= 4)
        for block in blocks {
            #expect(block["name"] as? String == "coach")
            #expect(block["markup"] as? String == "none")
            #expect(block["full_text"] is String)
            #expect(block["short_text"] is String)
        }
        #expect(blocks.map { $0["instance"] as? String }.contains("heartRate"))
        #expect(blocks[0]["color"] as? String == "#50fa7b")
    }

    // MARK: - Streaming

    @Test func i3barStreamFramesTheEndlessArray() {
        var stream = FeedStream(format: .i3bar)
        let first = stream.next(Fixture.Case.running.content())
        let lines = first?.split(separator: "\n", omittingEmptySubsequences: false) ?? []
        #expect(lines.count == 4)
        #expect(lines.first == #"{"version":1}"#)
        #expect(lines.dropFirst().first == "[")
        #expect(lines.dropFirst(2).first?.hasPrefix("[{") == true)
        #expect(stream.next(Fixture.Case.running.content()) == nil)
        let second = stream.next(Fixture.Case.paused.content())
        #expect(second?.hasPrefix(",[{") == true)
        #expect(second?.hasSuffix("]\n") == true)
    }

    @Test func streamsEndEveryUpdateWithANewline() {
        for format in Self.formats {
            var stream = FeedStream(format: format)
            let out = stream.next(Fixture.Case.running.content())
            #expect(out?.hasSuffix("\n") == true, "\(format)")
        }
    }

    static func parseObject(_ line: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }
}
