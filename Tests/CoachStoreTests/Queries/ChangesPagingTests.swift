// Paging of the anchored change query (issue 18, item 5): walking anchors until `more` is false
// reports every object exactly once, also while samples are written between pages; items travel as
// {"kind":"sample",…} / {"kind":"workout",…}, never Swift's {"sample":{"_0":…}}.

import CoachCore
@testable import CoachStore
import Foundation
import Testing

@Suite struct ChangesPagingTests {
    private func sampleIDs(_ changes: StoreChanges) -> [Int64] {
        changes.added.compactMap { if case .sample(let sample) = $0 { return sample.id } else { return nil } }
    }

    @Test func walkingPagesWhileWritingReportsEachObjectOnce() async throws {
        let store = try WorkoutStore.inMemory()
        let clock = ManualWorkoutClock(start: Fixtures.start)
        let manager = Fixtures.manager(journal: store, clock: clock)
        _ = await Fixtures.startRunning(manager)
        for n in 0..<300 {
            _ = try await manager.addSample(.heartRate, value: Double(100 + n % 60))
            await manager.advance(by: .seconds(1))
        }
        var seen: [Int64] = []
        var anchor: Int?
        var pages = 0
        var written = 300
        while true {
            let page = try store.changes(since: anchor, limit: 64)
            #expect(page.added.count + page.deleted.count <= 64)
            seen += sampleIDs(page)
            anchor = page.anchor
            pages += 1
            guard page.more else { break }
            // Written between pages: these must turn up on a later page, once.
            for _ in 0..<7 {
                _ = try await manager.addSample(.heartRate, value: 150)
                await manager.advance(by: .seconds(1))
                written += 1
            }
            #expect(pages < 100, "paging never ends")
        }
        #expect(seen.count == written, "\(seen.count) samples reported of \(written) written")
        #expect(Set(seen).count == seen.count, "a sample was reported twice")
        #expect(pages > 5)
        // Nothing new: the last anchor gives an empty page with more false.
        let after = try store.changes(since: anchor, limit: 64)
        #expect(after.added.isEmpty && !after.more)
    }

    @Test func itemsCarryTheirKindNotSwiftsEnumEncoding() async throws {
        let store = try WorkoutStore.inMemory()
        let clock = ManualWorkoutClock(start: Fixtures.start)
        let manager = Fixtures.manager(journal: store, clock: clock)
        _ = await Fixtures.startRunning(manager)
        _ = try await manager.addSample(.heartRate, value: 120)
        await manager.advance(by: .seconds(30))
        _ = await manager.perform(.end())
        let text = WorkoutFormatter.changesJSON(try store.changes(since: nil))
        #expect(text.contains(#""kind":"sample""#), "\(text)")
        #expect(text.contains(#""kind":"workout""#), "\(text)")
        #expect(!text.contains("_0"), "\(text)")
        #expect(text.contains(#""more":false"#), "\(text)")
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let decoded = try decoder.decode(StoreChanges.self, from: Data(text.utf8))
        // Round trip (dates to the second, as ISO 8601 keeps them): the same objects, kinds and anchor.
        let original = try store.changes(since: nil)
        #expect(decoded.added.count == original.added.count)
        #expect(decoded.anchor == original.anchor)
        let kinds = decoded.added.map { item -> String in if case .workout = item { return "workout" } else { return "sample" } }
        #expect(kinds.contains("workout") && kinds.contains("sample"))
    }
}
