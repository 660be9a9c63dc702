// A saved workout's copy fetched from the primary a page at a time (`workouts.replica` with a
// `limit`, ReplicaPaging.swift in CoachStore): an hour's workout is over the socket's 1 MiB reply
// limit whole, and a whole reply costs the primary ~9 bytes of heap per byte of JSON, which its
// allocator keeps. A primary from before paging refuses `limit` as an unknown param; it is then
// asked for the whole workout, as before.

import CoachStore
import CoachWire

extension MirrorLink {
    enum ReplicaFetch {
        case copy(ReplicatedWorkout)
        /// Not saved there any more: its tombstone follows in the change feed.
        case gone
        /// The link dropped, or the workout changed between pages: fetched again at the next catch-up.
        case later
    }

    /// Every page of workout `id`, joined; throws when a page is not a replica (to be announced).
    func fetchReplica(_ id: String) async throws -> ReplicaFetch {
        var whole: ReplicatedWorkout?
        var cursor = ReplicaCursor()
        repeat {
            let params: JSONValue = ["id": .string(id), "limit": .number(Double(WorkoutStore.replicaPageRows)),
                                     "samplesAfter": .number(Double(cursor.samples)), "routeAfter": .number(Double(cursor.route))]
            let reply: JSONValue
            switch await call("workouts.replica", params) {
            case .success(let page): reply = page
            case .failure(let error) where error.code == -32602 && whole == nil:
                return try await fetchWholeReplica(id)  // a primary that does not page
            case .failure: return .later
            }
            if reply.isNull { return .gone }
            let page = try ReplicatedWorkout(json: reply)
            do { whole = try whole.map { try $0.appending(page) } ?? ReplicatedWorkout(first: page) } catch { return .later }
            guard let next = page.next else { break }
            cursor = next
        } while true
        return whole.map(ReplicaFetch.copy) ?? .gone
    }

    private func fetchWholeReplica(_ id: String) async throws -> ReplicaFetch {
        guard case .success(let reply) = await call("workouts.replica", ["id": .string(id)]) else { return .later }
        return reply.isNull ? .gone : .copy(try ReplicatedWorkout(json: reply))
    }
}
