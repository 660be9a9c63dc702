// Fuzz target: an utterance through the recogniser (templates, numbers, fuzzy fallback), once as
// English and once as Japanese.

import CoachLanguage
import CoachWire
import FuzzCommon

nonisolated(unsafe) var recognizer: Recognizer?

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    if recognizer == nil {
        do { recognizer = try Recognizer(intentsDirectory: Fuzz.intentsDirectory) } catch { fatalError("\(error)") }
    }
    guard let recognizer else { return 0 }
    let text = Fuzz.text(data, size)
    for language in [Language.en, .ja] {
        let recognition = recognizer.recognize(text, language: language)
        _ = recognition.json()
    }
    return 0
}

/// SwiftPM's `main` for this executable: libFuzzer's driver with the callback above.
@_cdecl("FuzzRecognizer_main")
public func fuzzRecognizerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    Fuzz.run(argc, argv) { data, size in data.map { fuzz($0, size) } ?? 0 }
}
