// The power-cut model on hand-written logs: what a state keeps and loses. The first case is the
// one PowerLossTests caught in the plan library: Foundation's atomic write syncs the temporary and
// renames it, but never syncs the directory, so a plan reported saved could be gone after a cut.

import Foundation
import Testing

@Suite struct PowerCutModelTests {
    /// A log in powerlog.c's format.
    static func log(_ records: [(String, String, [UInt8])]) throws -> (PowerLog, String) {
        var data = Data()
        for (header, path, payload) in records {
            let parts = header.split(separator: " ")
            data.append(Data("\(parts[0]) \(parts.count > 1 ? parts[1] : "0") 0 \(payload.count) \(path)\n".utf8))
            data.append(contentsOf: payload)
        }
        let directory = try Fixtures.temporaryDirectory()
        let file = directory + "/log"
        try data.write(to: URL(fileURLWithPath: file))
        return (try PowerLog(contentsOf: file), directory)
    }

    @Test func aRenameIsDurableOnlyOnceItsDirectoryIsSynced() throws {
        let written: [(String, String, [UInt8])] = [
            ("C", "/w/.plan.tmp", []), ("W 0", "/w/.plan.tmp", Array("repeat: 2\n".utf8)), ("S", "/w/.plan.tmp", []),
            ("R", "/w/.plan.tmp\t/w/plan.yaml", []), ("A", "-", Array("ACK plan\n".utf8)),
        ]
        let (withoutDirectorySync, directory) = try Self.log(written)
        defer { Fixtures.remove(directory) }
        #expect(try Self.state(withoutDirectorySync, keeping: .none, in: directory)["plan.yaml"] == nil,
                "acknowledged, yet a cut may lose it")
        #expect(try Self.state(withoutDirectorySync, keeping: .all, in: directory)["plan.yaml"] == "repeat: 2\n")

        let (synced, other) = try Self.log(Array(written.prefix(4)) + [("D", "/w", []), written[4]])
        defer { Fixtures.remove(other) }
        #expect(try Self.state(synced, keeping: .none, in: other)["plan.yaml"] == "repeat: 2\n")
    }

    @Test func unsyncedPagesComeAndGoOneByOneInOrder() throws {
        let page = [UInt8](repeating: UInt8(ascii: "a"), count: 4096), next = [UInt8](repeating: UInt8(ascii: "b"), count: 4096)
        let (log, directory) = try Self.log([
            ("C", "/w/db", []), ("D", "/w", []), ("W 0", "/w/db", page), ("S", "/w/db", []), ("W 4096", "/w/db", next + next),
        ])
        defer { Fixtures.remove(directory) }
        let (durable, units) = log.pending(before: log.records.count)
        #expect(units.count == 2, "the unsynced 8 KiB write is two pages")
        #expect(durable.prefix(4).allSatisfy { $0 })
        #expect(try Self.state(log, keeping: .none, in: directory)["db"]?.utf8.count == 4096)
        #expect(try Self.state(log, keeping: .prefix(1), in: directory)["db"]?.utf8.count == 8192)
        #expect(try Self.state(log, keeping: .all, in: directory)["db"]?.utf8.count == 12288)
    }

    /// A directory made on first use (the plan library's, the store's): its name is in its parent,
    /// so a file synced inside it, with the directory itself synced, is still lost with it until
    /// the parent is synced.
    @Test func aNewDirectoryIsDurableOnlyOnceItsParentIsSynced() throws {
        let written: [(String, String, [UInt8])] = [
            ("M", "/w/plans", []), ("C", "/w/plans/a.yaml", []), ("W 0", "/w/plans/a.yaml", Array("repeat: 2\n".utf8)),
            ("S", "/w/plans/a.yaml", []), ("D", "/w/plans", []), ("A", "-", Array("ACK plan\n".utf8)),
        ]
        let (parentNotSynced, directory) = try Self.log(written)
        defer { Fixtures.remove(directory) }
        #expect(try Self.state(parentNotSynced, keeping: .none, in: directory) == [:], "acknowledged, yet a cut may lose the directory")
        #expect(try Self.state(parentNotSynced, keeping: .all, in: directory) == ["plans/a.yaml": "repeat: 2\n"])

        let (synced, other) = try Self.log([written[0], ("D", "/w", [])] + written.dropFirst())
        defer { Fixtures.remove(other) }
        #expect(try Self.state(synced, keeping: .none, in: other) == ["plans/a.yaml": "repeat: 2\n"])
        // An empty directory the state kept is there too.
        let (empty, third) = try Self.log([("M", "/w/state", []), ("D", "/w", [])])
        defer { Fixtures.remove(third) }
        let (durable, units) = empty.pending(before: empty.records.count)
        _ = try empty.materialize(cut: empty.records.count, durable: durable, kept: units, root: "/w", into: third + "/empty")
        #expect(FileManager.default.fileExists(atPath: third + "/empty/state"))
    }

    /// Every file of a state, by its path under the state's directory.
    static func state(_ log: PowerLog, keeping subset: PowerSubset, in directory: String) throws -> [String: String] {
        let (durable, units) = log.pending(before: log.records.count)
        let target = directory + "/state-\(subset)"
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        _ = try log.materialize(cut: log.records.count, durable: durable, kept: subset.choose(from: units), root: "/w", into: target)
        var files: [String: String] = [:]
        for case let name as String in FileManager.default.enumerator(atPath: target) ?? FileManager.DirectoryEnumerator() {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: target + "/" + name, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[name] = try String(contentsOfFile: target + "/" + name, encoding: .utf8)
            }
        }
        return files
    }
}
