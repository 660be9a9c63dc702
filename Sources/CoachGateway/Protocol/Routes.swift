// The route table: for each JSON-RPC method, its description (CoachWire's MethodDescription: the
// params with type, range and whether required) and its handler, which receives the params
// already decoded by that description. The docs' methods table and `rpc.discover` are generated
// from the same descriptions (RoutesDocumentationTests checks docs/protocol.md).

import CoachCore
import CoachLanguage
import CoachStore
import CoachWire
import Foundation

/// What a handler gets: the decoded params, the reply language asked for (nil: the default), the
/// connection's session and the gateway.
struct RouteRequest: Sendable {
    var params: DecodedParams
    /// The same params as sent (already checked), for handlers that read them by meaning.
    var raw: Params
    var language: Language?
    var session: ConnectionSession
    var gateway: Gateway
    var router: RequestRouter
    /// Called once the request has its place in the store's order (a queued sample), before it
    /// is durable; nil when the caller waits for the whole reply (batches, in-process calls).
    var ordered: (@Sendable () -> Void)? = nil
}

struct Route: Sendable {
    var description: MethodDescription
    var handle: @Sendable (RouteRequest) async throws -> JSONValue

    /// Every method takes `lang` (the reply's language), so it is added here, once.
    /// `examples`: the result as its CoachWire type writes it (docs/protocol.md, "Results").
    init(_ name: String, _ summary: String, params: [ParamDescription] = [], result: String, readOnly: Bool = false,
         examples: [ResultExample] = [], handle: @escaping @Sendable (RouteRequest) async throws -> JSONValue) {
        let lang = ParamDescription("lang", .string(oneOf: Language.allCases.map(\.rawValue)), "reply language (default en)")
        self.description = MethodDescription(name, summary, params: params + [lang], result: result, readOnly: readOnly,
                                             examples: examples)
        self.handle = handle
    }
}

enum Routes {
    /// Sample sync versions, anchors: whole numbers a Double holds exactly.
    static let wholeNumbers = 0...(1 << 53)
    static let activity = ParamDescription("activity", .string(oneOf: ActivityType.allCases.map(\.rawValue)), "HealthKit activity name")
    static let intentResult = "an intent result (see Intent results)"

