// HeapPolicy (issue 42's week soak): with glibc's sliding mmap threshold, one freed large buffer
// (a replica page, a journal replay) moved every later buffer up to its size into the arenas, where
// glibc kept it after free — the gateway's heap stepped up after its first such reply and stayed.
// These read the allocator's own bookkeeping: the chunk header glibc writes before each block
// (bit 1 of the size word: the block was mmapped, so free gives it back to the system).

import Glibc
import Testing
@testable import CoachGateway

@Suite struct HeapPolicyTests {
    @Test func aFreedLargeBufferDoesNotMoveLaterOnesIntoTheArenas() throws {
        #expect(HeapPolicy.apply(), "glibc's mallopt took every setting")
        // A large buffer: mmapped, and freed. With the sliding threshold, glibc would now serve
        // every block up to its size from an arena and keep it there after free (the soak's was
        // 1.6 MB). The sizes are far larger than the free chunks a test process's arenas hold, so the
        // blocks are not carved from one: the threshold decides (none is written to: no RSS).
        let large = try #require(malloc(24 << 20))
        #expect(Self.isMmapped(large))
        free(large)
        for size in [8 << 20, 16 << 20] {
            let block = try #require(malloc(size))
            defer { free(block) }
            #expect(Self.isMmapped(block), "a \(size >> 20) MiB block is mmapped, so its memory goes back on free")
        }
        // Below the threshold: from an arena, as before (the policy moves nothing small).
        let small = try #require(malloc(4096))
        defer { free(small) }
        #expect(!Self.isMmapped(small))
    }

    /// glibc's chunk header: the size word just before the block; bit 1 is IS_MMAPPED.
    private static func isMmapped(_ block: UnsafeMutableRawPointer) -> Bool {
        block.load(fromByteOffset: -MemoryLayout<UInt>.size, as: UInt.self) & 0x2 != 0
    }
}
