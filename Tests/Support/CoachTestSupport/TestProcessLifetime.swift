// What a daemon a test starts runs, so that it goes when the test process goes. A tmux server
// leaves its parent (setsid, re-parented), so a test that dies before its cleanup — a crash, a
// kill, an interrupted run — left it running for good, with a gateway's control client attached.
// A tmux session whose command is this ends with the test process and then kills its server: a
// server whose last session ended should exit, but one with a gateway's control client attached
// whose reader died with the test waits for that client forever (seen: a test run killed by
// `timeout` left both). SIGKILL, because SIGTERM takes that same waiting path; the control client
// then sees its server gone and exits. The tests still stop what they start; this is for when
// they cannot.

import Foundation

public enum TestProcessLifetime {
    /// A shell command that runs exactly as long as this test process.
    /// The pane's shell is the server's child, so `$PPID` is the server.
    public static var command: String { "tail --pid=\(getpid()) -f /dev/null; kill -KILL $PPID" }
}
