// The store's word through the real gateway (issue 18, item 9): with the disk full, a sample that
// failed is never `accepted:true` when sent again until it is durable, and a kill -9 then loses
// nothing acknowledged; an `end` that could not be saved is saved (or at least still ended) after
// space returns and a SIGTERM — never recovered as running.
//
// The disk is a real tmpfs of a few MiB mounted on the gateway's XDG_DATA_HOME and filled with
// dd; the test says why it cannot run where mounting is not permitted.

import CoachGateway
import CoachWire
import CoachStore
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A small tmpfs on `path` that can be filled to ENOSPC and emptied again.
struct SmallDisk {
    let path: String

    /// Mounting is a system call here, not a `mount` child: nothing to wait for.
    static let isPermitted: Bool = {
        let probe = FileManager.default.temporaryDirectory.appendingPathComponent("coach-mount-probe-\(getpid())").path
        try? FileManager.default.createDirectory(atPath: probe, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: probe) }
        guard mount("tmpfs", probe, "tmpfs", 0, "size=1m") == 0 else { return false }
        _ = umount2(probe, Int32(MNT_DETACH))
        return true
    }()

    init(on path: String, sizeMiB: Int) throws {
        self.path = path
        guard mount("tmpfs", path, "tmpfs", 0, "size=\(sizeMiB)m") == 0 else {
            throw TmuxError("mount tmpfs on \(path): \(String(cString: strerror(errno)))")
        }
    }

    var filler: String { path + "/filler" }
    func fill() async throws { _ = try await runProcess("/bin/dd", ["if=/dev/zero", "of=\(filler)", "bs=16k"]) }
    func free() { try? FileManager.default.removeItem(atPath: filler) }
    /// Lazily (MNT_DETACH, `umount -l`): whatever still has a file open there keeps it.
    func unmount() { _ = umount2(path, Int32(MNT_DETACH)) }
}

@Suite("The store's word through the gateway", .serialized)
struct StoreWordTests {
    static let reason: Comment = "needs `mount -t tmpfs` (root, in a namespace that permits mounts)"

    /// The async client: its reads are on a thread of its own, never a pool thread.
    private func client(_ gateway: BackgroundGateway) throws -> AsyncGatewayClient {
        try AsyncGatewayClient(location: SocketLocation(path: gateway.socketPath))
    }

    /// Built explicitly: a nested literal here took the type checker many minutes.
    private func heartRateSample(_ id: String, value: Double) -> JSONValue {
        var members: [(String, JSONValue)] = []
        members.append(("type", .string("heartRate")))
        members.append(("value", .number(value)))
        members.append(("syncIdentifier", .string(id)))
        members.append(("syncVersion", .number(1)))
        return .object(members)
    }

    /// Whether the gateway acknowledges the sample `id` (false when it answers with an error).
    /// A gateway in `home` with a run started, and a client of it.
    private func runningGateway(_ home: ScratchHome) async throws -> (BackgroundGateway, AsyncGatewayClient) {
        let gateway = try await BackgroundGateway(home: home)
        let rpc = try client(gateway)
        _ = try await rpc.call("start", .object([("activity", .string("running"))]))
        return (gateway, rpc)
    }

    private func resendIsAccepted(_ client: AsyncGatewayClient, _ id: String) async -> Bool {
        let reply: JSONValue
        do { reply = try await client.call("sample", heartRateSample(id, value: 120)) } catch { return false }
        let accepted: Bool = reply["accepted"]?.boolValue ?? false
        return accepted
    }

    /// Sends samples until one fails with the store's error (-32001); returns the acknowledged
    /// identifiers and the one that failed.
    private func samplesUntilFull(_ client: AsyncGatewayClient, prefix: String) async throws -> (acknowledged: [String], failed: String) {
        var acknowledged: [String] = []
        for n in 1...20_000 {
            let id = "\(prefix)-\(n)"
            let value: Double = Double(100 + n % 50)
            let reply: JSONValue
            do {
                reply = try await client.call("sample", heartRateSample(id, value: value))
            } catch {
                // (A `catch .rpc(let e) where …` pattern here crashed the 6.3 compiler's ownership check.)
                let code: Int? = Self.rpcCode(error)
                if code == -32001 { return (acknowledged, id) }
                throw TmuxError("sample \(id): \(error)")
            }
            let accepted: Bool = reply["accepted"]?.boolValue ?? false
            if accepted { acknowledged.append(id) }
        }
        throw TmuxError("the disk never filled up")
    }

