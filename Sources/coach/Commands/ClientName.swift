// `coach --as NAME …`: the command speaks to the gateway as the named client NAME (a script that
// feeds heart rate, say), with that client's permissions, instead of as the user. Taken off the
// front of the command line before the argument parser runs, so `coach sensor add ADDR --as
// heartRate` keeps its own `--as`.

import Synchronization

enum ClientName {
    private static let storage = Mutex<String?>(nil)

    /// The name given with `--as`, nil when the command is the user's own.
    static var current: String? { storage.withLock { $0 } }

    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    /// Removes a leading `--as NAME` or `--as=NAME` from `arguments` and remembers NAME.
    static func take(from arguments: inout [String]) -> Result<Void, Problem> {
        guard let first = arguments.first, first == "--as" || first.hasPrefix("--as=") else { return .success(()) }
        let name: String
        if first == "--as" {
            guard arguments.count >= 2, !arguments[1].hasPrefix("-") else {
                return .failure(Problem(description: "--as needs a client name, e.g. coach --as hr-bridge sample heartRate 120"))
            }
            name = arguments[1]
            arguments.removeFirst(2)
        } else {
            name = String(first.dropFirst("--as=".count))
            arguments.removeFirst()
        }
        guard (1...64).contains(name.count), !name.contains(where: \.isWhitespace) else {
            return .failure(Problem(description: "--as takes 1 to 64 characters without spaces (e.g. hr-bridge)"))
        }
        storage.withLock { $0 = name }
        return .success(())
    }
}
