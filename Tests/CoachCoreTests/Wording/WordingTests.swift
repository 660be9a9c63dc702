// Wording: names of activities and places, and the feed's words, come from
// Intents/<lang>/_responses.yaml, one per activity and language, and combine into "outdoor run" the
// same way for replies and titles.

@testable import CoachCore
import CoachLanguage
import CoachWire
import Testing

@Suite("Wording")
struct WordingTests {
    /// What a user can start: deprecated types only name old workouts and may share a name.
    static let offered = ActivityType.allCases.filter { !$0.isDeprecated }

    @Test(arguments: Language.allCases)
    func everyActivityAndPlaceIsNamedInIntents(_ language: Language) {
        let catalog = ResponseCatalog.builtIn
        let unnamed = ActivityType.allCases.filter { catalog.phrase("activities", $0.rawValue, language: language) == nil }
        #expect(unnamed.isEmpty, "Intents/\(language.rawValue)/_responses.yaml names no \(unnamed)")
        for location in [LocationType.indoor, .outdoor] {
            #expect(catalog.phrase("locations", location.rawValue, language: language) != nil)
        }
        // A label is a second name for an activity the language names, never a stray key.
        let labelled = ActivityType.allCases.filter { catalog.phrase("activityLabels", $0.rawValue, language: language) != nil }
        #expect(labelled.allSatisfy { catalog.phrase("activities", $0.rawValue, language: language) != nil })
    }

    @Test(arguments: Language.allCases)
    func everyWordOfTheFeedIsInIntents(_ language: Language) {
        let missing = Wording.feedKeys.filter { ResponseCatalog.builtIn.phrase("feed", $0, language: language) == nil }
        #expect(missing.isEmpty, "Intents/\(language.rawValue)/_responses.yaml has no feed: \(missing)")
        #expect(Wording.of(language).feedWord("zone", ["zone": "4"]).contains("4"))
    }

    @Test(arguments: Language.allCases)
    func offeredActivitiesHaveDistinctNamesAndTitles(_ language: Language) {
        let wording = Wording.of(language)
        let nouns = Self.offered.map(wording.activity), labels = Self.offered.map(wording.label)
        #expect(Set(nouns).count == nouns.count, "\(nouns)")
        #expect(Set(labels).count == labels.count, "\(labels)")
    }

    @Test func namesAreWrittenInTheirLanguage() {
        let english = ActivityType.allCases.flatMap { [Wording.en.activity($0), Wording.en.label($0)] }
        #expect(english.allSatisfy { !$0.isEmpty && $0.unicodeScalars.allSatisfy(\.isASCII) })
        // Japanese names are written in Japanese (HIIT is said as is).
        let japanese = ActivityType.allCases.map(Wording.ja.activity)
        #expect(japanese.allSatisfy { $0 == "HIIT" || $0.unicodeScalars.contains { $0.value >= 0x3000 } })
    }

    @Test func japaneseHasOneNamePerActivity() {
        // No title apart from the noun: what a reply says is what the status line shows.
        for activity in ActivityType.allCases { #expect(Wording.ja.label(activity) == Wording.ja.activity(activity)) }
        #expect(Wording.ja.title(.stairClimbing, .indoor) == "ステアクライマー")
    }

    @Test func aSentenceUsesTheNounAndATitleTheLabel() {
        #expect(Wording.en.workout(.cycling, .outdoor) == "outdoor ride")
        #expect(Wording.en.title(.cycling, .outdoor) == "outdoor cycling")
        #expect(Wording.en.workout(.yoga, nil) == "yoga session")
        #expect(Wording.en.title(.yoga, nil) == "yoga")
        #expect(Wording.ja.workout(.running, .outdoor) == "屋外ランニング")
    }

    @Test func theLocationIsSaidOnlyWhereItChangesWhatIsMeasured() {
        #expect(Wording.en.workout(.running, .indoor) == "indoor run")
        #expect(Wording.en.workout(.yoga, .indoor) == "yoga session")
        #expect(Wording.en.workout(.running, .unknown) == "run")
        #expect(Wording.en.location(.unknown) == "")
    }

    @Test func aWorkoutWithoutAnActivityIsAWorkout() {
        #expect(Wording.en.workout(nil, .outdoor) == "workout")
        #expect(Wording.ja.workout(nil, nil) == "ワークアウト")
    }

    @Test func aMissingWordShowsTheIdentifier() {
        let empty = Wording(language: .en) { _, _ in nil }
        #expect(empty.activity(.stairClimbing) == "stairClimbing")
        #expect(empty.label(.stairClimbing) == "stairClimbing")
        #expect(empty.workout(.running, .outdoor) == "outdoor running")
        #expect(empty.workout(nil, nil) == "workout")
    }

    @Test func templatesKeepWhatTheyCannotFill() {
        let tables = ["phrases": ["workout_with_location": "{where}: {activity} {", "workout": "{activity}"],
                      "activities": ["running": "run"], "locations": ["outdoor": "out"]]
        let odd = Wording(language: .en) { group, key in tables[group]?[key] }
        #expect(odd.workout(.running, .outdoor) == "{where}: run {")
    }
}
