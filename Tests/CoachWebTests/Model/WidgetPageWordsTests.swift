// The browser widget is worded from the feed's words in Intents/<lang>/_responses.yaml, like the
// status line and the terminal widget — the page holds no table of its own.

import CoachCore
import CoachGateway
@testable import CoachWeb
import Testing

struct WidgetPageWordsTests {
    @Test func thePageCarriesTheFeedsWordsInItsLanguage() {
        let japanese = WidgetPage.html(overlay: false, wording: Wording.builtIn(.ja))
        #expect(japanese.contains(#"<html lang="ja">"#))
        #expect(japanese.contains(#"<span id="state">接続中…</span>"#))
        #expect(japanese.contains(#""paused":"一時停止中""#), "the phases the script shows")
        let english = WidgetPage.html(overlay: true, wording: Wording.builtIn(.en))
        #expect(english.contains(#"<span id="state">Connecting…</span>"#))
        #expect(english.contains(#""offline":"Gateway unreachable""#))
        #expect(!WidgetPage.script.contains("ワークアウトなし"), "no copy of the words in the script")
    }

    /// Issue 44: the step line and the zones have their places, and the zone words are the feed's.
    @Test func theStepAndTheZonesAreWordedFromTheFeed() {
        for overlay in [false, true] {
            let page = WidgetPage.html(overlay: overlay, wording: Wording.builtIn(.ja))
            #expect(page.contains(#"<div id="step" hidden></div>"#) && page.contains(#"<div id="zones" hidden></div>"#))
            #expect(page.contains(#""zone":"\#(Wording.builtIn(.ja).feedWordPublic("zone"))""#))
            #expect(page.contains(#""powerZone":"\#(Wording.builtIn(.ja).feedWordPublic("powerZone"))""#))
        }
        #expect(WidgetPage.script.contains("s.step.text") && WidgetPage.script.contains("words.powerZone"))
    }

    @Test func aWordCannotCloseTheScriptElement() {
        let hostile = Wording(language: .en) { group, key in
            group == "feed" && key == "paused" ? "</script><script>alert(1)</script>" : nil
        }
        let page = WidgetPage.html(overlay: false, wording: hostile)
        #expect(page.components(separatedBy: "</script>").count == 3, "only the page's own two script elements end")
        #expect(page.contains(#"\u003c/script>\u003cscript>alert(1)\u003c/script>"#))
    }
}
