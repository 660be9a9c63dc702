// swift-tools-version: 6.1
// Benchmarks: timing harnesses kept out of the main package so `swift build` never pays for them.
// Run Benchmarks/recognizer/run.sh (it builds this package in release mode).
import PackageDescription

let package = Package(
    name: "coach-benchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "coach", path: "..")],
    targets: [
        .executableTarget(
            name: "RecognizerBench",
            dependencies: [.product(name: "CoachLanguage", package: "coach")],
            swiftSettings: [.unsafeFlags(["-Ounchecked"])]
        )
    ],
    swiftLanguageModes: [.v6]
)
