// The mirroring routes (docs/mirroring.md), part of the one route table (Routes.all): a mirror's
// `mirror.start`/`.stop`/`.status`, `mirror.attach`/`.detach` from a mirror to its primary, and the
// primary's side — `mirror.offer` (it opens the link), `mirror.drop` (it detaches a mirror) — with
// `mirror.accept`, what an offering primary asks the mirror's gateway. A sample on a mirror goes to
// its primary through MirroredWorkout.

import CoachCore
import CoachWire
import Foundation

extension Routes {
    static let mirrorTarget = ParamDescription("target", .string(minLength: 1, maxLength: 4096), required: true, "unix:PATH or ssh://[user@]host[:port]")
    static let sshParams = [
        ParamDescription("remoteCoach", .string(minLength: 1, maxLength: 4096), "the coach executable on the other machine"),
        ParamDescription("ssh", .string(minLength: 1, maxLength: 4096), "the ssh executable (default ssh)"),
        ParamDescription("sshOptions", .strings(maxCount: 64, maxLength: 4096), "ssh arguments, before Coach's own"),
        ParamDescription("connectTimeout", .integer(1...300), "ssh's ConnectTimeout, seconds"),
    ]

    static let mirrorRoutes: [Route] = [
        Route("mirror.start", "Mirrors another gateway (docs/mirroring.md).", params: [mirrorTarget] + sshParams,
              result: "the mirror.status object", examples: [.init(WireExamples.mirrorStatus)], handle: mirrorStart),
        Route("mirror.stop", "Stops mirroring; the primary's workout carries on.", result: #"{"stopped":bool,…status}"#,
              examples: [.init(WireExamples.mirrorStop)]) { request in
            let stopped = await request.gateway.peers.stopMirroring()
            var status = await request.gateway.peers.mirrorStatus()
            status.stopped = stopped
            return status.json
        },
        Route("mirror.status", "The mirroring state (docs/mirroring.md).", result: "the mirror.status object", readOnly: true,
              examples: [.init(WireExamples.mirrorStatus), .init(WireExamples.mirrorPrimary, caption: "a primary")]) { request in
            await request.gateway.peers.mirrorStatus().json
        },
        Route("mirror.attach", "Sent by a mirror to its primary, which announces it (and its going).",
              params: [ParamDescription("name", .string(minLength: 1, maxLength: 256), "the mirror's host name")],
              result: #"{"attached":true}"#, examples: [.init(MirrorLinkResult("attached"))]) { request in
            request.gateway.peers.attachMirror(name: request.params.string("name") ?? "a mirror", session: request.session)
            // What it forwards was measured on the mirror's host: its samples' source device (docs/permissions.md).
            request.session.setSourceDevice(SampleDevice(name: request.params.string("name") ?? "mirror"))
            return MirrorLinkResult("attached").json
        },
        Route("mirror.detach", "Sent by a mirror that stops mirroring: a primary that offered the link does not offer it again.",
              result: #"{"detached":true}"#, examples: [.init(MirrorLinkResult("detached"))]) { request in
            await request.gateway.peers.mirrorDetached(session: request.session)
            return MirrorLinkResult("detached").json
        },
        Route("mirror.offer", "Offers mirroring: this gateway opens the link to the mirror's gateway and serves it (the user's only).",
              params: [mirrorTarget] + sshParams,
              result: #"the mirror.status object, its "offers" with this one live"#, examples: [.init(WireExamples.mirrorPrimary)],
              handle: mirrorOffer),
        Route("mirror.drop", "Detaches a mirror, attached or offered; it is told why (the user's only).",
              params: [ParamDescription("mirror", .string(minLength: 1, maxLength: 4096), required: true,
                                        "the mirror's host name, or the target it was offered to"),
                       ParamDescription("reason", .string(minLength: 1, maxLength: 512), "said to the mirror")],
              result: #"{"dropped":[names],…status}"#, examples: [.init(WireExamples.mirrorDrop)]) { request in
            try requireUser(request, "mirror.drop")
            do {
                return try await request.gateway.peers.dropMirror(request.params.string("mirror") ?? "", reason: request.params.string("reason")).json
            } catch let error as MirrorError {
                throw RPCError.invalidParams("mirror: \(error.description)")
            }
        },
        Route("mirror.accept", "Sent by a primary offering mirroring: this connection becomes the link to it (the user's only).",
              params: [ParamDescription("primary", .string(minLength: 1, maxLength: 256), required: true, "the primary's host name"),
                       ParamDescription("primaryID", .string(minLength: 1, maxLength: 4096), required: true, "tells its offers from another primary's")],
              result: #"{"accepted":true,"mirror":NAME}; then the primary's `mirror.ready` notification, and this gateway's calls to it"#,
              examples: [.init(MirrorLinkResult("accepted", mirror: "laptop"))]) { request in
            try requireUser(request, "mirror.accept")
            do {
                return try await request.gateway.peers.acceptOffer(primary: request.params.string("primary") ?? "",
                                                                   primaryID: request.params.string("primaryID") ?? "", session: request.session).json
            } catch let error as MirrorError {
                throw RPCError(code: -32004, message: error.description)
            }
        },
    ]

    /// Opening links to other machines and detaching mirrors are the user's, as workouts.replica
    /// is: a client governed by permissions may not (docs/permissions.md).
    static func requireUser(_ request: RouteRequest, _ method: String) throws {
        if let name = request.session.client.governedName(policy: request.gateway.permissions.policy) {
            throw RPCError.storeError(AccessControl.deniedCode, "\(method) is the user's: \(name) may not use it (run `coach mirror` yourself)")
        }
    }

    static func mirrorOptions(_ params: DecodedParams) -> MirrorOptions {
        var options = MirrorOptions()
        if let coach = params.string("remoteCoach") { options.remoteCoach = coach }
        if let ssh = params.string("ssh") { options.ssh = ssh }
        if let extra = params.strings("sshOptions") { options.sshOptions = extra }
        if let timeout = params.integer("connectTimeout") { options.connectTimeout = timeout }
        return options
    }

    static func mirrorTarget(_ params: DecodedParams) throws -> MirrorTarget {
        do { return try MirrorTarget(parsing: params.string("target") ?? "") } catch { throw RPCError.invalidParams("target: \(error.description)") }
    }

    @Sendable static func mirrorStart(_ request: RouteRequest) async throws -> JSONValue {
        let target = try mirrorTarget(request.params)
        do {
            _ = try await request.gateway.peers.startMirroring(target, options: mirrorOptions(request.params))
        } catch let error as MirrorError {
            throw RPCError(code: -32004, message: error.description)
        }
        return await request.gateway.peers.mirrorStatus().json
    }

    @Sendable static func mirrorOffer(_ request: RouteRequest) async throws -> JSONValue {
        try requireUser(request, "mirror.offer")
        let target = try mirrorTarget(request.params)
        do {
            return try await request.gateway.peers.offerMirroring(target, options: mirrorOptions(request.params)).json
        } catch let error as MirrorError {
            throw RPCError(code: -32004, message: error.description)
        }
    }
}
