// The gateway's allocator arenas (HeapPolicy, issue 42's week soak): glibc gives each thread that
// allocates an arena of its own, up to 8 × cores; the soak's gateway had 14, each keeping the memory
// freed in it for its own thread, and a gateway a day older held 4–6 MB more free heap than a new
// one. `coach serve` caps them at two. Counted from /proc/PID/maps: an arena other than the main
// one is a heap mapped at a 64 MiB boundary (glibc's HEAP_MAX_SIZE on 64-bit), its used part
// read-write and the rest of the 64 MiB reserved (no access).

import Foundation
import Testing
import CoachGateway

@Suite("Gateway heap")
struct GatewayHeapTests {
    @Test func aBusyGatewayKeepsToTwoArenas() async throws {
        let home = try ScratchHome()
        let gateway = try await BackgroundGateway(home: home)
        defer { gateway.killSoon() }
        guard let binary = CoachBinary.path() else { throw TmuxError("coach is not built") }
        func coach(_ arguments: [String]) async throws -> ProcessResult { try await runProcess(binary, arguments, environment: home.environment) }
        // Work on every thread the gateway has: connections (event loops), the store (its
        // readers and writer), a workout's engine.
        #expect(try await coach(["start", "cycling", "--location", "indoor"]).status == 0)
        for value in 100..<130 { #expect(try await coach(["sample", "heartRate", "\(value)"]).status == 0) }
        #expect(try await coach(["end", "--save"]).status == 0)
        #expect(try await coach(["history", "--json"]).status == 0)
        let heaps = try Self.arenaHeaps(pid: gateway.pid)
        // The main arena is not a heap mapping; at most one arena more, and one a thread may have
        // made before `coach serve` set the cap (without it: 7 in this test, 14 in the week soak).
        #expect(heaps <= Int(HeapPolicy.arenaMax), "\(heaps) arena heaps")
        #expect(try await gateway.stop() == 0)
    }

    /// Anonymous read-write mappings at a 64 MiB boundary followed by their reserved rest.
    static func arenaHeaps(pid: pid_t) throws -> Int {
        let heapSize: UInt = 64 << 20
        let regions: [(start: UInt, end: UInt, perms: Substring)] = try String(contentsOfFile: "/proc/\(pid)/maps", encoding: .utf8)
            .split(separator: "\n").compactMap { line in
                let fields = line.split(separator: " ", omittingEmptySubsequences: true)
                guard fields.count == 5, fields[4] == "0" else { return nil }  // anonymous: inode 0, no path
                let bounds = fields[0].split(separator: "-").compactMap { UInt($0, radix: 16) }
                return bounds.count == 2 ? (bounds[0], bounds[1], fields[1]) : nil
            }
        return zip(regions, regions.dropFirst()).filter { used, reserved in
            used.perms == "rw-p" && used.start % heapSize == 0 && reserved.perms == "---p"
                && reserved.start == used.end && reserved.end >= used.start + heapSize
        }.count
    }
}