    static let all: [Route] = [
        Route("say", "Understands one utterance and acts on it.",
              params: [ParamDescription("text", .string(), required: true, "what was said or typed"),
                       ParamDescription("unsure", .bool, "heard only just (voice): an End or Cancel asks for a yes first")],
              result: intentResult, examples: [.init(WireExamples.say), .init(WireExamples.sayNeedsValue, caption: "needsValue")]) { request in
            // "race my last 5k" races only a workout this client may read (none while locked).
            await request.gateway.say(request.params.string("text") ?? "", language: request.language,
                                      conversation: request.session.conversation, unsure: request.params.bool("unsure") ?? false,
                                      readScope: try? request.router.readScope(session: request.session)).json
        },
        Route("parse", "Recognises an utterance; acts on nothing.",
              params: [ParamDescription("text", .string(), required: true)],
              result: "the `coach parse --json` object", readOnly: true, examples: [.init(WireExamples.parse), .init(WireExamples.parseNearMiss, caption: "a near miss")]) { request in
            request.gateway.parse(request.params.string("text") ?? "", language: request.language).wire.json
        },
        Route("start", "Starts a workout (after the countdown).",
              params: [activity,
                       ParamDescription("location", .string(oneOf: LocationType.allCases.map(\.rawValue))),
                       ParamDescription("goal", .goal),
                       ParamDescription("open", .bool, "open-ended: no goal"),
                       ParamDescription("name", .string(maxLength: 256), "the workout's name"),
                       ParamDescription("plan", .string(minLength: 1, maxLength: 64), "a saved plan's name (docs/plans.md)"),
                       ParamDescription("race", .string(minLength: 1, maxLength: 256), "a saved workout's id (or prefix) to race, or \"last\""),
                       ParamDescription("raceDistance", .number(1...1_000_000), "with race \"last\": the newest workout within 10 % of these metres"),
                       ParamDescription("collect", .strings(maxCount: 32, maxLength: 64), "only these sample types (HealthKit's enableCollection)"),
                       ParamDescription("noCollect", .strings(maxCount: 32, maxLength: 64), "refuse these sample types (disableCollection)"),
                       ParamDescription("waitSensors", .number(0...300), "seconds to hold the countdown until the remembered sensors connect")],
              result: intentResult, examples: [.init(WireExamples.start)]) { request in
            let params = request.params
            // Hold the countdown for the sensors (not while a workout runs: that start is refused anyway).
            if let wait = params.number("waitSensors"), wait > 0, await !request.gateway.source.status().state.isOngoing {
                await request.gateway.waitForSensors(timeout: .milliseconds(Int64((wait * 1000).rounded())))
            }
            var start = StartWorkoutIntent(activity: params.activity, location: params.location, goal: try params.workoutGoal,
                                           isOpenEnded: params.bool("open"), workoutName: params.string("name"),
                                           source: request.router.startSource(session: request.session),
                                           collectedTypes: try params.sampleTypes("collect"), excludedTypes: try params.sampleTypes("noCollect"))
            if params.string("plan") != nil, params.string("race") != nil {
                throw RPCError.invalidParams("give plan or race, not both")
            }
            if let name = params.string("plan") {
                start.plan = try PlanRouting.load(name, from: request.gateway.plans)
                start.activity = start.activity ?? start.plan?.activity
            } else if let race = params.string("race") {
                start.plan = try RaceRouting.plan(race, activity: start.activity, distance: params.number("raceDistance"),
                                                  store: request.gateway.store(), scope: try request.router.readScope(session: request.session))
                start.activity = start.activity ?? start.plan?.activity
            }
            return await perform(.start(start), request)
        },
        Route("skipStep", "Ends the plan's current step now (\"skip step\", \"next interval\").", result: intentResult, examples: [.init(WireExamples.skipStep)]) { request in
            await perform(.skipStep, request)
        },
        Route("stepStatus", "The workout now, with the plan's step.", result: intentResult, readOnly: true,
              examples: [.init(WireExamples.stepStatus)]) { request in
            await perform(.stepStatus, request)
        },
        Route("pause", "Pauses the running workout.", params: [activity], result: intentResult, examples: [.init(WireExamples.pause)]) { request in
            await perform(.pause(activity: request.params.activity), request)
        },
        Route("resume", "Resumes the paused workout.", params: [activity], result: intentResult, examples: [.init(WireExamples.resume)]) { request in
            await perform(.resume(activity: request.params.activity), request)
        },
        Route("end", "Ends and saves the workout.",
              params: [activity, ParamDescription("save", .bool, "keep a workout shorter than 5 s")],
              result: intentResult, examples: [.init(WireExamples.end)]) { request in
            await perform(.end(activity: request.params.activity, saveShort: request.params.bool("save") ?? false), request)
        },
        Route("cancel", "Discards the workout (asks first unless confirmed).",
              params: [activity, ParamDescription("confirm", .bool, "without it: confirmationRequired, nothing discarded")],
              result: intentResult, examples: [.init(WireExamples.cancel)]) { request in
            await perform(.cancel(activity: request.params.activity, confirmed: request.params.bool("confirm") ?? false), request)
        },
        Route("lap", "Marks a lap.", result: intentResult, examples: [.init(WireExamples.lap)]) { request in await perform(.lap, request) },
        Route("status", "The workout now.", result: intentResult, readOnly: true,
              examples: [.init(WireExamples.status), .init(WireExamples.statusLocked, caption: "locked")]) { request in await perform(.status, request) },
        Route("sample", "Feeds a metric (or, with type location, a route point) into the running workout.",
              params: [ParamDescription("type", .string(minLength: 1, maxLength: 64), required: true,
                                        QuantityType.allCases.map(\.rawValue).joined(separator: ", ") + ", or location"),
                       ParamDescription("value", .number(-1e15...1e15), "required unless type is location"),
                       ParamDescription("unit", .string(minLength: 1, maxLength: 32), "default: the type's canonical unit"),
                       ParamDescription("syncIdentifier", .string(minLength: 1, maxLength: 256), "resent samples replace, never duplicate"),
                       ParamDescription("syncVersion", .integer(wholeNumbers), "a higher version replaces"),
                       ParamDescription("latitude", .number(-90...90), "degrees (type location)"),
                       ParamDescription("longitude", .number(-180...180), "degrees (type location)"),
                       ParamDescription("altitude", .number(-1e5...1e5), "metres (type location)"),
                       ParamDescription("horizontalAccuracy", .number(0...1e7), "metres (type location)"),
                       ParamDescription("workout", .string(minLength: 1, maxLength: 256), "a saved workout (unique id prefix) to add the sample to"),
                       ParamDescription("date", .string(minLength: 1, maxLength: 64), "with workout: ISO 8601, within the workout (default its end)")],
              result: #"{"accepted":true,"outcome":"added|replaced|ignoredOlderVersion"} or {"accepted":false,"outcome":"rejected","reason":"notCollecting|implausibleValue|typeNotCollected"}; on a mirror "queued" while its primary is unreachable"#,
              examples: [.init(WireExamples.sample), .init(WireExamples.sampleRejected, caption: "rejected")], handle: sample),
        Route("lock", "Hides metrics in every presentation.", result: #"{"locked":true,"message":…}"#, examples: [.init(WireExamples.lock)]) { request in
            LockResult(locked: true, message: await request.gateway.displays.setLocked(true, language: request.language ?? .en)).json
        },
        Route("unlock", "Shows metrics again.", result: #"{"locked":false,"message":…}"#, examples: [.init(WireExamples.unlock)]) { request in
            LockResult(locked: false, message: await request.gateway.displays.setLocked(false, language: request.language ?? .en)).json
        },
        Route("subscribe", "Notifications on this connection from now on.",
              params: [ParamDescription("events", .bool, "announcements (default true)"),
                       ParamDescription("status", .bool, "status snapshots (default true)"),
                       ParamDescription("feed", .bool, "Live Activity contents (default false)"),
                       ParamDescription("echo", .bool, "also the events this connection's own commands caused (default true)"),
                       ParamDescription("changes", .bool, "changes notifications: the store's added/deleted pages as they commit (default false)"),
                       ParamDescription("anchor", .integer(wholeNumbers), "with changes: start after this anchor (omit: everything)")],
              result: #"{"subscribed":true,…}, then notifications"#, readOnly: true, examples: [.init(WireExamples.subscribe)]) { request in
            let events = request.params.bool("events") ?? true
            let status = request.params.bool("status") ?? true
            let feed = request.params.bool("feed") ?? false
            let echo = request.params.bool("echo") ?? true
            let changes = request.params.bool("changes") ?? false
            var subscription = SubscriptionRequest(events: events, status: status, feed: feed, language: request.language ?? .en,
                                                   unlessCausedBy: echo ? nil : request.session.conversation.id)
            if changes {
                // Asked once: a reader refused now (locked) is told so, not left waiting.
                subscription.scope = try request.router.readScope(session: request.session)
                guard request.gateway.store() != nil else {
                    throw RPCError(code: -32002, message: "no store: this gateway keeps nothing (guest mode, virtual time, or the store could not be opened)")
                }
                subscription.changes = true
                subscription.anchor = request.params.integer("anchor")
            }
            request.session.subscription(subscription)
            return SubscribeResult(events: events, status: status, feed: feed, changes: changes).json
        },
        Route("unsubscribe", "Stops this connection's notifications.", result: #"{"subscribed":false}"#, readOnly: true,
              examples: [.init(WireExamples.unsubscribe)]) { request in
            request.session.subscription(nil)
            return UnsubscribeResult().json
        },
        Route("endpoints", "Where the gateway's other faces listen (the HTTP display's URL, without its token).",
              result: #"{"http":"http://127.0.0.1:8787/"} (a name is missing when that face is off)"#, readOnly: true,
              examples: [.init(WireExamples.endpoints)]) { request in
            EndpointsResult(request.gateway.displays.endpoints).json
        },
        Route("feed", "The Live Activity content now.", result: "attributes + content state (docs/status-feed.md)", readOnly: true,
              examples: [.init(LiveActivityContent.example)]) { request in
            await request.gateway.displays.feed.currentContent().json
        },
        Route("feed.render", "The status line as coach-status prints it.",
              params: [ParamDescription("format", .string(oneOf: FeedFormat.allCases.map(\.rawValue)), "default text"),
                       ParamDescription("presentation", .string(oneOf: FeedPresentation.allCases.map(\.rawValue)))],
              result: "the rendered line(s), a string", readOnly: true, examples: [.init(WireExamples.feedRender)]) { request in
            let format = request.params.string("format").flatMap(FeedFormat.init(rawValue:)) ?? .text
            let presentation = request.params.string("presentation").flatMap(FeedPresentation.init(rawValue:))
                ?? FeedStream.defaultPresentation(for: format)
            let content = await request.gateway.displays.feed.currentContent()
            return FeedRenderResult(FeedRenderer(wording: request.gateway.displays.wording(request.language ?? .en))
                .render(content, presentation: presentation, format: format)).json
        },
        Route("tmux.follow", "Pushes every feed change into a tmux server's @coach option.",
              params: [ParamDescription("socketPath", .string(minLength: 1, maxLength: 4096), "a tmux server by socket path"),
                       ParamDescription("socketName", .string(minLength: 1, maxLength: 256), "a tmux server by -L name (neither: the default)")],
              result: #"{"following":…}"#, examples: [.init(WireExamples.tmuxFollow)]) { request in
            let target: TmuxTarget
            if let path = request.params.string("socketPath") { target = .socketPath(path) }
            else if let name = request.params.string("socketName") { target = .socketName(name) }
            else { target = .default }
            // Remembered, so a restarted gateway keeps pushing (GatewayAssembly.start reads the file).
            await request.gateway.displays.followTmux(target, language: request.language == .ja ? .ja : .en, remember: true)
            let named = target.arguments.joined(separator: " ")
            return FollowResult(following: named.isEmpty ? "default" : named).json
        },
        Route("ping", "Liveness.", result: #""pong""#, readOnly: true, examples: [.init(WireExamples.ping)]) { _ in PongResult().json },
        Route("help", "The method names.", result: "an array of names", readOnly: true, examples: [.init(WireExamples.help)]) { _ in
            HelpResult(RequestRouter.methods.map(\.name)).json
        },
        Route("rpc.discover", "This API as an OpenRPC document.", result: "the OpenRPC document", readOnly: true,
              examples: [.init(WireExamples.discover)]) { _ in
            MethodDescription.openRPCDocument(RequestRouter.methods, title: "Coach gateway", version: CoachVersion.current).json
        },
        Route("sensors", "The Bluetooth sensors and their state (docs/sensors.md).", result: #"{"running":bool,"sensors":[…]}"#,
              readOnly: true, examples: [.init(WireExamples.sensors)]) { request in
            request.gateway.sensors.status().json
        },
        Route("sensors.reload", "Reads the sensor settings again.", result: "the sensors object", examples: [.init(WireExamples.sensors)]) { request in
            do { return try request.gateway.sensors.reload().json } catch { throw RPCError.invalidParams("\(error)") }
        },
    ] + mirrorRoutes + [
        Route("history", "Saved workouts, newest first (as coach history --json).",
              params: [ParamDescription("limit", .integer(1...10_000), "at most this many"),
                       ParamDescription("all", .bool, "include discarded and active workouts"),
                       ParamDescription("source", .string(minLength: 1, maxLength: 256), "only workouts that client started or imported"),
                       ParamDescription("since", .string(minLength: 1, maxLength: 64), #"started from then on: "2026-05-01", "last week", "7d", an ISO instant"#),
                       ParamDescription("until", .string(minLength: 1, maxLength: 64), "started before the end of then (same words)")],
              result: "an array of workouts", readOnly: true, examples: [.init(WireExamples.history)]) { request in
            let scope = try request.router.readScope(session: request.session)
            let range = try dateRange(request.params)
            return try storeQuery(request) { store in
                HistoryResult(try store.history(limit: request.params.integer("limit"), includeAll: request.params.bool("all") ?? false,
                                                source: request.params.string("source"), scope: scope,
                                                since: range["since"], until: range["until"]).map(\.wire)).json
            }
        },
        Route("show", "One workout with statistics (as coach show --json).",
              params: [ParamDescription("id", .string(minLength: 1, maxLength: 256), required: true, "a unique prefix")],
              result: "a workout", readOnly: true, examples: [.init(WireExamples.show)]) { request in
            let scope = try request.router.readScope(session: request.session)
            return try storeQuery(request) { store in
                do {
                    return try store.workout(matching: request.params.string("id") ?? "", scope: scope).wire.json
                } catch let error as WorkoutLookupError {
                    throw RPCError.invalidParams("id: \(error.description)")
                }
            }
        },
        Route("workouts.changes", "What changed since an anchor (HealthKit's anchored query), a page at a time.",
              params: [ParamDescription("anchor", .integer(wholeNumbers), "omit for everything"),
                       ParamDescription("limit", .integer(1...5_000), "objects per page (default 500)")],
              result: #"{"added":[{"kind":"workout"|"sample",…}],"deleted":[…],"anchor":N,"more":bool}: while more, ask again from anchor"#,
              readOnly: true, examples: [.init(WireExamples.changes)]) { request in
            let scope = try request.router.readScope(session: request.session)
            return try storeQuery(request) { store in
                try store.changes(since: request.params.integer("anchor"), scope: scope, limit: request.params.integer("limit") ?? 500).wire().json
            }
        },
    ] + storeRoutes + permissionRoutes

    // MARK: - Shared handlers

    private static func perform(_ intent: WorkoutIntent, _ request: RouteRequest) async -> JSONValue {
        await request.gateway.perform(intent, language: request.language ?? .en, conversation: request.session.conversation).json
    }

    /// Saved workouts and the anchored change feed, straight from the store.
    private static func storeQuery(_ request: RouteRequest, _ query: (WorkoutStore) throws -> JSONValue) throws -> JSONValue {
        guard let store = request.gateway.store() else {
            throw RPCError(code: -32002, message: "no store: this gateway keeps nothing (guest mode, virtual time, or the store could not be opened)")
        }
        do {
            return try query(store)
        } catch let error as WorkoutLookupError {
            throw RPCError.invalidParams(error.description)
        } catch let error as RPCError {
            throw error
        } catch {
            throw RPCError.storeError("errorDatabaseInaccessible", "\(error)")
        }
    }

    @Sendable private static func sample(_ request: RouteRequest) async throws -> JSONValue {
        let params = request.params
        let name = params.string("type") ?? ""
        // The workout's source takes the sample (a mirror sends it on to its primary); a sample
        // for a saved workout goes to this gateway's store.
        if name.lowercased() == "location" {
            if params.string("workout") != nil { throw RPCError.invalidParams("route points cannot be added to a saved workout (only quantity samples)") }
            _ = try request.router.authorizeWrite(.location, session: request.session)
            return try await location(request)
        }
        guard let type = QuantityType(name: name) else {
            throw RPCError.invalidParams("type \"\(name)\" is not a sample type (one of \(QuantityType.allCases.map(\.rawValue).joined(separator: ", ")), location)")
        }
        guard let value = params.number("value") else { throw RPCError.invalidParams("value is required for type \(name): a number") }
        let source = try request.router.authorizeWrite(.quantity(type), session: request.session)
        if params.string("workout") != nil { return try await amend(request, type: type, value: value, source: source) }
        do {
            let sample = LiveSample(type, value: value, unit: params.string("unit"), syncIdentifier: params.string("syncIdentifier"),
                                    syncVersion: params.integer("syncVersion"), source: source)
            let outcome: SampleOutcome
            switch try await request.gateway.addSample(sample, queued: request.ordered) {
            case .sentOn(let answer): return answer.json   // the primary's answer, or queued for it
            case .recorded(let recorded): outcome = recorded
            }
            if outcome == .rejected(.typeNotCollected) {
                // A refused type is said in words, not only as a reason code.
                let workout = await request.gateway.source.status()
                let words = request.gateway.displays.phrase(
                    "typeNotCollected", ["type": type.rawValue,
                                         "workout": request.gateway.displays.wording(request.language ?? .en)
                                            .workout(workout.activity, workout.location)],
                    language: request.language ?? .en)
                return sampleAnswer(outcome, message: words)
            }
            if outcome == .rejected(.notCollecting) {
                // During the countdown the workout is there but has not begun: say so, not "start one first".
                let workout = await request.gateway.source.status()
                if workout.state == .prepared {
                    let words = request.gateway.displays.wording(request.language ?? .en)
                        .feedWordPublic("notBegun", ["seconds": String(workout.countdown ?? 0)])
                    return sampleAnswer(outcome, message: words)
                }
            }
            return sampleAnswer(outcome)
        } catch let error as UnitError {
            throw RPCError.invalidParams("unit: \(error.description)")
        } catch let problem as JournalProblem {
            throw RPCError.storeError(problem.code, problem.message)
        }
    }

    /// `sample` with type `location`: latitude and longitude (degrees) required, altitude and
    /// horizontalAccuracy (m) optional.
    private static func location(_ request: RouteRequest) async throws -> JSONValue {
        let params = request.params
        guard let latitude = params.number("latitude") else { throw RPCError.invalidParams("latitude is required for type location: a number from -90 to 90") }
        guard let longitude = params.number("longitude") else { throw RPCError.invalidParams("longitude is required for type location: a number from -180 to 180") }
        do {
            let outcome = try await request.gateway.addLocation(latitude: latitude, longitude: longitude, altitude: params.number("altitude"),
                                                                horizontalAccuracy: params.number("horizontalAccuracy"))
            return sampleAnswer(outcome)
        } catch let problem as LocationProblem {
            throw RPCError.invalidParams(problem.message)
        } catch let problem as JournalProblem {
            throw RPCError.storeError(problem.code, problem.message)
        }
    }

    static func sampleAnswer(_ outcome: SampleOutcome, message: String? = nil) -> JSONValue {
        switch outcome {
        case .added: return SampleResult(accepted: true, outcome: "added").json
        case .replaced: return SampleResult(accepted: true, outcome: "replaced").json
        case .ignoredOlderVersion: return SampleResult(accepted: true, outcome: "ignoredOlderVersion").json
        case .rejected(let reason): return SampleResult(accepted: false, outcome: "rejected", reason: reason.rawValue, message: message).json
        }
    }
}

/// The domain values of decoded params (names already checked against the description's lists).
extension DecodedParams {
    var activity: ActivityType? { string("activity").flatMap(ActivityType.init(rawValue:)) }
    var location: LocationType? { string("location").flatMap(LocationType.init(rawValue:)) }

    /// The goal: its shape was checked by the description; here its meaning is.
    var workoutGoal: WorkoutGoal? {
        get throws {
            guard let goal = goal("goal") else { return nil }
            if let shorthand = goal.stringValue {
                guard let parsed = WorkoutGoal(shorthand: shorthand) else {
                    throw RPCError.invalidParams("goal \"\(shorthand)\" is not a goal (examples: 30min, 5km, 500kcal)")
                }
                return parsed
            }
            guard let type = goal["type"]?.stringValue, let parsed = WorkoutGoal(type: type, value: goal["value"]?.doubleValue) else {
                throw RPCError.invalidParams(#"goal must be {"type":"time|distance|energy","value":…} or a shorthand such as "30min""#)
            }
            return parsed
        }
    }
}
