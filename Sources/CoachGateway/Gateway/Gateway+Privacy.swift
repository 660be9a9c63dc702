// The privacy lock: one flag, remembered in the settings directory, that every presentation
// redacts by (the rule itself: LiveActivity+Privacy.swift).

import CoachCore
import CoachLanguage
import Synchronization

extension Gateway {
    // MARK: - Privacy

    public var isLocked: Bool { lockState.withLock { $0 } }

    public func setLocked(_ locked: Bool, language: Language = .en) async -> String {
        let changed = lockState.withLock { state -> Bool in
            defer { state = locked }
            return state != locked
        }
        let text = composer.event(locked ? "locked" : "unlocked", values: [:], language: language)
        state?.setLocked(locked)
        if changed {
            await feed.setLocked(locked)
        }
        return text
    }
}
