// Who a connection is: `hello` names it; until then it is unnamed, and under the `ask` policy it
// is named by its executable (SO_PEERCRED's pid → /proc/PID/exe). Coach's own executable (the CLI,
// the REPL in client mode) is the user; the name "coach" is believed only from it.

import CoachCore
import Foundation
import Synchronization

extension ConnectionSession {
    /// The identity requests on this connection are judged by.
    public var client: ClientIdentity {
        let identity = self.identity.withLock { $0 }
        guard case .unnamed(nil) = identity, let pid = peerPID.withLock({ $0 }) else { return identity }
        // Coach's own commands and REPL run this very executable: they are the user.
        let named = PeerProcess.runsThisExecutable(pid: pid)
            ? ClientIdentity.user : ClientIdentity.unnamed(executable: PeerProcess.executableName(pid: pid))
        self.identity.withLock { $0 = named }
        return named
    }

    /// Sets who this connection is (`hello`, or a channel that knows: the REPL, a mirror).
    public func identify(as identity: ClientIdentity) { self.identity.withLock { $0 = identity } }

    public func setPeerPID(_ pid: Int32) { peerPID.withLock { $0 = $0 ?? pid } }

    /// The device this connection's samples come from (a mirror's host), if it said.
    public func setSourceDevice(_ device: SampleDevice) { sourceDevice.withLock { $0 = device } }
}

/// What the kernel says about the process at the other end of a connection.
enum PeerProcess {
    /// The executable's file name ("socat", "python3.12"), or nil when it cannot be read.
    static func executableName(pid: Int32) -> String? {
        guard pid > 0 else { return nil }
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe") {
            let name = (path as NSString).lastPathComponent.replacingOccurrences(of: " (deleted)", with: "")
            if !name.isEmpty { return name }
        }
        guard let comm = try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8) else { return nil }
        let name = comm.trimmingCharacters(in: .whitespacesAndNewlines)
        return name.isEmpty ? nil : name
    }

    /// Whether the peer runs the same executable as this gateway (so its "coach" is the user).
    static func runsThisExecutable(pid: Int32?) -> Bool {
        guard let pid, pid > 0,
              let theirs = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe"),
              let ours = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else { return false }
        // An upgrade replaces the file under a running gateway: the kernel then says
        // "/usr/bin/coach (deleted)" for the gateway and "/usr/bin/coach" for the new CLI.
        return installed(theirs) == installed(ours)
    }

    private static func installed(_ path: String) -> String {
        path.hasSuffix(" (deleted)") ? String(path.dropLast(" (deleted)".count)) : path
    }
}
