// Resolving a start's location: the place said is kept for every activity (HealthKit keeps a
// workout configuration's locationType whatever the activity); what is measured differently is
// decided later, by the presentations and metrics.

import CoachCore
import Testing

@Suite struct ResolveLocationTests {
    let handler = IntentHandler()
    let idle = IntentContext(state: .notStarted, activity: nil)

    func resolvedLocation(_ activity: ActivityType, _ location: LocationType?) -> LocationType? {
        guard case .success(.start(let start)) = handler.resolve(.start(StartWorkoutIntent(activity: activity, location: location)), in: idle)
        else { return nil }
        return start.location
    }

    @Test func aPlaceSaidIsKeptWhetherOrNotItChangesTheMeasuring() {
        #expect(resolvedLocation(.running, .outdoor) == .outdoor)
        #expect(resolvedLocation(.yoga, .outdoor) == .outdoor)
        #expect(!ActivityType.yoga.distinguishesLocation)
    }

    @Test func noPlaceSaidIsUnknownAndNotAsked() {
        #expect(handler.resolveLocation(nil) == .notRequired)
        #expect(handler.resolveLocation(.unknown) == .notRequired)
        #expect(resolvedLocation(.running, nil) == .unknown)
    }
}
