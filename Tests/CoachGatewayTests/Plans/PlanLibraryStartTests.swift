// The plan library (Intents/plans/) on day one: every plan starts by its sentence in English and
// Japanese with nothing added (Intents/tests/plans/library.yaml names one sentence per plan and
// language), and a plan of the user's own of the same name is the one that starts.

import CoachWire
import CoachCore
import CoachGateway
import Foundation
import Testing
@testable import CoachLanguage

@Suite struct PlanLibraryStartTests {
    struct Sentences: Sendable, CustomStringConvertible {
        var plan: String
        var byLanguage: [Language: String]
        var description: String { plan }
    }

    static let intents = Recognizer.builtInIntentsDirectory() ?? "Intents"

    static let sentences: [Sentences] = {
        guard let root = try? VocabularyYAML.plain(intents + "/tests/plans/library.yaml"),
              let list = root["plans"] as? [[String: Any]] else { return [] }
        return list.compactMap { entry in
            guard let plan = entry["plan"] as? String else { return nil }
            var byLanguage: [Language: String] = [:]
            for language in Language.allCases { byLanguage[language] = entry[language.rawValue] as? String }
            return Sentences(plan: plan, byLanguage: byLanguage)
        }
    }()

    static func libraryNames() -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: intents + "/plans")) ?? []
        return files.filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }.sorted()
    }

    private static func gateway(plans: String) async throws -> Gateway {
        try await PlannedWorkoutRouteTests.gateway(plans: plans)
    }

    @Test func everyLibraryPlanHasASentenceInEachLanguage() {
        let names = Self.libraryNames()
        #expect(names.count >= 12)
        #expect(Set(Self.sentences.map(\.plan)) == Set(names))
        for entry in Self.sentences {
            for language in Language.allCases { #expect(entry.byLanguage[language] != nil, "\(entry.plan) has no \(language) sentence") }
        }
        // docs/plans.md lists each with its purpose and source.
        let docs = (try? String(contentsOfFile: Self.intents + "/../docs/plans.md", encoding: .utf8)) ?? ""
        for name in names { #expect(docs.contains("| `\(name)` |"), "docs/plans.md does not list \(name)") }
    }

    @Test(arguments: sentences)
    func startsByItsSentenceWithNothingAdded(_ entry: Sentences) async throws {
        let gateway = try await Self.gateway(plans: temporaryDirectory())
        let client = InProcessConnection(gateway: gateway)
        for language in Language.allCases {
            let text = try #require(entry.byLanguage[language])
            let started = try await client.call("say", ["text": .string(text), "lang": .string(language.rawValue)], timeout: nil)
            #expect(started["intent"] == "StartPlannedWorkout", "\(text): \(started.serialized())")
            #expect(started["code"] == "success", "\(text): \(started.serialized())")
            let status = try await client.call("status", .object([]), timeout: nil)
            #expect(status["workout"]?["step"]?["plan"]?.stringValue == entry.plan, "\(text): \(status.serialized())")
            #expect(status["workout"]?["step"]?["index"]?.doubleValue == 0, "\(text): \(status.serialized())")
            // The reply names the plan as people do (`planNames:` in _responses.yaml), not by its file name.
            let said = try #require(ResponseCatalog.builtIn.phrase("planNames", entry.plan, language: language), "\(entry.plan) has no name in \(language)")
            #expect(started["message"]?.stringValue?.contains(said) == true, "\(text): \(started.serialized())")
            _ = try await client.call("cancel", ["confirm": true], timeout: nil)
        }
        client.close()
        await gateway.manager.shutdown()
    }

    @Test func aPlanOfTheUsersOwnHidesTheLibrarysOfTheSameName() async throws {
        let plans = temporaryDirectory()
        try "kind: single\nactivity: cycling\ngoal: 45min\n".write(toFile: plans + "/tabata.yaml", atomically: true, encoding: .utf8)
        let gateway = try await Self.gateway(plans: plans)
        let client = InProcessConnection(gateway: gateway)
        let started = try await client.call("say", ["text": "start tabata"], timeout: nil)
        #expect(started["code"] == "success", "\(started.serialized())")
        let status = try await client.call("status", .object([]), timeout: nil)
        // The user's one step of 45 minutes, not the library's 18 steps.
        #expect(status["workout"]?["step"]?["count"]?.doubleValue == 1, "\(status.serialized())")
        #expect(status["workout"]?["activity"]?.stringValue == "cycling", "\(status.serialized())")
        client.close()
        await gateway.manager.shutdown()
    }
}
