// systemd socket activation (sd_listen_fds(3)): when started by coach.socket, the listening socket
// arrives as fd 3 and must be used as is — not unlinked, not re-bound.

#if canImport(Glibc)
import Glibc
#endif
import Foundation

enum SystemdActivation {
    /// The first passed listening descriptor, if systemd passed any to this very process.
    static func listeningDescriptor(environment: [String: String] = ProcessInfo.processInfo.environment) -> Int32? {
        guard let pid = environment["LISTEN_PID"].flatMap(Int32.init), pid == getpid(),
              let count = environment["LISTEN_FDS"].flatMap(Int.init), count >= 1 else { return nil }
        // Children we spawn must not think the sockets are theirs.
        unsetenv("LISTEN_PID")
        unsetenv("LISTEN_FDS")
        unsetenv("LISTEN_FDNAMES")
        let descriptor: Int32 = 3
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        return descriptor
    }
}
