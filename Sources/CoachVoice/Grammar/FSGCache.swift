// FSGCache: the compiled finite-state grammar kept in $XDG_CACHE_HOME/coach/voice/, named by a
// hash of the grammar it came from, so only the first start after Intents/ (or the user's
// sentences, or the filler) changed pays for determinising and minimising it.

import Foundation

enum FSGCache {
    static func directory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let base = environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.cache"
        return base + "/coach/voice"
    }

    /// FNV-1a, 64 bits: a cache name, not a security boundary.
    static func hash(_ text: String) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in text.utf8 {
            h ^= UInt64(b)
            h = h &* 0x100_0000_01b3
        }
        return String(h, radix: 16)
    }

    static func compiled(_ grammar: SpeechGrammar) -> (text: String, states: Int, arcs: Int) {
        let key = hash(grammar.jsgf + "\nfiller-weight \(grammar.fillerWeight) skip \(grammar.skipWeight) branching \(grammar.branchingPenalty)\npriors \(grammar.wordPriors.sorted { $0.key < $1.key })\nfsg-format 4")
        let path = directory() + "/\(key).fsg"
        if let cached = try? String(contentsOfFile: path, encoding: .utf8), cached.hasSuffix("FSG_END\n"),
           let size = cached.split(separator: "\n", maxSplits: 2).dropFirst().first, size.hasPrefix("NUM_STATES ") {
            let states = Int(size.dropFirst("NUM_STATES ".count)) ?? 0
            let arcs = cached.utf8.split(separator: UInt8(ascii: "\n")).count - 5
            return (cached, states, arcs)
        }
        let fresh = grammar.finiteStateGrammar()
        // A cache that cannot be written only costs time on the next start.
        try? FileManager.default.createDirectory(atPath: directory(), withIntermediateDirectories: true)
        let temp = path + ".\(getpid()).tmp"
        if FileManager.default.createFile(atPath: temp, contents: Data(fresh.text.utf8)) {
            if rename(temp, path) != 0 { try? FileManager.default.removeItem(atPath: temp) }
        }
        return fresh
    }
}
