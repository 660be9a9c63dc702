// FSGAlternatePronunciations: a word's other pronunciations ("the(2)", "the(3)" in the dictionary)
// written into the grammar as parallel transitions, so pocketsphinx need not add them itself.
// Its own way (`-fsgusealtpron yes`, `fsg_model_add_alt`) walks every transition of every state
// once per alternate: 122 alternates × 41k transitions were 41 % of `coach listen`'s start
// (perf, release build). The transitions written here are the same ones it would add (same
// states, same probability), so every path scores as before; the decoder is then started with
// `-fsgusealtpron no`. Hand-written over the FSG's bytes: the file is 41k lines and this runs at
// every start.

enum FSGAlternatePronunciations {
    /// Base word → its alternates, read from cmudict-format text ("the(2) DH IY" → the: [the(2)]).
    static func alternates(inDictionary dictionary: String) -> [String: [String]] {
        var found: [String: [String]] = [:]
        for line in dictionary.utf8.split(separator: UInt8(ascii: "\n")) {
            guard let space = line.firstIndex(of: UInt8(ascii: " ")), space > line.startIndex,
                  line[line.index(before: space)] == UInt8(ascii: ")"),
                  let open = line[..<space].lastIndex(of: UInt8(ascii: "(")) else { continue }
            let base = String(decoding: line[..<open], as: UTF8.self)
            found[base, default: []].append(String(decoding: line[..<space], as: UTF8.self))
        }
        return found
    }

    /// `fsg` (pocketsphinx's FSG text) with, after each `TRANSITION from to prob word` whose word
    /// has alternates, one transition per alternate. Null transitions (no word) are left alone.
    static func expanded(_ fsg: String, alternates: [String: [String]]) -> String {
        guard !alternates.isEmpty else { return fsg }
        var out: [UInt8] = []
        out.reserveCapacity(fsg.utf8.count * 5 / 4)
        let transition = Array("TRANSITION ".utf8)
        for line in fsg.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            out.append(contentsOf: line)
            out.append(UInt8(ascii: "\n"))
            // The last field is the word; a null transition's is its probability, never a word.
            guard line.starts(with: transition), let lastSpace = line.lastIndex(of: UInt8(ascii: " ")) else { continue }
            guard let alts = alternates[String(decoding: line[line.index(after: lastSpace)...], as: UTF8.self)] else { continue }
            for alt in alts {
                out.append(contentsOf: line[..<line.index(after: lastSpace)])
                out.append(contentsOf: alt.utf8)
                out.append(UInt8(ascii: "\n"))
            }
        }
        out.removeLast()  // the split's last (empty or unterminated) line got one newline too many
        return String(decoding: out, as: UTF8.self)
    }
}
