// The store's word through the real gateway (issue 18, item 9): with the disk full, a sample that
// failed is never `accepted:true` when sent again until it is durable, and a kill -9 then loses
// nothing acknowledged; an `end` that could not be saved is saved (or at least still ended) after
// space returns and a SIGTERM — never recovered as running.
//
// The disk is a real tmpfs of a few MiB mounted on the gateway's XDG_DATA_HOME and filled with
// dd; the test says why it cannot run where mounting is not permitted.

import CoachGateway
import CoachStore
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A small tmpfs on `path` that can be filled to ENOSPC and emptied again.
struct SmallDisk {
    let path: String

    static let isPermitted: Bool = {
        let probe = FileManager.default.temporaryDirectory.appendingPathComponent("coach-mount-probe-\(getpid())").path
        try? FileManager.default.createDirectory(atPath: probe, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: probe) }
        guard (try? runProcess("/bin/mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", probe]).status) == 0 else { return false }
        _ = try? runProcess("/bin/umount", ["-l", probe])
        return true
    }()

    init(on path: String, sizeMiB: Int) throws {
        self.path = path
        let result = try runProcess("/bin/mount", ["-t", "tmpfs", "-o", "size=\(sizeMiB)m", "tmpfs", path])
        guard result.status == 0 else { throw TmuxError("mount tmpfs on \(path): \(result.stderr)") }
    }

    var filler: String { path + "/filler" }
    func fill() throws { _ = try runProcess("/bin/dd", ["if=/dev/zero", "of=\(filler)", "bs=16k"]) }
    func free() { try? FileManager.default.removeItem(atPath: filler) }
    func unmount() { _ = try? runProcess("/bin/umount", ["-l", path]) }
}

@Suite("The store's word through the gateway", .serialized)
struct StoreWordTests {
    static let reason: Comment = "needs `mount -t tmpfs` (root, in a namespace that permits mounts)"

    private func client(_ gateway: BackgroundGateway) throws -> GatewayClient {
        try GatewayClient(location: SocketLocation(path: gateway.socketPath))
    }

    /// Built explicitly: a nested literal here took the type checker many minutes.
    private func heartRateSample(_ id: String, value: Double) -> JSONValue {
        .object([("type", .string("heartRate")), ("value", .number(value)), ("syncIdentifier", .string(id)),
                 ("syncVersion", .number(1))])
    }

    /// Sends samples until one fails with the store's error (-32001); returns the acknowledged
    /// identifiers and the one that failed.
    private func samplesUntilFull(_ client: GatewayClient, prefix: String) throws -> (acknowledged: [String], failed: String) {
        var acknowledged: [String] = []
        for n in 1...20_000 {
            let id = "\(prefix)-\(n)"
            do {
                let reply = try client.call("sample", heartRateSample(id, value: Double(100 + n % 50)))
                if reply["accepted"]?.boolValue == true { acknowledged.append(id) }
            } catch .rpc(let error) where error.code == -32001 {
                return (acknowledged, id)
            }
        }
        throw TmuxError("the disk never filled up")
    }

    /// The sync identifiers of every sample in the store file (read after the gateway stopped).
    private func storedSampleIDs(_ home: ScratchHome) throws -> Set<String> {
        let store = try WorkoutStore.open(path: home.root.appendingPathComponent("data/coach/coach.sqlite").path, readOnly: true)
        var ids = Set<String>()
        for workout in try store.history(includeAll: true) {
            for sample in try store.samples(ofWorkout: workout.id) { if let id = sample.syncIdentifier { ids.insert(id) } }
        }
        return ids
    }

    @Test(.enabled(if: SmallDisk.isPermitted, reason))
    func aSampleRetriedOnAFullDiskIsAcknowledgedOnlyOnceDurable() async throws {
        let home = try ScratchHome()
        let disk = try SmallDisk(on: home.root.appendingPathComponent("data").path, sizeMiB: 4)
        defer { disk.unmount() }
        var gateway = try await BackgroundGateway(home: home)
        var rpc = try client(gateway)
        _ = try rpc.call("start", ["activity": "running"])
        try disk.fill()
        let (acknowledged, failed) = try samplesUntilFull(rpc, prefix: "r")
        #expect(!acknowledged.isEmpty)
        // The same sample again while the disk is still full: refused as the first was.
        for _ in 0..<3 {
            #expect(throws: GatewayClientError.self, "\(failed) resent on a full disk must not be accepted") {
                try rpc.call("sample", heartRateSample(failed, value: 120))
            }
        }
        disk.free()
        let reply = try rpc.call("sample", heartRateSample(failed, value: 120))
        #expect(reply["accepted"]?.boolValue == true)
        // Acknowledged now, so it must survive a kill -9 with everything acknowledged before it.
        gateway.kill()
        gateway = try await BackgroundGateway(home: home)
        rpc = try client(gateway)
        let status = try rpc.call("status")
        #expect(status["state"]?.stringValue == "running")
        try await gateway.stop()
        let stored = try storedSampleIDs(home)
        let missing = (acknowledged + [failed]).filter { !stored.contains($0) }
        #expect(missing.isEmpty, "\(missing.count) acknowledged samples lost, e.g. \(missing.prefix(3))")
    }

    @Test(.enabled(if: SmallDisk.isPermitted, reason))
    func anUnsavedEndIsNeverRecoveredAsRunning() async throws {
        let home = try ScratchHome()
        let disk = try SmallDisk(on: home.root.appendingPathComponent("data").path, sizeMiB: 4)
        defer { disk.unmount() }
        var gateway = try await BackgroundGateway(home: home)
        var rpc = try client(gateway)
        _ = try rpc.call("start", ["activity": "running"])
        try disk.fill()
        _ = try samplesUntilFull(rpc, prefix: "e")
        let end = try rpc.call("end", ["save": true])
        #expect(end["code"]?.stringValue == "success")
        #expect(end["message"]?.stringValue?.contains("not saved yet") == true, "the end was expected to fail to save: \(end)")
        disk.free()
        #expect(try await gateway.stop() == 0)
        gateway = try await BackgroundGateway(home: home)
        rpc = try client(gateway)
        let status = try rpc.call("status")
        #expect(status["state"]?.stringValue != "running", "an ended workout came back: \(status)")
        #expect(status["state"]?.stringValue != "paused")
        try await gateway.stop()
        let store = try WorkoutStore.open(path: home.root.appendingPathComponent("data/coach/coach.sqlite").path, readOnly: true)
        #expect(try store.history().count == 1, "the ended workout is saved")
    }
}
