// The handlers of `mirror.start` and of the sample a mirror forwards to its primary (docs/mirroring.md);
// their params are described in the route table (Protocol/Routes.swift).

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
            _ = try await request.gateway.startMirroring(target, options: options)
        } catch let error as MirrorError {
            throw RPCError(code: -32004, message: error.description)
        }
        return await request.gateway.mirrorStatus()
    }

    static func mirrorSample(_ request: RouteRequest, link: MirrorLink) async throws -> JSONValue {
        let params = request.params
        let name = params.string("type") ?? ""
        if name.lowercased() == "location" {
            throw RPCError.invalidParams("this gateway mirrors another: route points belong to the primary's gateway, send them there")
        }
        guard let type = QuantityType(name: name) else {
            throw RPCError.invalidParams("type \"\(name)\" is not a sample type (one of \(QuantityType.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        guard let value = params.number("value") else { throw RPCError.invalidParams("value is required for type \(name): a number") }
        do {
            return try await link.forwardSample(type: type.rawValue, value: value, unit: params.string("unit"),
                                                syncIdentifier: params.string("syncIdentifier"), syncVersion: params.integer("syncVersion"))
        } catch {
            throw RPCError.storeError("errorDatabaseInaccessible", "could not keep the sample for the primary: \(error)")
        }
    }
}
