// ResidentCode: keeps the long-running gateway's resident set to the code it uses. `coach` is one
// large executable (the REPL, voice, export, the gateway: 20–30 MB of code and read-only data when
// the Swift runtime and Foundation are linked in statically; its shared libraries add a few MB).
// The kernel maps file pages around every fault (fault-around, 64 KiB), and start-up touches code
// all over the binary (argument parsing, settings, loading Intents/, opening the store), so an idle
// gateway kept ~28 MB of file pages mapped that it never ran again. Once started, the gateway drops
// its mappings of those pages (MADV_DONTNEED): what it runs later comes back from the page cache on
// demand (a minor fault, no disk read), and what it does not run stops counting. This frees page
// table entries, not the page cache; the resident figure then shows what the gateway keeps using.
// Only never-written mappings are touched (code, and the executable's read-only data before its
// code): a private page that was written (relocated data) would lose its contents. Figures:
// Benchmarks/idle (idle RSS 31.3 MB → 20.8 MB with the executable's pages alone).

import CoachApp
#if canImport(Glibc)
import Glibc
#endif

enum ResidentCode {
    /// Drops this process's mappings of code pages (and of the executable's read-only data).
    /// Returns the number of bytes of address range advised.
    @discardableResult
    static func releaseStartUpPages() -> Int {
        guard let maps = fopen("/proc/self/maps", "r") else { return 0 }
        defer { fclose(maps) }
        let executable = executablePath()
        var advised = 0
        var line = [CChar](repeating: 0, count: 4096)
        while fgets(&line, Int32(line.count), maps) != nil {
            let text = String(nulTerminated: line).trimmingNewline()
            // "start-end perms offset dev inode path"
            let fields = text.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 6, fields[5].hasPrefix("/") else { continue }
            let isExecutable = String(fields[5...].joined(separator: " ")) == executable
            let permissions = fields[1]
            // Code (of the executable and the shared libraries) and the executable's read-only data
            // only: never written, so the file holds exactly what is mapped.
            guard permissions == "r-xp" || (isExecutable && permissions == "r--p" && !isRelocatedData(fields)) else { continue }
            let range = fields[0].split(separator: "-")
            guard range.count == 2, let start = UInt(range[0], radix: 16), let end = UInt(range[1], radix: 16),
                  let address = UnsafeMutableRawPointer(bitPattern: start) else { continue }
            let length = Int(end - start)
            _ = madvise(address, length, MADV_DONTNEED)
            advised += length
        }
        return advised
    }

    /// RELRO (relocated, then made read-only) shows as r--p too; it is small and may hold written
    /// pages, so any r--p segment that is not the first mapping of the file (offset 0, the ELF
    /// headers and read-only data before the code) is left alone.
    private static func isRelocatedData(_ fields: [Substring]) -> Bool {
        fields[2] != "00000000"
    }

    private static func executablePath() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return "" }
        buffer[count] = 0
        return String(nulTerminated: buffer)
    }
}

private extension String {
    func trimmingNewline() -> String { hasSuffix("\n") ? String(dropLast()) : self }
}
