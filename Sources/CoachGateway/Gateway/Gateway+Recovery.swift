// The sentence for a workout GatewayAssembly recovered after a crash, for a front end that starts the
// gateway itself (the embedded REPL): the recovery happens before anyone can subscribe, so the
// `recovered` announcement has no listener yet and the front end says it on start instead.

import CoachCore
import CoachLanguage

extension Gateway {
    /// "Recovered your outdoor run after a restart: paused, 12:03." in `language`.
    public func recoveryMessage(_ snapshot: WorkoutSnapshot, language: Language = .en) -> String {
        composer.announcement(.recovered(snapshot), snapshot: snapshot, language: language, locked: isLocked)
            ?? "Recovered the interrupted workout: \(snapshot.state.rawValue)."
    }
}
