// NormalizedText+SkipWords: dropping skip words ("please", "can you", …) as whole words
// (anywhere, longest first, as hassil does), keeping the offset map aligned.

extension NormalizedText {
    /// The text without skip words, or nil when none occurs.
    func removingSkipWords(_ words: [[UInt32]], cjkSpacing: Bool) -> NormalizedText? {
        guard !words.isEmpty, containsSkipWord(words, cjkSpacing: cjkSpacing) else { return nil }
        var out: [UInt32] = []
        out.reserveCapacity(scalars.count)
        var outOffsets: [Int32] = []
        var removed = false
        var i = 0
        let n = scalars.count
        while i < n {
            let atWordStart = cjkSpacing || i == 0 || scalars[i - 1] == Scalars.space
            var skipped = false
            if atWordStart {
                for w in words where i + w.count <= n && scalars[i] == w[0] {
                    let end = i + w.count
                    guard cjkSpacing || end == n || scalars[end] == Scalars.space else { continue }
                    var same = true
                    for k in 1 ..< w.count where scalars[i + k] != w[k] { same = false; break }
                    if same {
                        i = end
                        if !cjkSpacing, i < n { i += 1 }  // the space after the word
                        skipped = true
                        removed = true
                        break
                    }
                }
            }
            if skipped { continue }
            out.append(scalars[i])
            outOffsets.append(offsets[i])
            i += 1
        }
        guard removed else { return nil }
        while out.last == Scalars.space { out.removeLast(); outOffsets.removeLast() }
        return NormalizedText(scalars: out, offsets: outOffsets, originalLength: originalLength)
    }

    /// Whether any skip word occurs (as a whole word): a scan with no allocation, so the common
    /// case (no skip word) costs no copy.
    func containsSkipWord(_ words: [[UInt32]], cjkSpacing: Bool) -> Bool {
        let n = scalars.count
        return scalars.withUnsafeBufferPointer { s in
            var i = 0
            while i < n {
                if cjkSpacing || i == 0 || s[i - 1] == Scalars.space {
                    let first = s[i]
                    for w in words where w[0] == first && i + w.count <= n {
                        let end = i + w.count
                        guard cjkSpacing || end == n || s[end] == Scalars.space else { continue }
                        var k = 1
                        while k < w.count && s[i + k] == w[k] { k += 1 }
                        if k == w.count { return true }
                    }
                }
                i += 1
            }
            return false
        }
    }
}
