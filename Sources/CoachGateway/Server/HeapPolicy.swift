// HeapPolicy: how glibc's allocator serves a gateway left running for days (issue 42's week soak).
// Measured in the soak (gdb on the gateway, `mallinfo2` and each arena's size): what a process a
// day older held more was not memory in use (6.6 → 6.9 MB) but free memory glibc kept, spread over
// up to 16 arenas (8 × cores; the gateway's ~13 threads had 14), each keeping its own free chunks
// and its own unused top. Two defaults made it a step after the first replica or recovery:
// - the mmap threshold slides: each freed mmapped block larger than it (a replica page, a journal
//   replay, a grown NIO buffer) raises it, up to 32 MiB, and the trim threshold to twice that, so
//   later large buffers come from the arenas and up to 2 × threshold stays in each arena's top;
// - one arena per thread: memory freed by one thread cannot serve another thread's request.
// Fixed thresholds turn the sliding off (large blocks go back to the system when freed), and two
// arenas (one a core here; the gateway waits on I/O, so the lock is rarely contended) keep the
// free lists shared. Set once, first thing in `coach serve`, before its threads start.

import Glibc

public enum HeapPolicy {
    /// Blocks this large or larger are mmapped and returned on free (glibc's starting value).
    public static let mmapThreshold: Int32 = 128 * 1024
    /// An arena's free top beyond this is returned to the system (glibc's starting value).
    public static let trimThreshold: Int32 = 128 * 1024
    public static let arenaMax: Int32 = 2

    // mallopt's parameters (malloc.h, not in Swift's Glibc module).
    static let trimThresholdParameter: Int32 = -1
    static let mmapThresholdParameter: Int32 = -3
    static let arenaMaxParameter: Int32 = -8

    /// Applies the policy to this process; false when the allocator is not glibc's or refused one.
    @discardableResult
    public static func apply() -> Bool {
        guard let mallopt else { return false }
        let applied = [mallopt(mmapThresholdParameter, mmapThreshold), mallopt(trimThresholdParameter, trimThreshold),
                       mallopt(arenaMaxParameter, arenaMax)]
        return applied.allSatisfy { $0 == 1 }
    }

    private static let mallopt: (@convention(c) (Int32, Int32) -> Int32)? = {
        guard let symbol = dlsym(nil, "mallopt") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
    }()
}
