// The handler of `mirror.start` (docs/mirroring.md); its params are described in the route table
// (Protocol/Routes.swift). A sample on a mirror goes to its primary through MirroredWorkout.

import CoachCore
import CoachWire

extension Routes {
    @Sendable static func mirrorStart(_ request: RouteRequest) async throws -> JSONValue {
        let params = request.params
        let target: MirrorTarget
        do { target = try MirrorTarget(parsing: params.string("target") ?? "") } catch { throw RPCError.invalidParams("target: \(error.description)") }
        var options = MirrorOptions()
        if let coach = params.string("remoteCoach") { options.remoteCoach = coach }
        if let ssh = params.string("ssh") { options.ssh = ssh }
        if let extra = params.strings("sshOptions") { options.sshOptions = extra }
        if let timeout = params.integer("connectTimeout") { options.connectTimeout = timeout }
        do {
            _ = try await request.gateway.peers.startMirroring(target, options: options)
        } catch let error as MirrorError {
            throw RPCError(code: -32004, message: error.description)
        }
        return await request.gateway.peers.mirrorStatus()
    }
}
