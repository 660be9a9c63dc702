// swift-tools-version: 6.1
// Coach: a voice/intent workout gateway for the Linux terminal.
//
// Modules (see docs/architecture.md):
//   CoachWire      Foundation-free: JSON value/parser/writer, socket path, the one client, exit statuses
//   CoachCore      pure: session state machine, builder, intents, live activity, renderers
//   CoachLanguage  pure: Intents/ templates, recogniser, numbers, responses
//   CoachStore     SQLite (GRDB): journal, workouts, samples, recovery, change feed
//   CoachExport    TCX/GPX/FIT/CSV/JSON export and import, interval statistics, charts, FIT workouts
//   CoachPlans     structured workouts as files: plan YAML (line-and-field errors), the workouts/ directory
//   CoachProcess   ChildProcess: the one way any module starts a program (swift-subprocess)
//   CoachGateway   the actor wiring, Unix-socket server and protocol, tmux pusher
//   CoachWeb       the Live Activity in a browser: HTTP on loopback, SSE feed, widget page (NIOHTTP1)
//   CoachWyoming   the Wyoming intent/handle service for Home Assistant's Assist (NIO TCP)
//   CoachMQTT      Home Assistant over MQTT: discovery, state, buttons (libmosquitto via CoachNative)
//   CoachNative    dlopen seam for optional C libraries (nothing linked at build time)
//   CoachSettings  the settings file ($XDG_CONFIG_HOME/coach/config.yaml)
//   CoachVoice     speech in (pocketsphinx) and out (espeak-ng, Open JTalk), audio (ALSA, WAV)
//   CoachApp       the composition root: the gateway's parts as services a ServiceGroup runs, the log
//   CoachTesting   the product started in-process for tests (as `coach serve` starts it)
//   coach          the executable: commands and the REPL
import PackageDescription

let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

// Release builds of coach-status link the Swift runtime statically: no shared Swift libraries to
// load and relocate at every start, which is most of what a status bar's poll costs
// (Benchmarks/oneshot). `coach` itself imports Foundation, whose static form needs every module
// compiled for it: `swift build -c release --static-swift-stdlib` (docs/cli.md).
let releaseStartUp: [LinkerSetting] = [.unsafeFlags(["-static-stdlib"], .when(configuration: .release))]

// Release builds of coach are linked as a fixed-address (non-PIE) executable: a PIE start-up
// applies ~110 000 relative relocations, copying several hundred pages, before `main` runs — most of
// what a one-shot `coach status` costs beyond tmux (Benchmarks/oneshot).
// With lld, not the toolchain's default gold: linking a non-PIE executable, gold turns the address
// of a shared library's function into a canonical PLT entry of the executable, and glibc's loader
// then warns at every start that a "direct reference to protected function" (libswiftCore's are
// protected) "may break pointer equality". lld leaves such an address to a dynamic relocation.
let oneShotStartUp: [LinkerSetting] = [
    .unsafeFlags(["-Xclang-linker", "-no-pie", "-use-ld=lld"], .when(configuration: .release)),
]

