// The `mirror.*` methods of the protocol (docs/mirroring.md) and the sample a mirror forwards.

import CoachCore

extension RequestRouter {
    func mirrorMethod(_ method: String, _ params: Params, session: ConnectionSession) async throws -> JSONValue {
        switch method {
        case "mirror.start":
            let text = try params.requiredString("target")
            let target: MirrorTarget
            do { target = try MirrorTarget(parsing: text) } catch { throw RPCError.invalidParams(error.description) }
            var options = MirrorOptions()
            if let coach = params.string("remoteCoach") { options.remoteCoach = coach }
            if let ssh = params.string("ssh") { options.ssh = ssh }
            if case .array(let extra)? = params.value["sshOptions"] {
                options.sshOptions = try extra.map { item in
                    guard let text = item.stringValue else { throw RPCError.invalidParams("\"sshOptions\" must be strings") }
                    return text
                }
            }
            if let timeout = params.double("connectTimeout") {
                guard timeout >= 1, timeout <= 300 else { throw RPCError.invalidParams("\"connectTimeout\" must be 1 to 300 seconds") }
                options.connectTimeout = Int(timeout.rounded())
            }
            do {
                _ = try await gateway.startMirroring(target, options: options)
            } catch let error as MirrorError {
                throw RPCError(code: -32004, message: error.description)
            }
            return await gateway.mirrorStatus()
        case "mirror.stop":
            let stopped = await gateway.stopMirroring()
            guard case .object(var members) = await gateway.mirrorStatus() else { return .null }
            members.insert(("stopped", .bool(stopped)), at: 0)
            return .object(members)
        case "mirror.attach":
            gateway.attachMirror(name: params.string("name") ?? "a mirror", session: session)
            // What it forwards was measured on the mirror's host (issue 19: sources).
            session.setSourceDevice(SampleDevice(name: params.string("name").map { String($0.prefix(128)) } ?? "mirror"))
            return ["attached": true]
        default:
            return await gateway.mirrorStatus()
        }
    }

    func mirrorSample(_ params: Params, link: MirrorLink) async throws -> JSONValue {
        let name = try params.requiredString("type")
        if name.lowercased() == "location" {
            throw RPCError.invalidParams("this gateway mirrors another: route points belong to the primary's gateway, send them there")
        }
        guard let type = QuantityType(name: name) else {
            throw RPCError.invalidParams("unknown sample type \"\(name)\" (one of \(QuantityType.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        guard let value = params.double("value"), value.isFinite else { throw RPCError.invalidParams("\"value\" must be a number") }
        let version = try params.double("syncVersion").map { number -> Int in
            guard let exact = Int(exactly: number), exact >= 0 else { throw RPCError.invalidParams("\"syncVersion\" must be a whole number") }
            return exact
        }
        do {
            return try await link.forwardSample(type: type.rawValue, value: value, unit: params.string("unit"),
                                                syncIdentifier: params.string("syncIdentifier"), syncVersion: version)
        } catch {
            throw RPCError.storeError("errorDatabaseInaccessible", "could not keep the sample for the primary: \(error)")
        }
    }
}
