// What a daemon a test starts runs, so that it goes when the test process goes. A tmux server
// leaves its parent (setsid, re-parented), so a test that dies before its cleanup — a crash, a
// kill, an interrupted run — left it running for good, with a gateway's control client attached.
// A tmux session whose command is this ends with the test process, and a server whose last
// session ended exits. The tests still stop what they start; this is for when they cannot.

import Foundation

public enum TestProcessLifetime {
    /// A shell command that runs exactly as long as this test process.
    public static var command: String { "exec tail --pid=\(getpid()) -f /dev/null" }
}
