// A workout's replica in pages (issue 42): an hour at 1 Hz of heart rate and power is over the
// socket's 1 MiB reply limit whole; pages of `limit` rows join into exactly the whole replica,
// each page's JSON stays small, and a page of a workout amended in between does not join.

import CoachCore
@testable import CoachStore
import Foundation
import Testing

@Suite struct ReplicaPagingTests {
    /// A saved ride in a fresh file: `samples` samples (heart rate and power alternating),
    /// `points` route points, a pause and a lap.
    static func savedRide(samples: Int, points: Int) async throws -> (WorkoutStore, String, String) {
        let directory = try Fixtures.temporaryDirectory()
        let store = try WorkoutStore.open(path: directory + "/coach.sqlite")
        let clock = ManualWorkoutClock(start: Fixtures.start)
        let manager = Fixtures.manager(journal: store, clock: clock)
        let id = await Fixtures.startRunning(manager)
        for index in 0..<max(samples, points) {
            await manager.advance(by: .milliseconds(500))
            if index < samples {
                _ = try await manager.addSample(index % 2 == 0 ? .heartRate : .power, value: Double(100 + index % 90),
                                                syncIdentifier: "ride-\(index)", syncVersion: 1)
            }
            if index < points {
                _ = try await manager.addLocation(latitude: 51.5 + Double(index) * 0.00001, longitude: -0.12)
            }
            if index == samples / 2 {
                _ = await manager.perform(.pause())
                _ = await manager.perform(.resume())
                _ = await manager.perform(.lap)
            }
        }
        _ = await manager.perform(.end())
        return (store, directory, id)
    }

    @Test func pagesJoinIntoTheWholeReplica() async throws {
        let (store, directory, id) = try await Self.savedRide(samples: 1_234, points: 345)
        defer { Fixtures.remove(directory) }
        let whole = try #require(try store.replica(ofWorkout: id))
        // Power brings energy samples the gateway generates: more samples than were sent.
        #expect(whole.next == nil && whole.sampleCount >= 1_234 && whole.route.count == 345 && !whole.events.isEmpty)

        var pages = [try #require(try store.replica(ofWorkout: id, limit: 100))]
        while let next = pages.last?.next {
            pages.append(try #require(try store.replica(ofWorkout: id, after: next, limit: 100)))
            try #require(pages.count <= 20, "the pages never end")
        }
        #expect(pages.count == (whole.sampleCount + 99) / 100)
        #expect(pages.allSatisfy { $0.samples.count <= 100 && $0.route.count <= 100 })
        #expect(pages.dropFirst().allSatisfy { $0.events.isEmpty })  // the events come once, first
        let joined = try pages.dropFirst().reduce(ReplicatedWorkout(first: pages[0])) { try $0.appending($1) }
        #expect(joined == whole)
        // The whole replica applies; a page that is not the last does not.
        let copy = try WorkoutStore.inMemory()
        await #expect(throws: ReplicaPageMismatch.self) { try await copy.applyReplica(pages[0]) }
        try await copy.applyReplica(joined)
        #expect(try copy.replica(ofWorkout: id) == whole.asHeld(by: copy))
    }

    @Test func halfAnHourIsOverTheReplyLimitWholeAndSmallInPages() async throws {
        // Half an hour of heart rate and power at 1 Hz each (with the energy generated from power).
        let (store, directory, id) = try await Self.savedRide(samples: 3_600, points: 0)
        defer { Fixtures.remove(directory) }
        let whole = try #require(try store.replica(ofWorkout: id))
        #expect(try whole.jsonText().utf8.count > 1 << 20)
        var cursor: ReplicaCursor? = nil
        var largest = 0
        var rows = 0
        repeat {
            let page = try #require(try store.replica(ofWorkout: id, after: cursor, limit: WorkoutStore.replicaPageRows))
            largest = max(largest, try page.jsonText().utf8.count)
            rows += page.sampleCount
            cursor = page.next
        } while cursor != nil
        #expect(rows == whole.sampleCount && rows >= 3_600)
        #expect(largest < 256 * 1024, "a page of \(WorkoutStore.replicaPageRows) rows is \(largest) bytes")
    }

    @Test func aPageOfAnAmendedWorkoutDoesNotJoin() async throws {
        let (store, directory, id) = try await Self.savedRide(samples: 30, points: 0)
        defer { Fixtures.remove(directory) }
        let first = try #require(try store.replica(ofWorkout: id, limit: 10))
        _ = try await store.amendWorkout(matching: id, with: [Amendment(type: .dietaryWater, value: 300)], by: .user)
        let second = try #require(try store.replica(ofWorkout: id, after: first.next, limit: 10))
        #expect(throws: ReplicaPageMismatch.self) { try ReplicatedWorkout(first: first).appending(second) }
    }
}

extension ReplicatedWorkout {
    /// This replica with the row ids `store` gave its rows when it applied it (nil: not held).
    func asHeld(by store: WorkoutStore) throws -> ReplicatedWorkout? {
        guard let held = try store.replica(ofWorkout: id) else { return nil }
        var expected = self
        for index in expected.samples.indices { expected.samples[index].id = held.samples[index].id }
        for index in expected.events.indices { expected.events[index].id = held.events[index].id }
        for index in expected.route.indices { expected.route[index].id = held.route[index].id }
        return expected
    }
}
