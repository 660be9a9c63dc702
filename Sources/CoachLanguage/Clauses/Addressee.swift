// Addressee: a line that sends or tells something to someone else is not a command (#40),
// whatever command it contains — "tell Ana I'm starting my run", "text the team that I'll end
// the session at six", 「妻に今から走るって送って」. The verbs are data (`clauses.addressee`,
// `clauses.self` in Intents/<lang>/_clauses.yaml): English lines START with the verb (after
// hesitations: "ok, text Sam …"), its addressee not the user ("tell me how I'm doing" asks
// Coach); Japanese lines carry a quoting ending (〜って送って, 〜と伝えて).

import CoachWire

extension LanguageModel {
    func isAddressedToSomeoneElse(_ norm: NormalizedText) -> Bool {
        guard !clauses.addressee.isEmpty else { return false }
        guard language == .en else { return FallbackData.containsAny(clauses.addressee, in: norm.scalars, words: false) }
        let s = norm.scalars
        // Most lines are rejected on their first word, before any word list is built.
        guard let firstEnd = s.firstIndex(of: Scalars.space) ?? (s.isEmpty ? nil : s.count),
            clauses.addresseeLeads.contains(Array(s[..<firstEnd]))
        else { return false }
        let words = s.split(separator: Scalars.space).map { Array($0) }
        // Leading hesitations ("ok", "hey coach", "please") do not change who is addressed.
        var start = 0
        while start < words.count {
            guard let h = clauses.hesitationWords.first(where: { Self.wordsMatch($0, words, at: start) }) else { break }
            start += h.count
        }
        let star: [UInt32] = [0x2A]
        // A verb that is also a hesitation ("shoot Sam a message", #40 round 6) is tried where the line starts too.
        for parts in clauses.addresseeWords {
            for begin in start == 0 ? [0] : [start, 0] {
                var i = begin
                var addressee: [UInt32]? = nil
                var ok = true
                var p = 0
                while p < parts.count, ok {
                    if parts[p] == star {
                        // One to three words, then the rest of the phrase ("let Tom know", "let the team know").
                        guard i < words.count else { ok = false; break }
                        addressee = addressee ?? words[i]
                        let rest = Array(parts[(p + 1)...])
                        var matched = false
                        for n in 1...3 where i + n + rest.count <= words.count {
                            if rest.isEmpty || Self.wordsMatch(rest, words, at: i + n) {
                                i += n + rest.count
                                matched = true
                                break
                            }
                        }
                        ok = matched
                        p = parts.count
                    } else {
                        ok = i < words.count && words[i] == parts[p]
                        i += 1
                        p += 1
                    }
                }
                guard ok else { continue }
                // Nothing after the verb ("send"), or the user addressed: not a message to someone else.
                guard let whom = addressee ?? (i < words.count ? words[i] : nil) else { continue }
                if clauses.selfWords.contains(whom) { continue }
                return true
            }
        }
        return false
    }

    /// Do the words `phrase` stand in `words` from `i` on?
    static func wordsMatch(_ phrase: [[UInt32]], _ words: [[UInt32]], at i: Int) -> Bool {
        guard !phrase.isEmpty, i + phrase.count <= words.count else { return false }
        for (k, w) in phrase.enumerated() where words[i + k] != w { return false }
        return true
    }
}
