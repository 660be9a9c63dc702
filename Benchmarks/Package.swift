// swift-tools-version: 6.1
// Benchmarks: timing harnesses kept out of the main package so `swift build` never pays for them.
// Run Benchmarks/recognizer/run.sh or Benchmarks/ha-intents/run.sh (each builds its product in release mode).
import PackageDescription

let package = Package(
    name: "coach-benchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "coach", path: "..")],
    targets: [
        .executableTarget(
            name: "RecognizerBench",
            dependencies: [.product(name: "CoachLanguage", package: "coach"), .product(name: "CoachWire", package: "coach")],
            swiftSettings: [.unsafeFlags(["-Ounchecked"])]
        ),
        // Home Assistant's English intent tests (Benchmarks/ha-intents/run.sh).
        .executableTarget(
            name: "HAIntentsBench",
            dependencies: [.product(name: "CoachLanguage", package: "coach")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
