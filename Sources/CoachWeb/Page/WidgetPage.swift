// WidgetPage: the browser widget, served from the binary — HTML here, its style and script in
// WidgetPage+Style and WidgetPage+Script. Nothing is loaded from elsewhere (no fonts, no scripts:
// an OBS scene or a phone on the handlebars must work offline, and the CSP forbids it anyway).
// The page holds no data: it reads the token from its own URL and follows `/events`.

import CoachCore
import CoachWire

enum WidgetPage {
    /// Only what the page itself carries; it connects back to its own origin only.
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    /// The page; `overlay` is the compact layout on a transparent background (OBS browser source).
    /// `commands`: the page offers its pause/resume button (`http.commands: true`).
    static func html(overlay: Bool, commands: Bool = false, wording: Wording) -> String {
        let word = { (key: String) in MarkupText.escape(wording.feedWord(key)) }
        return """
        <!DOCTYPE html>
        <html lang="\(wording.language.rawValue)">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="referrer" content="no-referrer">
        <title>Coach</title>
        <style>\(style)</style>
        </head>
        <body class="\(overlay ? "overlay" : "full") disconnected" data-phase="idle" data-commands="\(commands && !overlay ? "on" : "off")">
        <main id="card">
          <div id="top"><span id="glyph">○</span> <span id="activity"></span> <span id="state">\(word("connecting"))</span></div>
          <div id="elapsed">0:00</div>
          <div id="metrics"></div>
          <div id="zones" hidden></div>
          <div id="step" hidden></div>
          <div id="goal" hidden><div id="goal-bar"><div id="goal-fill"></div></div><span id="goal-text"></span></div>
          <div id="note"></div>
          <button id="pause" type="button" hidden>\(word("pauseButton"))</button>
        </main>
        <script>const coachWords = \(pageWords(wording));</script>
        <script>\(script)</script>
        </body>
        </html>
        """
    }

    /// The script's words as a JS object literal: the phases by their feed names, and the page's own.
    /// `<` is escaped so no word can close the script element.
    static func pageWords(_ wording: Wording) -> String {
        let keys: [(String, String)] = [
            ("idle", "noWorkout"), ("countdown", "starting"), ("running", "running"), ("paused", "paused"),
            ("autoPaused", "autoPaused"), ("stopping", "stopping"), ("ended", "ended"), ("locked", "locked"),
            ("connecting", "connecting"), ("offline", "unreachable"), ("pause", "pauseButton"),
            ("resume", "resumeButton"), ("off", "commandsOff"), ("zone", "zone"), ("powerZone", "powerZone"), ("step", "step"),
        ]
        let object = JSONValue.object(keys.map { ($0.0, .string(wording.feedWord($0.1))) })
        return object.serialized().split(separator: "<", omittingEmptySubsequences: false).joined(separator: "\\u003c")
    }
}
