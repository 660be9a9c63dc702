// swift-tools-version: 6.1
// Coach's fuzz targets: a package of its own (as swift-protobuf's FuzzTesting/) with a path
// dependency on Coach, so the main build and `swift test` never see libFuzzer. One executable per
// parser of outside input; each defines LLVMFuzzerTestOneInput. Build and run with ./run.sh
// (README.md says how to add a target).
import PackageDescription

let package = Package(
    name: "CoachFuzz",
    dependencies: [.package(name: "coach", path: "..")],
    targets: [
        // libFuzzer's driver entry, declared for Swift (the runtime itself comes with -sanitize=fuzzer).
        .target(name: "CFuzzDriver"),
        .target(name: "FuzzCommon", dependencies: ["CFuzzDriver", .product(name: "CoachWire", package: "coach")]),
        // A JSON-RPC line through the parser and the router (params decoding included), against a
        // gateway in virtual time with no store.
        .executableTarget(name: "FuzzRPCLine", dependencies: [
            "FuzzCommon",
            .product(name: "CoachWire", package: "coach"),
            .product(name: "CoachGateway", package: "coach"),
        ]),
        // An utterance through the recogniser, in English and in Japanese.
        .executableTarget(name: "FuzzRecognizer", dependencies: [
            "FuzzCommon", .product(name: "CoachLanguage", package: "coach"), .product(name: "CoachWire", package: "coach"),
        ]),
        // A GPX, TCX or FIT file through `coach import`'s readers (the byte-level XML reader and the
        // FIT decoder), seeded with small files Coach exported.
        .executableTarget(name: "FuzzImport", dependencies: [
            "FuzzCommon", .product(name: "CoachExport", package: "coach"),
        ]),
        // A sentence template of Intents/ through the template parser.
        .executableTarget(name: "FuzzTemplates", dependencies: [
            "FuzzCommon", .product(name: "CoachLanguage", package: "coach"),
        ]),
    ]
)
