// The gateway's log: one line per event on stdout (journald or the terminal keeps it), prefixed
// "coach gateway:". Rate-limited, so a hostile client's stream of failing notifications cannot
// flood the journal: beyond `burst` lines in a second the rest are counted and summed up once.

import Foundation
import Synchronization

public enum GatewayLog {
    static let burst = 20

    private struct Window {
        var second = 0
        var written = 0
        var suppressed = 0
    }

    private static let window = Mutex(Window())

    public static func note(_ text: String) {
        let now = Int(Date().timeIntervalSince1970)
        let lines: [String] = window.withLock { window in
            var lines: [String] = []
            if window.second != now {
                if window.suppressed > 0 { lines.append("(\(window.suppressed) more log lines in the last second were left out)") }
                window = Window(second: now)
            }
            guard window.written < burst else {
                window.suppressed += 1
                return lines
            }
            window.written += 1
            lines.append(text)
            return lines
        }
        for line in lines { print("coach gateway: " + line) }
        if !lines.isEmpty { fflush(nil) }
    }
}
