// LoopbackHost: whether a listening host is this machine only (localhost, 127.0.0.0/8, ::1) — the
// ports that need no --http-public and no per-peer limit (the page, the Wyoming port).

public enum LoopbackHost {
    public static func contains(_ host: String) -> Bool {
        let lower = host.lowercased()
        if lower == "localhost" || lower == "::1" || lower == "0:0:0:0:0:0:0:1" { return true }
        let octets = lower.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
    }
}
