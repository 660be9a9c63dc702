// The stream to the primary's gateway: a Unix socket for `unix:`, or the stdin/stdout of an
// `ssh … coach bridge` child for `ssh://` (one child per connection, as docker does). Over either,
// the one client's async face (AsyncGatewayClient) makes the calls and reads the notifications on a
// thread of its own. When the stream ends, `endReason()` says why in words and whether a retry can
// help (ssh-bridge.md §5: refused/timed out/closed → retry; host key, auth, `coach` missing → stop
// and tell the user).

import CoachProcess
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

final class MirrorChannel: Sendable {
    struct OpenError: Error, Sendable {
        var reason: String
        var retryable: Bool
    }

    /// Calls to the primary and its notifications.
    let client: AsyncGatewayClient
    private let child: ChildProcess?
    private let stderrPath: String?
    private let closed = Atomic<Bool>(false)

    private init(client: AsyncGatewayClient, child: ChildProcess?, stderrPath: String?) {
        self.client = client
        self.child = child
        self.stderrPath = stderrPath
    }

    /// Opens the stream. `ssh` is the full ssh command line (MirrorTarget.sshArguments); its
    /// stderr goes to `stderrPath` (kept: `coach mirror status` shows its last line).
    static func open(_ target: MirrorTarget, ssh: [String]?, stderrPath: String) async throws(OpenError) -> MirrorChannel {
        switch target {
        case .unix(let path):
            // The same checks as every client (#21): the socket's directory is the user's and the
            // listening process runs as the user; a planted socket is refused, not mirrored.
            do {
                return MirrorChannel(client: try AsyncGatewayClient(location: SocketLocation(path: path)), child: nil, stderrPath: nil)
            } catch {
                switch error {
                case .untrusted(let why): throw OpenError(reason: "\(why)", retryable: false)
                default: throw OpenError(reason: "no gateway answers on \(path) (\(error))", retryable: true)
                }
            }
        case .ssh:
            guard let ssh else { throw OpenError(reason: "no ssh command line", retryable: false) }
            // One socket pair: the child's end is its stdin and stdout; ours reads and writes, and
            // a half-close of ours is the end of ssh's stdin (the bridge then exits, as dial-stdio).
            var pair: [Int32] = [0, 0]
            guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
                throw OpenError(reason: "socketpair: \(String(cString: strerror(errno)))", retryable: true)
            }
            let child: ChildProcess
            do {
                child = try await ChildProcess.start(ssh, stdin: .descriptor(pair[1]), stdout: .descriptor(pair[1]),
                                                     stderr: .file(stderrPath, append: false))
            } catch {
                Glibc.close(pair[0])
                Glibc.close(pair[1])
                throw OpenError(reason: "cannot run \(ssh[0]): \(error)", retryable: false)
            }
            Glibc.close(pair[1])
            return MirrorChannel(client: AsyncGatewayClient(descriptor: pair[0]), child: child, stderrPath: stderrPath)
        }
    }

    /// The process id of the ssh child, if there is one (tests kill it).
    var childPID: pid_t? { child?.pid }

    /// Ends the stream: half-closes our side (the bridge sees EOF and exits, as dial-stdio), stops
    /// the ssh child and reaps it. Safe to call twice.
    func close() {
        guard !closed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        if let child {
            client.finishSending()
            child.signal(SIGTERM)
        } else {
            client.close()
        }
    }

    /// Why the stream ended, once the client's notifications finished: for ssh, its exit status and last stderr line
    /// decide (ssh-bridge.md §5); for a socket, the primary closed it.
    func endReason() async -> (reason: String, retryable: Bool) {
        guard let child else { return ("the primary closed the connection", true) }
        // ssh has 2 s to go once its stream ended, then it is killed.
        let killer = Task {
            try await Task.sleep(for: .seconds(2))
            child.signal(SIGKILL)
        }
        let ending = await child.ending()
        killer.cancel()
        let stderr = lastLine(of: stderrPath)
        switch ending {
        case .exited(let code): return Self.classify(exited: true, code: code, signal: 0, stderr: stderr)
        case .signaled(let signal): return Self.classify(exited: false, code: 0, signal: signal, stderr: stderr)
        case .unknown: return Self.classify(exited: false, code: 0, signal: 0, stderr: stderr)
        }
    }

    /// ssh's exit → reason and whether to retry (pure; tested).
    static func classify(exited: Bool, code: Int32, signal: Int32, stderr: String?) -> (reason: String, retryable: Bool) {
        guard exited else { return ("ssh was killed (signal \(signal))", true) }
        let said = stderr.map { ": " + $0 } ?? ""
        switch code {
        case 0: return ("the bridge on the primary ended", true)
        case 127: return ("`coach` was not found on the primary (set the remote path with --remote-coach)\(said)", false)
        case 69: return ("no gateway runs on the primary (start one there with `coach serve`)\(said)", true)
        case 255:
            let text = stderr ?? ""
            for fatal in ["Host key verification failed", "Permission denied", "REMOTE HOST IDENTIFICATION HAS CHANGED",
                          "Could not resolve hostname", "Bad configuration option", "No ED25519 host key is known",
                          "host key is known"] where text.contains(fatal) {
                return ("ssh refused\(said)", false)
            }
            return (text.isEmpty ? "the ssh connection dropped" : "ssh\(said)", true)
        default:
            return ("ssh exited with status \(code)\(said)", true)
        }
    }

    private func lastLine(of path: String?) -> String? {
        guard let path, let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        return text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .last { !$0.isEmpty }
    }
}
