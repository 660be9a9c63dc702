// StoredPermissions: the user's permission decisions and the policy for unnamed clients, kept in
// the store's database so they survive restarts (HealthKit keeps them in its own database, not the
// app's), and how much each source wrote, for `coach permissions`. A part of the store with its own
// tables (`store.permissions`), apart from the workouts.

import CoachCore
import Foundation
import GRDB

struct PermissionRecord: Codable, Hashable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "permission"
    var client: String
    var type: String
    var access: String
    var decision: String
    var updatedAt: Date
}

/// What one source wrote, over all workouts.
public struct SourceTally: Sendable, Hashable, Codable {
    public var name: String
    public var samples: Int
    public var workouts: Int
}

public struct StoredPermissions: Sendable {
    let database: AppDatabase

    /// Every stored decision; a row naming a type this version does not know is skipped.
    public func entries() throws -> [PermissionEntry] {
        try database.writer.read { db in
            try PermissionRecord.fetchAll(db).compactMap { row in
                guard let type = AuthorizationType(name: row.type), let access = PermissionAccess(rawValue: row.access),
                      let decision = PermissionDecision(rawValue: row.decision) else { return nil }
                return PermissionEntry(client: row.client, type: type, access: access, decision: decision)
            }
        }
    }

    /// Stores changed decisions in one transaction; `.notDetermined` deletes the row.
    public func save(_ entries: [PermissionEntry], now: Date = Date()) throws {
        guard !entries.isEmpty else { return }
        try database.writer.write { db in
            for entry in entries {
                if entry.decision == .notDetermined {
                    _ = try PermissionRecord.deleteOne(db, key: ["client": entry.client, "type": entry.type.name,
                                                                 "access": entry.access.rawValue])
                } else {
                    try PermissionRecord(client: entry.client, type: entry.type.name, access: entry.access.rawValue,
                                         decision: entry.decision.rawValue, updatedAt: now).save(db)
                }
            }
        }
    }

    /// The policy for clients that do not name themselves (default `trusted`).
    public func unnamedClientPolicy() throws -> UnnamedClientPolicy {
        try database.writer.read { db in
            try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = 'unnamedClients'")
                .flatMap(UnnamedClientPolicy.init(rawValue:)) ?? .trusted
        }
    }

    public func setUnnamedClientPolicy(_ policy: UnnamedClientPolicy) throws {
        try database.writer.write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO setting (key, value) VALUES ('unnamedClients', ?)",
                           arguments: [policy.rawValue])
        }
    }

    /// Samples and workouts per source name, most samples first.
    public func sourceTallies() throws -> [SourceTally] {
        try database.writer.read { db in
            var tallies: [String: SourceTally] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT sourceName, COUNT(*) FROM sample WHERE sourceName IS NOT NULL GROUP BY sourceName") {
                let name: String = row[0]
                tallies[name, default: SourceTally(name: name, samples: 0, workouts: 0)].samples = row[1]
            }
            for row in try Row.fetchAll(db, sql: """
                SELECT sourceName, COUNT(*) FROM workout WHERE sourceName IS NOT NULL AND state = 'saved' GROUP BY sourceName
                """) {
                let name: String = row[0]
                tallies[name, default: SourceTally(name: name, samples: 0, workouts: 0)].workouts = row[1]
            }
            return tallies.values.sorted { ($0.samples, $1.name) > ($1.samples, $0.name) }
        }
    }
}
