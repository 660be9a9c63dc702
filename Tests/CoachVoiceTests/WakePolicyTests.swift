// The wake-phrase default of `coach listen`: required for the live microphone, not for audio
// handed over as a file or on standard input; --wake / --no-wake always win.

import CoachVoice
import Testing

@Suite struct WakePolicyTests {
    @Test func theMicrophoneNeedsTheWakePhraseUnlessTurnedOff() {
        #expect(WakePolicy.requiresWakePhrase(explicit: nil, fromMicrophone: true))
        #expect(!WakePolicy.requiresWakePhrase(explicit: false, fromMicrophone: true))
    }

    @Test func filesAreCommandsUnlessAskedOtherwise() {
        #expect(!WakePolicy.requiresWakePhrase(explicit: nil, fromMicrophone: false))
        #expect(WakePolicy.requiresWakePhrase(explicit: true, fromMicrophone: false))
    }
}
