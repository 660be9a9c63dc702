// Turning SQLite and file-system failures into HealthKit-style problems that say what to do.

import CoachCore
import Foundation
import GRDB

enum StoreFailure: Error, CustomStringConvertible {
    case message(String)

    var description: String {
        switch self {
        case .message(let text): return text
        }
    }

    static let inaccessible = "errorDatabaseInaccessible"

    /// A `JournalProblem` for any error met while opening or writing the store. Writes that fail
    /// are kept queued by the manager and retried (on a timer, with the next change, at shutdown).
    static func problem(for error: any Error, path: String?, opening: Bool = false) -> JournalProblem {
        if let problem = error as? JournalProblem { return problem }
        let place = path ?? "the in-memory store"
        let cause: String
        let advice: String
        if let database = error as? DatabaseError {
            switch database.resultCode {
            case .SQLITE_FULL:
                cause = "the disk is full"
                advice = "free some space on the disk that holds \(place)"
            case .SQLITE_READONLY:
                cause = "it is read-only"
                advice = "make \(place) and its directory writable, or open the store read-write"
            case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_AUTH:
                cause = "it cannot be opened (\(database.message ?? "permission denied"))"
                advice = "check that the directory exists and is writable, or set XDG_DATA_HOME"
            case .SQLITE_BUSY, .SQLITE_LOCKED:
                cause = "another process holds it locked"
                advice = "stop the other coach process that uses it"
            case .SQLITE_CORRUPT, .SQLITE_NOTADB:
                cause = "it is damaged (\(database.message ?? "corrupt"))"
                advice = "move it aside; coach creates a new one"
            default:
                cause = database.message ?? "\(database.resultCode)"
                advice = "check the disk and the file's permissions"
            }
        } else {
            cause = "\(error)"
            advice = "check the disk and the file's permissions"
        }
        let tail = opening
            ? "Workouts cannot be kept until this is fixed."
            : "The changes are kept in memory and written as soon as the store works again (retried every few seconds)."
        return JournalProblem(code: inaccessible,
                              message: "Cannot write the workout store \(place): \(cause). Please \(advice). \(tail)")
    }
}
