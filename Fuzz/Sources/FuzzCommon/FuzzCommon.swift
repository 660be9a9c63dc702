// Shared by the fuzz targets: the input as text, the package's Intents/ folder, and a way to run
// an async call to completion from libFuzzer's synchronous callback.

import Dispatch
import Foundation

public enum Fuzz {
    /// The input as UTF-8 text (invalid sequences become U+FFFD, as a socket line would).
    public static func text(_ data: UnsafePointer<UInt8>, _ size: Int) -> String {
        String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    }

    /// Coach's Intents/ folder: $COACH_INTENTS, else next to the Fuzz/ package.
    public static var intentsDirectory: String {
        if let path = ProcessInfo.processInfo.environment["COACH_INTENTS"] { return path }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Intents").path
    }

    /// Runs `body` on the cooperative pool and waits for it (libFuzzer calls us synchronously).
    public static func wait(_ body: @escaping @Sendable () async -> Void) {
        let done = DispatchSemaphore(value: 0)
        Task {
            await body()
            done.signal()
        }
        done.wait()
    }
}

import CFuzzDriver

extension Fuzz {
    /// The body of every target's `<Target>_main`: SwiftPM points `main` at that symbol (so
    /// libFuzzer's own main is never linked in), and this hands the command line to libFuzzer's
    /// driver with the target's one-input callback.
    public static func run(
        _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt {
        var argc = argc
        var argv = argv
        return LLVMFuzzerRunDriver(&argc, &argv, callback)
    }
}