let package = Package(
    name: "coach",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "coach", targets: ["coach"]),
        .executable(name: "coach-status", targets: ["coach-status"]),
        .library(name: "CoachWire", targets: ["CoachWire"]),
        // For the Fuzz/ package (a path dependency): the router fuzz target drives the gateway.
        .library(name: "CoachGateway", targets: ["CoachGateway"]),
        .library(name: "CoachCore", targets: ["CoachCore"]),
        .library(name: "CoachLanguage", targets: ["CoachLanguage"]),
        .library(name: "CoachStore", targets: ["CoachStore"]),
        .library(name: "CoachExport", targets: ["CoachExport"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-nio", .upToNextMinor(from: "2.101.2")),
        .package(url: "https://github.com/apple/swift-argument-parser", .upToNextMinor(from: "1.8.2")),
        .package(url: "https://github.com/groue/GRDB.swift", .upToNextMinor(from: "7.10.0")),
        .package(url: "https://github.com/jpsim/Yams", .upToNextMinor(from: "6.2.2")),
        .package(url: "https://github.com/x-sheep/swift-property-based", .upToNextMinor(from: "2.0.1")),
        .package(url: "https://github.com/swiftlang/swift-subprocess", .upToNextMinor(from: "1.0.2")),
        .package(url: "https://github.com/apple/swift-system", .upToNextMinor(from: "1.8.1")),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", .upToNextMinor(from: "2.13.0")),
        .package(url: "https://github.com/apple/swift-log", .upToNextMinor(from: "1.16.2")),
    ],
    targets: [
        // The wire both ends share, Foundation-free so `coach-status` stays a quick process: JSON
        // value/parser/writer (one escaper, one number formatter), JSON-RPC lines, the socket path
        // and XDG lookups, the one client (blocking and async faces), exit statuses.
        .target(
            name: "CoachWire",
            swiftSettings: strictSettings
        ),
        .target(
            name: "CoachCore",
            dependencies: ["CoachWire"],
            swiftSettings: strictSettings
        ),
        .target(
            name: "CoachLanguage",
            dependencies: ["CoachWire", .product(name: "Yams", package: "Yams")],
            swiftSettings: strictSettings
        ),
        .target(
            name: "CoachStore",
            dependencies: [
                "CoachCore", "CoachWire",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: strictSettings
        ),
        // Starting programs, one way for every module: only 0/1/2 inherited, default signal
        // dispositions, the exit observed through a pidfd (docs/architecture.md, "Starting programs").
        .target(
            name: "CoachProcess",
            dependencies: [
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "CoachGateway",
            dependencies: [
                "CoachWire", "CoachCore", "CoachLanguage", "CoachStore", "CoachProcess", "CoachPlans", "CoachExport",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        // The Live Activity in a browser (docs/web.md): an HTTP display on swift-nio's HTTP/1 — SSE
        // feed, widget page, token — fed by the gateway's FeedPump like tmux. NIOHTTP1 comes with
        // swift-nio, already a dependency: no new package for a fresh clone to fetch and build.
        .target(
            name: "CoachWeb",
            dependencies: [
                "CoachWire", "CoachCore", "CoachGateway",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        // Home Assistant over MQTT (docs/integrations/home-assistant.md): device discovery, the
        // state the feed shows, buttons through the RequestRouter; libmosquitto loaded at run time.
        .target(
            name: "CoachMQTT",
            dependencies: ["CoachWire", "CoachCore", "CoachGateway", "CoachLanguage", "CoachNative"],
            swiftSettings: strictSettings
        ),
        // The Wyoming intent and handle service for Home Assistant's Assist (docs/integrations/wyoming.md).
        .target(
            name: "CoachWyoming",
            dependencies: [
                "CoachWire", "CoachCore", "CoachGateway", "CoachLanguage",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        // Workout files: TCX/GPX/FIT/CSV/JSON writers and readers over value types, interval
        // statistics and charts (docs/export.md).
        .target(
            name: "CoachExport",
            dependencies: ["CoachCore", "CoachStore", "CoachWire"],
            swiftSettings: strictSettings
        ),
        // Structured workouts as files: plan YAML with line-and-field errors, the workouts/
        // directory, FIT workout files (docs/plans.md). The plan model itself is pure, in CoachCore.
        .target(
            name: "CoachPlans",
            dependencies: ["CoachCore", "CoachWire", .product(name: "Yams", package: "Yams")],
            swiftSettings: strictSettings
        ),
        // dlopen loader for optional C libraries (voice, audio, sensors): nothing linked at build time.
        .target(
            name: "CoachNative",
            swiftSettings: strictSettings
        ),
        // The settings file $XDG_CONFIG_HOME/coach/config.yaml (docs/settings.md).
        .target(
            name: "CoachSettings",
            dependencies: ["CoachWire", .product(name: "Yams", package: "Yams")],
            swiftSettings: strictSettings
        ),
        // Voice: pocketsphinx/espeak-ng/ALSA loaders (through CoachNative), WAV, VAD, the JSGF grammar
        // generated from Intents/, speech out (docs/voice.md).
        .target(
            name: "CoachVoice",
            dependencies: ["CoachNative", "CoachProcess", "CoachWire", "CoachLanguage", "CoachSettings", .product(name: "Yams", package: "Yams")],
            swiftSettings: strictSettings
        ),
        // The system bus (sd-bus loaded at run time): Bluetooth fitness sensors through BlueZ, and
        // logind's session lock for `lock.follow: logind`.
        .target(
            name: "CoachBluetooth",
            dependencies: ["CoachCore", "CoachNative", "CoachSettings"],
            swiftSettings: strictSettings
        ),
        // The composition root (docs/architecture.md, "Services"): what `coach serve` and the REPL's
        // own gateway start — the settings file applied, each configured part a service that
        // swift-service-lifecycle's ServiceGroup starts in order and stops in reverse; the log
        // through swift-log in the gateway's own format.
        .target(
            name: "CoachApp",
            dependencies: [
                "CoachWire", "CoachCore", "CoachGateway", "CoachStore", "CoachSettings", "CoachVoice", "CoachBluetooth",
                "CoachWeb", "CoachMQTT", "CoachWyoming",
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        // The product in-process for tests, as HummingbirdTesting starts an application: a scratch
        // world, the log captured, the gateway started by CoachApp exactly as `coach serve` does.
        .target(
            name: "CoachTesting",
            dependencies: [
                "CoachApp", "CoachGateway", "CoachSettings", "CoachWire",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        .systemLibrary(
            name: "CReadline",
            providers: [.apt(["libreadline-dev"])]
        ),
        .executableTarget(
            name: "coach",
            dependencies: [
                "CoachWire", "CoachCore", "CoachLanguage", "CoachStore", "CoachGateway", "CReadline",
                "CoachNative", "CoachSettings", "CoachVoice", "CoachBluetooth",
                "CoachExport", "CoachWeb", "CoachMQTT", "CoachWyoming", "CoachPlans", "CoachApp",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings,
            linkerSettings: oneShotStartUp
        ),
        // A tiny status-line client for tmux's #() and bars that poll: no Foundation, no NIO, so it
        // starts in a couple of milliseconds (docs/integrations/tmux.md).
        .executableTarget(
            name: "coach-status",
            dependencies: ["CoachWire"],
            swiftSettings: strictSettings,
            linkerSettings: releaseStartUp
        ),
        .executableTarget(
            name: "FeedBenchmark",
            dependencies: ["CoachWire", "CoachCore", "CoachGateway", "CoachProcess"],
            path: "Benchmarks/feed",
            exclude: ["README.md"],
            swiftSettings: strictSettings
        ),
        // What every test target shares: running programs and blocking work off the cooperative
        // pool, so the suite can run in parallel (Tests/Support/CoachTestSupport).
        .target(
            name: "CoachTestSupport",
            path: "Tests/Support/CoachTestSupport"
        ),
        // CoachLanguage only to read Intents/'s words: the presentations under test take them as data.
        .testTarget(
            name: "CoachCoreTests",
            dependencies: [
                "CoachCore", "CoachWire", "CoachLanguage",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "CoachLanguageTests",
            dependencies: ["CoachLanguage", "CoachCore", "CoachWire"]
        ),
        // The store's crash-test child: writes through WorkoutStore, prints each acknowledged
        // write, and is SIGKILLed by CoachStoreTests (and Benchmarks/store/crash-trials.sh).
        .executableTarget(
            name: "coach-store-crash",
            dependencies: ["CoachStore", "CoachCore", "CoachPlans", "CoachSettings", "CoachWire"],
            swiftSettings: strictSettings
        ),
        // Store benchmark: recovery time and durable ingestion rate (Benchmarks/store/README.md).
        .executableTarget(
            name: "coach-store-bench",
            dependencies: ["CoachStore", "CoachCore"],
            path: "Benchmarks/store/Sources/coach-store-bench",
            swiftSettings: strictSettings
        ),
        // Export benchmark: TCX/GPX/FIT/CSV/JSON export and import of a 3-hour workout, with Python
        // readers as peers (Benchmarks/export/README.md).
        .executableTarget(
            name: "coach-export-bench",
            dependencies: ["CoachExport", "CoachCore"],
            path: "Benchmarks/export/Sources/coach-export-bench",
            swiftSettings: strictSettings
        ),
        // Mirror benchmark: lag from the primary to the mirror over unix: and ssh (Benchmarks/mirror/README.md).
        .executableTarget(
            name: "coach-mirror-bench",
            dependencies: ["CoachWire"],
            path: "Benchmarks/mirror/Sources/coach-mirror-bench",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "CoachStoreTests",
            dependencies: ["CoachStore", "CoachCore", "CoachPlans", "CoachSettings", "coach-store-crash", "CoachTestSupport"]
        ),
        .testTarget(
            name: "CoachGatewayTests",
            dependencies: ["CoachWire", "CoachGateway", "CoachCore", "CoachLanguage", "CoachStore", "CoachProcess", "CoachTestSupport"]
        ),
        .testTarget(
            name: "CoachWebTests",
            dependencies: ["CoachWeb", "CoachWire", "CoachGateway", "CoachCore", "CoachLanguage", "CoachMQTT",
                           .product(name: "NIOCore", package: "swift-nio"),
                           .product(name: "NIOPosix", package: "swift-nio"), "CoachTestSupport"]
        ),
        .testTarget(
            name: "CoachMQTTTests",
            dependencies: ["CoachMQTT", "CoachWire", "CoachGateway", "CoachCore"]
        ),
        .testTarget(
            name: "CoachWyomingTests",
            dependencies: ["CoachWyoming", "CoachWire", "CoachGateway", "CoachCore", "CoachTestSupport"]
        ),
        .testTarget(
            name: "CoachVoiceTests",
            dependencies: ["CoachVoice", "CoachSettings", "CoachNative", "CoachLanguage", "CoachWire", "CoachTestSupport"]
        ),
        .testTarget(
            name: "CoachPlansTests",
            dependencies: ["CoachPlans", "CoachCore", "CoachWire"]
        ),
        .testTarget(
            name: "CoachExportTests",
            dependencies: ["CoachExport", "CoachCore", "CoachStore", "CoachWire", "CoachPlans", "CoachTestSupport"],
            exclude: ["Analysis/known-chart-60.txt"]
        ),
        // The product started in-process through CoachTesting: which services run, a failing one,
        // graceful shutdown.
        .testTarget(
            name: "CoachAppTests",
            dependencies: ["CoachTesting", "CoachApp", "CoachGateway", "CoachWire", "CoachCore", "CoachStore", "CoachSettings",
                           "CoachTestSupport",
                           .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                           .product(name: "Logging", package: "swift-log")]
        ),
        .testTarget(
            name: "CoachCLITests",
            dependencies: ["CoachWire", "CoachCore", "CoachGateway", "CoachProcess", "CoachStore", "CoachVoice", "CoachMQTT", "coach", "coach-status", "CoachTestSupport"],
            exclude: ["Voice/commands.txt", "Voice/noncommands.txt", "Voice/polite.txt",
                      "Voice/wake-noncommands.txt", "Voice/wake-noncommands-tuning.txt"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
