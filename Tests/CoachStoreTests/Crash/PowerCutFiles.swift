// The files beside the store in the power-loss simulation's `files` workload (coach-store-crash):
// the settings file whose sensors `coach sensor add` rewrites, the anchor file of `coach changes
// --anchor-file` and the mirror's anchor. After a cut each must load and hold the acknowledged
// version or a later one; an anchor must also not point past the store's newest change (a
// follower would skip what the store still has to tell it).

import CoachSettings
@testable import CoachStore
import Foundation

extension CrashChild {
    static let rewrittenFiles: Set<String> = ["settings", "anchor", "mirror-anchor"]

    /// What is wrong with the file an "ACK <kind> <version>" line names, or nil.
    static func checkFile(_ kind: String, version: Int, directory: String, store: WorkoutStore) throws -> String? {
        switch kind {
        case "settings":
            let settings: CoachSettings
            do { settings = try CoachSettings.load(path: directory + "/config.yaml") } catch { return "does not load: \(error)" }
            let found = settings.sensors.first.flatMap { $0.name.flatMap { Int($0.dropFirst()) } } ?? 0
            return found >= version ? nil : "holds version \(found)"
        default:
            let file = directory + (kind == "anchor" ? "/changes-anchor" : "/mirror-anchor")
            let text = (try? String(contentsOfFile: file, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            guard let anchor = Int(text) else { return "holds '\(text.prefix(20))'" }
            let newest = try store.database.writer.read { db in try Int.fetchOne(db, sql: "SELECT MAX(id) FROM change") ?? 0 }
            if anchor < version { return "holds anchor \(anchor)" }
            return anchor <= newest ? nil : "anchor \(anchor) past the store's newest change \(newest)"
        }
    }
}
