// EditDistance: optimal-string-alignment (Damerau–Levenshtein with adjacent transpositions)
// distance, with an early exit once the distance exceeds the allowed budget.

enum EditDistance {
    static func distance(_ a: [UInt32], _ b: [UInt32], limit: Int) -> Int {
        let n = a.count, m = b.count
        if abs(n - m) > limit { return limit + 1 }
        if n == 0 { return m }
        if m == 0 { return n }
        // Three rows on the stack: typo correction runs this against many words per token.
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * (m + 1)) { buf in
            var prev2 = UnsafeMutableBufferPointer(rebasing: buf[0 ... m])
            var prev = UnsafeMutableBufferPointer(rebasing: buf[(m + 1) ... (2 * m + 1)])
            var cur = UnsafeMutableBufferPointer(rebasing: buf[(2 * m + 2) ... (3 * m + 2)])
            for j in 0 ... m {
                prev2[j] = 0
                prev[j] = j
                cur[j] = 0
            }
            for i in 1 ... n {
                cur[0] = i
                var rowMin = cur[0]
                for j in 1 ... m {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    var d = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
                    if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d = min(d, prev2[j - 2] + 1) }
                    cur[j] = d
                    rowMin = min(rowMin, d)
                }
                if rowMin > limit { return limit + 1 }
                (prev2, prev, cur) = (prev, cur, prev2)
            }
            return prev[m]
        }
    }

    /// How many edits a word of this length may carry: short words must be exact (or, at three
    /// letters, one swap: "ned" → "end"), longer words allow more.
    static func budget(forLength n: Int) -> Int {
        switch n {
        case ..<3: 0
        case 3: 1
        case 4 ... 6: 1
        default: 2
        }
    }

    static func isTransposition(_ a: [UInt32], _ b: [UInt32]) -> Bool {
        guard a.count == b.count else { return false }
        let diff = a.indices.filter { a[$0] != b[$0] }
        return diff.count == 2 && diff[1] == diff[0] + 1 && a[diff[0]] == b[diff[1]] && a[diff[1]] == b[diff[0]]
    }
}