    private static func rpcCode(_ error: GatewayClientError) -> Int? {
        guard case .rpc(let rpc) = error else { return nil }
        return rpc.code
    }

    /// The sync identifiers of every sample in the store file (read after the gateway stopped).
    private func storedSampleIDs(_ home: ScratchHome) throws -> Set<String> {
        let store = try WorkoutStore.open(path: home.root.appendingPathComponent("data/coach/coach.sqlite").path, readOnly: true)
        var ids = Set<String>()
        let workouts = try store.history(includeAll: true)
        for workout in workouts {
            let samples = try store.samples(ofWorkout: workout.id)
            for sample in samples {
                if let id: String = sample.syncIdentifier { ids.insert(id) }
            }
        }
        return ids
    }

    @Test(.enabled(if: SmallDisk.isPermitted, reason))
    func aSampleRetriedOnAFullDiskIsAcknowledgedOnlyOnceDurable() async throws {
        let home = try ScratchHome()
        let disk = try SmallDisk(on: home.root.appendingPathComponent("data").path, sizeMiB: 4)
        defer { disk.unmount() }
        var (gateway, rpc) = try await runningGateway(home)
        // Some samples while there is space, then the disk fills.
        var before: [String] = []
        for n in 1...20 {
            let id: String = "b-\(n)"
            if await resendIsAccepted(rpc, id) { before.append(id) }
        }
        #expect(before.count == 20)
        try await disk.fill()
        let filled: (acknowledged: [String], failed: String) = try await samplesUntilFull(rpc, prefix: "r")
        let acknowledged: [String] = before + filled.acknowledged
        let failed: String = filled.failed
        #expect(acknowledged.count > 0)
        // The same sample again while the disk is still full: refused as the first was.
        for _ in 0..<3 {
            let accepted = await resendIsAccepted(rpc, failed)
            #expect(!accepted, "\(failed) resent on a full disk must not be accepted")
        }
        disk.free()
        let acceptedOnceFree: Bool = await resendIsAccepted(rpc, failed)
        #expect(acceptedOnceFree, "\(failed) resent once space returned must be accepted")
        // Acknowledged now, so it must survive a kill -9 with everything acknowledged before it.
        await gateway.killHard()
        gateway = try await BackgroundGateway(home: home)
        rpc = try client(gateway)
        let status: JSONValue = try await rpc.call("status")
        let state: String = status["state"]?.stringValue ?? "none"
        #expect(state == "running")
        try await gateway.stop()
        let stored: Set<String> = try storedSampleIDs(home)
        var missing: [String] = []
        for id in acknowledged + [failed] where !stored.contains(id) { missing.append(id) }
        #expect(missing.isEmpty, "\(missing.count) acknowledged samples lost, e.g. \(missing.prefix(3))")
    }

    @Test(.enabled(if: SmallDisk.isPermitted, reason))
    func anUnsavedEndIsNeverRecoveredAsRunning() async throws {
        let home = try ScratchHome()
        let disk = try SmallDisk(on: home.root.appendingPathComponent("data").path, sizeMiB: 4)
        defer { disk.unmount() }
        var (gateway, rpc) = try await runningGateway(home)
        try await disk.fill()
        _ = try await samplesUntilFull(rpc, prefix: "e")
        let endParams: JSONValue = .object([("save", .bool(true))])
        let end: JSONValue = try await rpc.call("end", endParams)
        let code: String = end["code"]?.stringValue ?? "none"
        let message: String = end["message"]?.stringValue ?? ""
        #expect(code == "success")
        #expect(message.contains("not saved yet"), "the end was expected to fail to save: \(message)")
        disk.free()
        let exitStatus: Int32 = try await gateway.stop()
        #expect(exitStatus == 0)
        gateway = try await BackgroundGateway(home: home)
        rpc = try client(gateway)
        let status: JSONValue = try await rpc.call("status")
        let state: String = status["state"]?.stringValue ?? "none"
        #expect(state != "running", "an ended workout came back: \(state)")
        #expect(state != "paused")
        try await gateway.stop()
        let path: String = home.root.appendingPathComponent("data/coach/coach.sqlite").path
        let store: WorkoutStore = try WorkoutStore.open(path: path, readOnly: true)
        let saved: Int = try store.history().count
        #expect(saved == 1, "the ended workout is saved")
    }
}
