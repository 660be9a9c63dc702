// The states a power cut can leave, built from a write log (Tests/Support/powerlog/powerlog.c):
// everything a completed sync covered is on the disk; each change made since may or may not be —
// a write in whole 4 KiB pages, each page on its own. The model, per file system object:
// - a write or truncation of a file is durable once that file is fsynced (fsync or fdatasync)
//   after it;
// - a name made, replaced or removed (create, rename, unlink, mkdir) is durable once its directory
//   is fsynced after it — not when the file is (ext4 often makes it so; POSIX does not promise it);
// - a directory the log made holds nothing in a state that lost its name: its files go with it;
// - whatever is not durable may be there or not, independently, but in the order it was made.
// A state is: a cut after some record, and which of the changes not yet durable made it.

import Foundation

/// One record of the log, resolved to the file (inode) it changed.
struct PowerRecord {
    enum Change {
        case write(inode: Int, offset: Int, bytes: Data)
        case truncate(inode: Int, size: Int)
        case link(name: String, inode: Int)     // a new file's name, or a rename's new name
        case unlinkName(String)                 // a rename's old name, or an unlink
        case makeDirectory(String)              // mkdir: a name in its parent, like a file's
        case sync(inode: Int)
        case syncDirectory(String)
        case acknowledgement(String)
    }
    var change: Change
    /// The directory a name change is in (what fsyncing makes it durable).
    var directory: String? {
        switch change {
        case .link(let name, _), .unlinkName(let name), .makeDirectory(let name): return (name as NSString).deletingLastPathComponent
        default: return nil
        }
    }
}

/// The whole log, with every change given its file, and the acknowledgement lines in order.
struct PowerLog {
    private(set) var records: [PowerRecord] = []
    /// Each file's first name, for tests that treat one file differently.
    private(set) var firstNames: [Int: String] = [:]

