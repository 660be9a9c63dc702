// The settings' `units` as the engine's milestone unit (CoachSettings knows no engine types).

import CoachCore
import CoachSettings

extension CoachSettings {
    var milestoneUnit: DistanceUnit { units == .mi ? .miles : .kilometers }
}
