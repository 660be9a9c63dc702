// A throwaway sshd on a loopback port for the ssh mirroring tests (shared/reference/ssh-bridge.md
// §3): host and user keys made for the test, its own authorized_keys and known_hosts, the system's
// sshd_config never read (-f /dev/null), stopped by pid. It runs as whoever runs the tests and
// logs in only that user (an sshd without the system's config and PAM can log in no one else;
// root in CI, anyone on a workstation). Needs Debian's openssh-server.

import Foundation
#if canImport(Glibc)
import Glibc
#endif

final class LoopbackSSHD: @unchecked Sendable {
    let directory: String
    let port: Int
    private let child: Child
    private var stopped = false

    /// The user the sshd logs in: the one running the tests.
    let user: String = getpwuid(getuid()).map { String(cString: $0.pointee.pw_name) } ?? "root"

    var userKey: String { directory + "/user_key" }
    var knownHosts: String { directory + "/known_hosts" }

    /// The ssh options a mirror passes (before its own): this key, this known_hosts, nothing of
    /// the user's ~/.ssh.
    var clientOptions: [String] {
        ["-F", "/dev/null", "-i", userKey, "-o", "IdentitiesOnly=yes", "-o", "UserKnownHostsFile=" + knownHosts,
         "-o", "StrictHostKeyChecking=yes", "-o", "LogLevel=ERROR"]
    }

    init() async throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/sbin/sshd") else {
            throw TmuxError("/usr/sbin/sshd is missing: install openssh-server (scripts/apt-packages.txt)")
        }
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("coach-sshd-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        for (name, comment) in [("host_key", "coach-test-host"), ("user_key", "coach-test-user")] {
            let made = try await runProcess("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", comment, "-f", directory + "/" + name])
            guard made.status == 0 else { throw TmuxError("ssh-keygen: \(made.stderr)") }
        }
        try FileManager.default.copyItem(atPath: directory + "/user_key.pub", toPath: directory + "/authorized_keys")
        if getuid() == 0 {  // a root sshd insists on its privilege-separation directory
            try FileManager.default.createDirectory(atPath: "/run/sshd", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        }
        port = try LoopbackPort.free()
        let hostKey = try String(contentsOfFile: directory + "/host_key.pub", encoding: .utf8).split(separator: " ").prefix(2).joined(separator: " ")
        try "[127.0.0.1]:\(port) \(hostKey)\n".write(toFile: directory + "/known_hosts", atomically: true, encoding: .utf8)
        let log = open(directory + "/sshd.log", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        defer { close(log) }
        child = try await ChildProcess.spawn(["/usr/sbin/sshd", "-D", "-e", "-f", "/dev/null", "-p", String(port), "-h", directory + "/host_key",
                                      "-o", "ListenAddress=127.0.0.1", "-o", "PidFile=none",
                                      "-o", "AuthorizedKeysFile=" + directory + "/authorized_keys",
                                      "-o", "StrictModes=no", "-o", "UsePAM=no", "-o", "PasswordAuthentication=no",
                                      "-o", "KbdInteractiveAuthentication=no",
                                      // Bash sources ~/.bashrc for an sshd command only at shell
                                      // level < 2: this keeps root's rc files (pyenv init, which can
                                      // wait a minute on a stale rehash lock) out of the test.
                                      "-o", "SetEnv=SHLVL=1"], stdout: log, stderr: log)
        // Ready when the port accepts.
        let (child, port, directory) = (child, port, directory)
        let listening = try await poll(timeout: .seconds(60)) {
            if child.exitStatus != nil {
                throw TmuxError("sshd exited: \((try? String(contentsOfFile: directory + "/sshd.log", encoding: .utf8)) ?? "")")
            }
            return LoopbackPort.accepts(port)
        }
        guard listening else { throw TmuxError("sshd did not listen on 127.0.0.1:\(port)") }
    }

    /// The sshd's log, for failure messages.
    var log: String { (try? String(contentsOfFile: directory + "/sshd.log", encoding: .utf8)) ?? "" }

    /// SIGTERM, and waits until sshd has gone.
    func stop() async {
        guard !stopped else { return }
        stopped = true
        await ChildProcess.terminate(child)
    }

    /// One nobody stopped: SIGTERM (SIGKILL after 5 s), not waited for.
    deinit {
        if !stopped { ChildProcess.terminateSoon(child) }
        try? FileManager.default.removeItem(atPath: directory)
    }
}
