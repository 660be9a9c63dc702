// Fuzz target: a sentence template of Intents/ (hassil syntax: (a|b), [optional], {list}, <rule>)
// through the template parser; parse errors are fine, crashes are not.

@testable import CoachLanguage
import FuzzCommon

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = try? TemplateParser.parse(Fuzz.text(data, size))
    return 0
}

/// SwiftPM's `main` for this executable: libFuzzer's driver with the callback above.
@_cdecl("FuzzTemplates_main")
public func fuzzTemplatesMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    Fuzz.run(argc, argv) { data, size in data.map { fuzz($0, size) } ?? 0 }
}
