// The window a lone wake phrase opens ("hey coach" … "pause my run"): an utterance that starts in
// it is heard as following the wake phrase; one command per wake phrase; the window ends after
// WakeWindow.seconds.

import CoachVoice
import Testing

@Suite struct WakeWindowTests {
    @Test func theWakePhraseAloneOpensTheWindowForOneUtterance() {
        var window = WakeWindow()
        #expect(!window.isOpen(at: 0))
        #expect(window.heard(wakePhraseOnly: true, end: 2.0) == 2.0 + WakeWindow.seconds)
        #expect(window.isOpen(at: 3.5))
        #expect(window.isOpen(at: 2.0 + WakeWindow.seconds))
        #expect(!window.isOpen(at: 2.1 + WakeWindow.seconds), "too late: the window has closed")
        // The command heard in it closes it: the next utterance needs the wake phrase again.
        #expect(window.heard(wakePhraseOnly: false, end: 5.0) == nil)
        #expect(!window.isOpen(at: 5.5))
    }

    @Test func saidAgainTheWakePhraseOpensANewWindow() {
        var window = WakeWindow()
        _ = window.heard(wakePhraseOnly: true, end: 1.0)
        #expect(window.heard(wakePhraseOnly: true, end: 6.5) == 6.5 + WakeWindow.seconds)
        #expect(window.isOpen(at: 6.5 + WakeWindow.seconds - 0.1))
    }
}
