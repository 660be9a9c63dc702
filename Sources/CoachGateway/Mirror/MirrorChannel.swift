// The stream between two gateways: a Unix socket for `unix:`, or the stdin/stdout of an
// `ssh … coach bridge` child for `ssh://` (one child per connection, as docker does). A mirror
// calls its primary over it through one client (AsyncGatewayClient, its own reader thread); over a
// link the primary offered, the client is the connection the primary opened (ReversedConnection).
// When the stream ends, `endReason()` says why in words and whether a retry can help
// (ssh-bridge.md §5: refused/timed out/closed → retry; host key, auth, `coach` missing → stop and
// tell the user). The primary's side of an offer opens its stream here too (`openStream`).

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

    /// The gateway at the other end, for the words of a failure ("no gateway runs on the mirror").
    enum Peer: String, Sendable { case primary, mirror }

    /// An open stream: a connected socket, and the ssh child behind it (nil for `unix:`).
    struct Stream: Sendable {
        var descriptor: Int32
        var child: ChildProcess?
        var stderrPath: String?
    }

    /// Calls to the primary and its notifications.
    let client: any GatewayConnection
    private let child: ChildProcess?
    private let stderrPath: String?
    private let closed = Atomic<Bool>(false)

    private init(client: any GatewayConnection, child: ChildProcess?, stderrPath: String?) {
        self.client = client
        self.child = child
        self.stderrPath = stderrPath
    }

    /// A link the primary opened (`coach mirror offer` there): its connection is the channel.
    convenience init(offered connection: ReversedConnection) {
        self.init(client: connection, child: nil, stderrPath: nil)
    }

    /// Opens the stream to the primary. `ssh` is the full ssh command line
    /// (MirrorTarget.sshArguments); its stderr goes to `stderrPath` (kept: `coach mirror status`
    /// shows its last line).
    static func open(_ target: MirrorTarget, ssh: [String]?, stderrPath: String) async throws(OpenError) -> MirrorChannel {
        let stream = try await openStream(target, ssh: ssh, stderrPath: stderrPath, peer: .primary)
        return MirrorChannel(client: AsyncGatewayClient(descriptor: stream.descriptor), child: stream.child,
                             stderrPath: stream.stderrPath)
    }

    /// A connected stream to the gateway at `target`, which is the `peer`.
    static func openStream(_ target: MirrorTarget, ssh: [String]?, stderrPath: String, peer: Peer) async throws(OpenError) -> Stream {
        switch target {
        case .unix(let path):
            // The same checks as every client (#21): the socket's directory is the user's and the
            // listening process runs as the user; a planted socket is refused, not mirrored.
            do {
                return Stream(descriptor: try GatewayTrust.connect(SocketLocation(path: path)), child: nil, stderrPath: nil)
            } catch {
                switch error {
                case .untrusted(let why): throw OpenError(reason: "\(why)", retryable: false)
                default:
                    throw OpenError(reason: "no gateway answers on \(path) (\(error)): start one for the \(peer.rawValue) there with `coach serve`",
                                    retryable: true)
                }
            }
        case .offered:
            throw OpenError(reason: "the primary opens this link: there is nothing to dial", retryable: false)
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
            return Stream(descriptor: pair[0], child: child, stderrPath: stderrPath)
        }
    }

    /// The process id of the ssh child, if there is one (tests kill it).
    var childPID: pid_t? { child?.pid }

    /// Ends the stream: half-closes our side (the bridge sees EOF and exits, as dial-stdio), stops
    /// the ssh child and reaps it. Safe to call twice.
    func close() {
        guard !closed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        if let child {
            (client as? AsyncGatewayClient)?.finishSending()
            child.signal(SIGTERM)
        } else {
            client.close()
        }
    }

    /// Why the stream ended, once the client's notifications finished: for ssh, its exit status and last stderr line
    /// decide (ssh-bridge.md §5); for a socket, the primary closed it.
    func endReason() async -> (reason: String, retryable: Bool) {
        await Self.endReason(child: child, stderrPath: stderrPath, peer: .primary)
    }

    /// Why a stream to `peer` ended: ssh's exit (it has 2 s to go once its stream ended, then it
    /// is killed), or the other gateway closed its socket.
    static func endReason(child: ChildProcess?, stderrPath: String?, peer: Peer) async -> (reason: String, retryable: Bool) {
        guard let child else { return ("the \(peer.rawValue) closed the connection", true) }
        let killer = Task {
            try await Task.sleep(for: .seconds(2))
            child.signal(SIGKILL)
        }
        let ending = await child.ending()
        killer.cancel()
        let stderr = lastLine(of: stderrPath)
        switch ending {
        case .exited(let code): return classify(exited: true, code: code, signal: 0, stderr: stderr, peer: peer)
        case .signaled(let signal): return classify(exited: false, code: 0, signal: signal, stderr: stderr, peer: peer)
        case .unknown: return classify(exited: false, code: 0, signal: 0, stderr: stderr, peer: peer)
        }
    }

    /// ssh's exit → reason and whether to retry (pure; tested). `peer` is the gateway ssh reached.
    static func classify(exited: Bool, code: Int32, signal: Int32, stderr: String?,
                         peer: Peer = .primary) -> (reason: String, retryable: Bool) {
        guard exited else { return ("ssh was killed (signal \(signal))", true) }
        let said = stderr.map { ": " + $0 } ?? ""
        let other = peer.rawValue
        switch code {
        case 0: return ("the bridge on the \(other) ended", true)
        case 127: return ("`coach` was not found on the \(other) (set the remote path with --remote-coach)\(said)", false)
        case 69: return ("no gateway runs on the \(other) (start one there with `coach serve`)\(said)", true)
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

    private static func lastLine(of path: String?) -> String? {
        guard let path, let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        return text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .last { !$0.isEmpty }
    }
}
