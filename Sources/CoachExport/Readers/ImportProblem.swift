// What an import reports when a file cannot be read: the file and what is wrong with it.

import Foundation

public struct ImportProblem: Error, Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var message: String

    public init(file: String, message: String) {
        self.file = file
        self.message = message
    }

    public var description: String { "\(file): \(message)" }
}