    init(contentsOf path: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        var names: [String: Int] = [:]
        var nextInode = 0
        func inode(_ name: String) -> Int {
            if let known = names[name] { return known }
            nextInode += 1
            names[name] = nextInode
            firstNames[nextInode] = name
            return nextInode
        }
        var index = 0
        var pendingAck: [UInt8] = []
        while index < data.count {
            guard let newline = data[index...].firstIndex(of: UInt8(ascii: "\n")) else { break }
            let header = String(decoding: data[index..<newline], as: UTF8.self)
            let fields = header.split(separator: " ", maxSplits: 4, omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 5, let number = Int(fields[1]), let length = Int(fields[3]) else {
                throw PowerLogError("unreadable record at byte \(index): \(header.prefix(80))")
            }
            let payloadStart = newline + 1
            guard payloadStart + length <= data.count else { break }  // a record cut short: the process was still writing
            let payload = Data(data[payloadStart..<payloadStart + length])
            index = payloadStart + length
            let path = fields[4]
            switch fields[0] {
            case "W": records.append(PowerRecord(change: .write(inode: inode(path), offset: number, bytes: payload)))
            case "T": records.append(PowerRecord(change: .truncate(inode: inode(path), size: number)))
            case "C":
                if names[path] != nil {
                    records.append(PowerRecord(change: .truncate(inode: inode(path), size: 0)))
                } else {
                    records.append(PowerRecord(change: .link(name: path, inode: inode(path))))
                }
            case "S": records.append(PowerRecord(change: .sync(inode: inode(path))))
            case "D": records.append(PowerRecord(change: .syncDirectory(path)))
            case "R":
                let parts = path.split(separator: "\t").map(String.init)
                guard parts.count == 2, let moved = names[parts[0]] else { continue }
                names[parts[0]] = nil
                names[parts[1]] = moved
                records.append(PowerRecord(change: .unlinkName(parts[0])))
                records.append(PowerRecord(change: .link(name: parts[1], inode: moved)))
            case "U":
                names[path] = nil
                records.append(PowerRecord(change: .unlinkName(path)))
            case "M": records.append(PowerRecord(change: .makeDirectory(path)))
            case "A":
                // Lines may come in pieces; each whole line is one acknowledgement.
                pendingAck += payload
                while let end = pendingAck.firstIndex(of: UInt8(ascii: "\n")) {
                    records.append(PowerRecord(change: .acknowledgement(String(decoding: pendingAck[..<end], as: UTF8.self))))
                    pendingAck.removeSubrange(...end)
                }
            default:
                throw PowerLogError("unknown record \(fields[0])")
            }
        }
    }

    /// The same log as if the files `named` were never synced (what `synchronous=NORMAL` does to
    /// the WAL): the negative control that shows the simulation sees a missing sync.
    func withoutSyncs(ofFiles named: (String) -> Bool) -> PowerLog {
        var copy = self
        copy.records.removeAll { record in
            if case .sync(let inode) = record.change { return named(firstNames[inode] ?? "") }
            return false
        }
        return copy
    }

    /// The acknowledgement lines among the first `cut` records.
    func acknowledgements(before cut: Int) -> [String] {
        records[..<cut].compactMap { if case .acknowledgement(let line) = $0.change { return line } else { return nil } }
    }

    /// For the first `cut` records: which are durable (a later sync before the cut covers them),
    /// and the units not durable — a record, or one page of a write — that a state may keep or lose.
    func pending(before cut: Int) -> (durable: [Bool], units: [PowerUnit]) {
        var durable = [Bool](repeating: false, count: cut)
        var syncedInodes = Set<Int>(), syncedDirectories = Set<String>()
        for position in stride(from: cut - 1, through: 0, by: -1) {
            switch records[position].change {
            case .sync(let inode): syncedInodes.insert(inode); durable[position] = true
            case .syncDirectory(let directory): syncedDirectories.insert(directory); durable[position] = true
            case .acknowledgement: durable[position] = true
            case .write(let inode, _, _), .truncate(let inode, _): durable[position] = syncedInodes.contains(inode)
            case .link, .unlinkName, .makeDirectory: durable[position] = syncedDirectories.contains(records[position].directory ?? "")
            }
        }
        var units: [PowerUnit] = []
        for position in 0..<cut where !durable[position] {
            if case .write(_, let offset, let bytes) = records[position].change {
                var start = 0
                while start < bytes.count {
                    let pageEnd = ((offset + start) / PowerUnit.page + 1) * PowerUnit.page - offset
                    let end = min(bytes.count, pageEnd)
                    units.append(PowerUnit(record: position, range: start..<end))
                    start = end
                }
            } else {
                units.append(PowerUnit(record: position, range: nil))
            }
        }
        return (durable, units)
    }

    /// Writes the files a state holds into `directory` (names relative to `root`), leaving out
    /// SQLite's shared-memory index (rebuilt on open), and names under a directory the log made
    /// whose own name the state lost — returns how many files.
    func materialize(cut: Int, durable: [Bool], kept: [PowerUnit], root: String, into directory: String) throws -> Int {
        var keptPages: [Int: [Range<Int>]] = [:]
        var keptRecords = Set<Int>()
        for unit in kept {
            if let range = unit.range { keptPages[unit.record, default: []].append(range) } else { keptRecords.insert(unit.record) }
        }
        var contents: [Int: Data] = [:]
        var names: [String: Int] = [:]
        var made = Set<String>(), kept = Set<String>()
        for position in 0..<cut {
            let whole = durable[position] || keptRecords.contains(position)
            switch records[position].change {
            case .write(let inode, let offset, let bytes):
                let ranges = whole ? [0..<bytes.count] : (keptPages[position] ?? [])
                for range in ranges {
                    let end = offset + range.upperBound
                    if contents[inode] == nil { contents[inode] = Data() }
                    if contents[inode]!.count < end { contents[inode]!.count = end }
                    contents[inode]!.replaceSubrange(offset + range.lowerBound..<end, with: bytes[bytes.startIndex + range.lowerBound..<bytes.startIndex + range.upperBound])
                }
            case .truncate(let inode, let size) where whole:
                if contents[inode] == nil { contents[inode] = Data() }
                contents[inode]!.count = size
            case .link(let name, let inode) where whole: names[name] = inode
            case .unlinkName(let name) where whole: names[name] = nil
            case .makeDirectory(let name):
                made.insert(name)
                if whole { kept.insert(name) }
            default: break
            }
        }
        /// False when `name` is under a directory the log made and the state lost (at any depth).
        func reachable(_ name: String) -> Bool {
            var parent = (name as NSString).deletingLastPathComponent
            while parent.count > root.count {
                if made.contains(parent) && !kept.contains(parent) { return false }
                parent = (parent as NSString).deletingLastPathComponent
            }
            return true
        }
        for name in kept where reachable(name) && name.hasPrefix(root + "/") {
            try FileManager.default.createDirectory(atPath: directory + "/" + name.dropFirst(root.count + 1), withIntermediateDirectories: true)
        }
        var count = 0
        for (name, inode) in names where !name.hasSuffix("-shm") && name.hasPrefix(root + "/") && reachable(name) {
            let target = directory + "/" + name.dropFirst(root.count + 1)
            try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try (contents[inode] ?? Data()).write(to: URL(fileURLWithPath: target))
            count += 1
        }
        return count
    }
}

/// A change not yet durable at a cut: a whole record, or one page (`range` of its bytes) of a write.
struct PowerUnit: Hashable {
    static let page = 4096
    var record: Int
    var range: Range<Int>?
}

struct PowerLogError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Which of the pending units a state keeps: none, all, the first n, or a random half.
enum PowerSubset: CustomStringConvertible {
    case none, all, prefix(Int), random(seed: UInt64)

    func choose(from units: [PowerUnit]) -> [PowerUnit] {
        switch self {
        case .none: return []
        case .all: return units
        case .prefix(let count): return Array(units.prefix(count))
        case .random(let seed):
            var generator = SplitMix(seed: seed)
            return units.filter { _ in generator.next() & 1 == 1 }
        }
    }

    var description: String {
        switch self {
        case .none: return "none"
        case .all: return "all"
        case .prefix(let count): return "first \(count)"
        case .random(let seed): return "random #\(seed)"
        }
    }
}

/// A small seeded generator, so a failing state can be named and built again.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
