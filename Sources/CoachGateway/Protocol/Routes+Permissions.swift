// The permission routes (docs/permissions.md): who may write and read what, the questions a client
// asks and the user answers. Their handlers are in Permissions/RequestRouter+Permissions.swift;
// here only the descriptions, part of the one route table (Routes.all).

import CoachCore
import CoachWire

extension Routes {
    static let clientName = ParamDescription("client", .string(minLength: 1, maxLength: 64), required: true, "1–64 characters, no spaces")
    static let share = ParamDescription("share", .names(maxCount: 64), "required unless read names a type: type names (heartRate, workouts, …)")
    static let read = ParamDescription("read", .names(maxCount: 64), "required unless share names a type: type names")

    private static func permission(_ name: String, _ summary: String, params: [ParamDescription] = [], result: String,
                                   readOnly: Bool = false, example: some WireMessage) -> Route {
        Route(name, summary, params: params, result: result, readOnly: readOnly, examples: [.init(example)]) { request in
            try await request.router.permissionMethod(name, request.raw, session: request.session)
        }
    }

    static let permissionRoutes: [Route] = [
        permission("hello", "Names this connection's client, for permissions and sources.",
                   params: [clientName, ParamDescription("version", .string(maxLength: 64), "one line")],
                   result: #"{"client":…,"gateway":…,"unnamedClients":"trusted|ask"}"#, example: WireExamples.hello),
        permission("authorization.request", "Asks the user to let this client share (write) and read types; waits while the REPL asks.",
                   params: [share, read, ParamDescription("wait", .integer(0...600), "seconds to wait for the answer (default 120)")],
                   result: #"{"asked":bool,"share":{"heartRate":"notDetermined|sharingDenied|sharingAuthorized",…}}"#,
                   example: WireExamples.authorizationRequest),
        permission("authorization.status", "This client's share status for one type (as HealthKit: never whether it may read).",
                   params: [ParamDescription("type", .string(minLength: 1, maxLength: 64), required: true, "a type name")],
                   result: #"{"type":…,"status":"notDetermined|sharingDenied|sharingAuthorized"}"#, readOnly: true,
                   example: WireExamples.authorizationStatus),
        permission("authorization.next", "The REPL's long poll for the next permission question (the user's only).",
                   result: "a question {id, client, version, share, read, text}, or null", example: WireExamples.authorizationNext),
        permission("authorization.answer", "Answers a permission question (the user's only).",
                   params: [ParamDescription("id", .integer(1...Int(Int32.max)), required: true, "the question's id"),
                            ParamDescription("answer", .wordOrObject(["yes", "no"]), required: true, #"or {"share":[…],"read":[…]}: the types allowed"#)],
                   result: #"{"recorded":N}"#, example: WireExamples.authorizationAnswer),
        permission("permissions.list", "Every client's decisions and what it wrote (the user's only).",
                   result: #"{"unnamedClients":…,"clients":[…]}"#, readOnly: true, example: WireExamples.permissionsList),
        permission("permissions.grant", "Allows a client types (the user's only).", params: [clientName, share, read],
                   result: #"{"client":…,"changed":N}"#, example: WireExamples.permissionsChange),
        permission("permissions.revoke", "Denies a client types (the user's only).", params: [clientName, share, read],
                   result: #"{"client":…,"changed":N}"#, example: WireExamples.permissionsChange),
        permission("permissions.reset", "Forgets a client's decisions (the user's only).", params: [clientName],
                   result: #"{"client":…,"changed":N}"#, example: WireExamples.permissionsChange),
        permission("permissions.policy", "How clients that said no hello are treated (the user's only).",
                   params: [ParamDescription("unnamedClients", .string(oneOf: ["trusted", "ask"]))],
                   result: #"{"unnamedClients":"trusted|ask"}"#, example: WireExamples.permissionsPolicy),
    ]
}
