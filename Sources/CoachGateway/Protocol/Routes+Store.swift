// The routes that change what was saved (issue 33): `workouts.delete`, `samples.delete`, and
// `sample` with a `workout` (amending a saved workout); `workouts.replica` for mirrors; the dates
// `history` takes. Who may: the user anything, a named client
// only what it wrote; nothing is changed while Coach is locked (health data is protected), and a
// refused request changes nothing. The store does the work (CoachStore/Editing).

import CoachCore
import CoachStore
import CoachWire
import Foundation

extension Routes {
    static let storeRoutes: [Route] = [
        Route("workouts.delete", "Deletes a saved workout with its samples and route (asks first unless confirmed).",
              params: [ParamDescription("id", .string(minLength: 1, maxLength: 256), required: true, "a unique prefix"),
                       ParamDescription("confirm", .bool, "without it: confirmationRequired, nothing deleted")],
              result: #"{"deleted":true,"workouts":[id],"samples":N,"message":…} or {"deleted":false,"code":"confirmationRequired",…}"#,
              examples: [.init(WireExamples.workoutsDelete), .init(WireExamples.workoutsDeleteAsked, caption: "unconfirmed")]) { request in
            let (store, party) = try editing(request)
            let id = request.params.string("id") ?? ""
            guard request.params.bool("confirm") == true else {
                // Say which workout would go, so the question can be asked about it.
                let detail = try storeCall(param: "id") { try store.workout(matching: id, scope: try request.router.readScope(session: request.session)) }
                return WorkoutDeleteResult.confirmationRequired(
                    id: detail.summary.id, message: "Delete \(describe(detail.summary)) and its \(detail.sampleCount) samples? "
                        + "It cannot be undone. Send confirm:true (coach delete --yes) to delete it.").json
            }
            let result = try await storeCall(param: "id") { try await store.deleteWorkout(matching: id, by: party) }
            return WorkoutDeleteResult(deleted: true, workouts: result.workouts, samples: result.samples,
                                       message: "Deleted workout \(result.workouts.first?.prefix(8) ?? "") and its \(result.samples) samples.").json
        },
        Route("samples.delete", "Deletes samples this client wrote (the user: any), by id or sync identifier.",
              params: [ParamDescription("id", .integer(1...(1 << 53)), "a sample id, as workouts.changes reports it"),
                       ParamDescription("syncIdentifiers", .strings(maxCount: 1_000, maxLength: 256), "every sample with these sync identifiers")],
              result: #"{"deleted":N,"updatedWorkouts":[id]}"#, examples: [.init(WireExamples.samplesDelete)]) { request in
            let (store, party) = try editing(request)
            let ids = request.params.integer("id").map { [Int64($0)] } ?? []
            let identifiers = request.params.strings("syncIdentifiers") ?? []
            guard !ids.isEmpty || !identifiers.isEmpty else {
                throw RPCError.invalidParams(#"name the samples: "id" (from workouts.changes) or "syncIdentifiers""#)
            }
            let result = try await storeCall(param: ids.isEmpty ? "syncIdentifiers" : "id") { try await store.deleteSamples(ids: ids, syncIdentifiers: identifiers, by: party) }
            return SamplesDeleteResult(deleted: result.samples, updatedWorkouts: result.updatedWorkouts).json
        },
        Route("workouts.replica", "A saved workout with all its rows, for a mirror's copy (the user's only).",
              params: [ParamDescription("id", .string(minLength: 1, maxLength: 256), required: true, "the workout's exact id"),
                       ParamDescription("limit", .integer(1...2_000), "a page: at most this many samples and route points (without it: all, if the reply fits)"),
                       ParamDescription("samplesAfter", .integer(0...(1 << 53)), "a later page: the samples after this one (the page's next.samples)"),
                       ParamDescription("routeAfter", .integer(0...(1 << 53)), "a later page: the route points after this one (next.route)")],
              result: #"the workout, its samples, events and route (docs/mirroring.md), with "next" while pages remain; null when it is not saved"#,
              readOnly: true, examples: [.init(ReplicatedWorkout.example)]) { request in
            let scope = try request.router.readScope(session: request.session)
            // Whole rows of every source: only for a reader who may read everything (a mirror's bridge is the user).
            guard scope.isEverything else {
                throw RPCError.storeError(AccessControl.deniedCode, "workouts.replica is the user's: use show or workouts.changes")
            }
            guard let store = request.gateway.store() else {
                throw RPCError(code: -32002, message: "no store: this gateway keeps nothing (guest mode, virtual time, or the store could not be opened)")
            }
            let params = request.params
            let cursor = ReplicaCursor(samples: Int64(params.integer("samplesAfter") ?? 0), route: Int64(params.integer("routeAfter") ?? 0))
            let replica = try storeCall(param: "id") {
                try store.replica(ofWorkout: params.string("id") ?? "", after: cursor, limit: params.integer("limit"))
            }
            return replica?.json ?? .null
        },
    ]

    /// `sample` with `workout`: the sample joins that saved workout instead of the running one.
    static func amend(_ request: RouteRequest, type: QuantityType, value: Double, source: SampleSource) async throws -> JSONValue {
        let (store, party) = try editing(request)
        let params = request.params
        var date: Date?
        if let text = params.string("date") {
            guard let parsed = ISO8601DateFormatter().date(from: text) else {
                throw RPCError.invalidParams("date \"\(text)\" is not an ISO 8601 date and time (e.g. 2026-05-12T07:30:00Z)")
            }
            date = parsed
        }
        let canonical: Double
        do { canonical = try type.canonicalValue(value, unit: params.string("unit")) } catch {
            throw RPCError.invalidParams("unit: \(error.description)")
        }
        let amendment = Amendment(type: type, value: canonical, date: date, syncIdentifier: params.string("syncIdentifier"),
                                  syncVersion: params.integer("syncVersion"), source: source)
        let result = try await storeCall(param: "workout") {
            try await store.amendWorkout(matching: params.string("workout") ?? "", with: [amendment], by: party)
        }
        return SampleResult(accepted: true, outcome: result.outcomes.first ?? "added", workout: result.workoutID).json
    }

    /// `history`'s since/until words (DateExpression) as dates: the start of what since names,
    /// the end of what until names, in the gateway's time zone.
    static func dateRange(_ params: DecodedParams, now: Date = Date()) throws -> [String: Date] {
        let calendar = PeriodSummary.calendar()
        var range: [String: Date] = [:]
        for key in ["since", "until"] {
            guard let text = params.string(key) else { continue }
            guard let interval = DateExpression.interval(text, now: now, calendar: calendar) else {
                throw RPCError.invalidParams("\(key): " + DateExpression.problem(text))
            }
            range[key] = key == "since" ? interval.start : interval.end
        }
        return range
    }

    /// The store and who is asking, or the refusal: no store, or locked.
    private static func editing(_ request: RouteRequest) throws -> (WorkoutStore, DeletingParty) {
        if request.gateway.isGuest { throw Gateway.guestRefusal("changing saved workouts") }
        guard let store = request.gateway.store() else {
            throw RPCError(code: -32002, message: "no store: this gateway keeps nothing (guest mode, virtual time, or the store could not be opened)")
        }
        if request.gateway.displays.isLocked {
            throw RPCError.storeError(AccessControl.inaccessibleCode,
                                      "health data is protected while Coach is locked; run `coach unlock` (or /unlock in the REPL) first")
        }
        let name = request.session.client.governedName(policy: request.gateway.permissions.policy)
        return (store, name.map { .client($0) } ?? .user)
    }

    /// Store refusals as JSON-RPC errors: unknown → invalid params naming `param`, another's →
    /// errorAuthorizationDenied.
    private static func storeCall<Value>(param: String, _ body: () async throws -> Value) async throws -> Value {
        do { return try await body() } catch let refusal as StoreRefusal {
            switch refusal.reason {
            case .notFound, .invalid, .active: throw RPCError.invalidParams("\(param): \(refusal.message)")
            case .notYours: throw RPCError.storeError(AccessControl.deniedCode, refusal.message)
            }
        } catch let error as WorkoutLookupError {
            throw RPCError.invalidParams("\(param): \(error.description)")
        } catch let problem as JournalProblem {
            throw RPCError.storeError(problem.code, problem.message)
        } catch let error as RPCError {
            throw error
        } catch {
            throw RPCError.storeError(AccessControl.inaccessibleCode, "\(error)")
        }
    }

    private static func storeCall<Value>(param: String, _ body: () throws -> Value) throws -> Value {
        do { return try body() } catch let error as WorkoutLookupError {
            throw RPCError.invalidParams("\(param): \(error.description)")
        } catch let error as RPCError {
            throw error
        } catch {
            throw RPCError.storeError(AccessControl.inaccessibleCode, "\(error)")
        }
    }

    private static func describe(_ summary: WorkoutSummary) -> String {
        let activity = summary.activity?.rawValue ?? "workout"
        let when = summary.startDate.map { ISO8601DateFormatter().string(from: $0) } ?? "an unknown date"
        return "\(activity) \(summary.id.prefix(8)) of \(when)"
    }
}

extension Gateway {
    /// The refusal every change of the owner's data gets in guest mode (HKError code 15).
    static func guestRefusal(_ what: String) -> RPCError {
        RPCError.storeError("errorNotPermissibleForGuestUserMode",
                            "\(what) is not permitted in guest mode: a guest reads the owner's data with the owner's "
                                + "permissions and changes nothing (ask the owner, outside guest mode)")
    }
}
