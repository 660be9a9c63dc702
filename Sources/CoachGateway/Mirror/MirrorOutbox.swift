// Samples logged on the mirror that the primary has not yet acknowledged, kept in a file
// ($XDG_STATE_HOME/coach/mirror-outbox.jsonl) so that neither a dropped link nor a killed mirror
// loses one. Each carries a sync identifier and version: resending after a reconnect replaces
// nothing and duplicates nothing on the primary (HealthKit's HKMetadataKeySyncIdentifier rule).

import CoachWire
import Foundation
#if canImport(Glibc)
import Glibc
#endif

struct OutboxSample: Sendable, Hashable {
    var syncIdentifier: String
    var syncVersion: Int
    var type: String
    var value: Double
    var unit: String?

    var params: JSONValue {
        var members: [(String, JSONValue)] = [("type", .string(type)), ("value", .number(value))]
        if let unit { members.append(("unit", .string(unit))) }
        members.append(("syncIdentifier", .string(syncIdentifier)))
        members.append(("syncVersion", .number(Double(syncVersion))))
        return .object(members)
    }

    init(syncIdentifier: String, syncVersion: Int, type: String, value: Double, unit: String?) {
        self.syncIdentifier = syncIdentifier
        self.syncVersion = syncVersion
        self.type = type
        self.value = value
        self.unit = unit
    }

    init?(_ json: JSONValue) {
        guard let id = json["syncIdentifier"]?.stringValue, let version = json["syncVersion"]?.doubleValue,
              let type = json["type"]?.stringValue, let value = json["value"]?.doubleValue, value.isFinite,
              let exact = Int(exactly: version.rounded()) else { return nil }
        self.init(syncIdentifier: id, syncVersion: exact, type: type, value: value, unit: json["unit"]?.stringValue)
    }
}

struct MirrorOutbox: Sendable {
    /// nil keeps the outbox in memory only (virtual time, tests of the machine).
    let path: String?
    private(set) var samples: [OutboxSample] = []

    init(path: String?) {
        self.path = path
        guard let path, let text = try? String(contentsOfFile: path, encoding: .utf8) else { return }
        for line in text.split(separator: "\n") {
            if let json = try? JSONValue(parsing: String(line)), let sample = OutboxSample(json) { samples.append(sample) }
        }
    }

    /// Adds a sample and makes it durable before returning (the caller acknowledges it next).
    mutating func add(_ sample: OutboxSample) throws {
        samples.removeAll { $0.syncIdentifier == sample.syncIdentifier && $0.syncVersion <= sample.syncVersion }
        samples.append(sample)
        try write()
    }

    mutating func remove(_ syncIdentifier: String, version: Int) {
        let before = samples.count
        samples.removeAll { $0.syncIdentifier == syncIdentifier && $0.syncVersion <= version }
        if samples.count != before { try? write() }
    }

    /// Rewrites the file through a temporary and rename, fsynced: a crash leaves the old or the new.
    private func write() throws {
        guard let path else { return }
        let directory = (path as NSString).deletingLastPathComponent
        try DurableFile.createDirectory(directory)
        let text = samples.map { $0.params.serialized() + "\n" }.joined()
        try DurableFile.write(text, to: path, permissions: 0o600)
    }
}
