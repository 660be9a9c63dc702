// Fuzz target: a file through `coach import`'s readers (GPX and TCX through the byte-level XML
// reader, FIT through the binary decoder), chosen by content as WorkoutImporter chooses. Every input
// must come back as a recording or an ImportProblem; a trap or a hang is a finding.

import CoachExport
import FuzzCommon
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    do {
        let recording = try WorkoutImporter.read(bytes, file: "fuzz")
        // What a store would do next with it: every date must be usable.
        precondition(recording.end >= recording.start, "a recording that ends before it starts")
    } catch {
        precondition(error.file == "fuzz" && !error.message.isEmpty, "a problem without a message")
    }
    return 0
}

/// SwiftPM's `main` for this executable: libFuzzer's driver with the callback above.
@_cdecl("FuzzImport_main")
public func fuzzImportMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    Fuzz.run(argc, argv) { data, size in data.map { fuzz($0, size) } ?? 0 }
}
