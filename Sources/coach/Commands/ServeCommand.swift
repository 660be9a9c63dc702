// `coach serve`: the gateway in the foreground — what systemd starts, and what one-shot commands
// start in the background when none runs.

import CoachWire
import ArgumentParser
import CoachCore
import CoachGateway
import CoachLanguage
import CoachSettings
import Dispatch
import CoachVoice
import Foundation

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Run the gateway in the foreground.",
        discussion: """
            Listens on the socket until SIGTERM or SIGINT (or `coach shutdown`). One gateway per
            socket: a second one refuses to start (exit 75). A stale socket file left by a killed
            gateway is replaced; a socket that still answers is never touched.

            With --idle-exit the gateway stops by itself after that long with no workout and no
            client connected. One-shot commands that find no gateway start one with
            --idle-exit $COACH_IDLE_EXIT (10m when unset; "never" keeps it running).

            Examples:
              coach serve
              coach serve --idle-exit 10m
              coach serve --socket /tmp/coach-test.sock --countdown 0
              systemctl --user enable --now coach.socket    # socket activation (docs/integrations/systemd.md)
            """)

    @Option(name: .long, help: ArgumentHelp("The socket to listen on.", valueName: "path")) var socket: String?
    @Option(name: .long, help: "Countdown before a workout starts, in seconds.") var countdown: Double = 3
    @Flag(name: .long, help: "Guest mode: nothing is written to the store.") var guest = false
    @Option(name: .customLong("idle-exit"),
            help: ArgumentHelp("Exit after this long with no workout and no client (e.g. 30s, 10m, 1h; default: never).",
                               valueName: "duration"))
    var idleExit: String?

    @Flag(name: .long, help: "Speak the announcements (countdown, start, pause, resume, end, laps, milestones, goal) in the language of the last command (espeak-ng, Open JTalk; docs/voice.md).")
    var speak = false

    @Option(name: .customLong("speak-to"), help: ArgumentHelp("Speak the announcements into DIR/001.wav, 002.wav … (their text in 001.txt …) instead of the speaker.", valueName: "dir"))
    var speakTo: String?

    func validate() throws {
        if countdown < 0 || countdown > 60 { throw ValidationError("--countdown must be between 0 and 60 seconds.") }
        if let idleExit, Self.idleDuration(idleExit) == nil, !Self.never(idleExit) {
            throw ValidationError("--idle-exit takes a duration such as 30s, 10m or 1h (or never), not '\(idleExit)'.")
        }
    }

    static func never(_ text: String) -> Bool { ["never", "off", "0"].contains(text.lowercased()) }
    static func idleDuration(_ text: String) -> Duration? { never(text) ? nil : DurationText.parse(text) }

    func run() async throws {
        var configuration = GatewayConfiguration()
        configuration.countdown = .milliseconds(Int64(countdown * 1000))
        configuration.guest = guest
        let environment = ProcessInfo.processInfo.environment
        let settingsPath = CoachSettings.defaultPath(environment: environment)
        let settings: CoachSettings
        do { settings = try CoachSettings.load(path: settingsPath) } catch {
            OneShot.printError("\(error) — continuing with default settings")
            settings = CoachSettings()
        }
        var autoPause: [ActivityType: Bool] = [:]
        for (name, on) in settings.autoPause {
            guard let activity = ActivityType(rawValue: name) else {
                OneShot.printError("\(settingsPath): auto_pause: '\(name)' is not an activity (HealthKit names such as running, cycling)")
                continue
            }
            autoPause[activity] = on
        }
        configuration.autoPause = AutoPausePolicy(switches: autoPause)
        configuration.milestoneUnit = settings.milestoneUnit
        let location = SocketLocation.resolve(explicit: socket)
        let hosted: HostedGateway
        let server: GatewayServer
        do {
            // The socket first: a second gateway must be refused before it opens the store.
            let claim = try SocketClaim.claim(location)
            hosted = try await GatewayAssembly.start(configuration)
            server = try await GatewayServer.start(gateway: hosted.gateway, claim: claim,
                                                   idleExit: idleExit.flatMap(Self.idleDuration))
        } catch let error as GatewayStartError {
            OneShot.printError(error.description)
            if case .alreadyRunning = error { throw ExitCode(ExitStatus.alreadyRunning.rawValue) }
            throw ExitCode.failure
        } catch {
            OneShot.printError("\(error)")
            throw ExitCode.failure
        }
        let gateway = hosted.gateway
        print("coach gateway listening on \(location.path) (pid \(getpid()))\(guest ? " — guest mode: nothing is saved" : "")")
        if let problem = hosted.storeProblem { OneShot.printError("store: \(problem)") }
        if let recovered = hosted.recovered {
            print("recovered the interrupted \(recovered.activity?.rawValue ?? "workout"): \(recovered.state.rawValue), \(Int(recovered.elapsed)) s")
        }
        // Bluetooth sensors remembered by `coach sensor add` (none: nothing is loaded or connected).
        await gateway.feed.setHeartRateZones(HeartRateZones(maximum: settings.heartRate.max, age: settings.heartRate.age))
        let announcer = startSpeaking(gateway: gateway, settings: settings)
        let sensors = SensorBridge(gateway: gateway, settings: settings, settingsPath: settingsPath, environment: environment)
        fflush(nil)
        let signals = SignalWatcher(signals: [SIGTERM, SIGINT, SIGHUP]) {
            Task { await server.close() }
        }
        // Start-up is over: the code it ran (and the pages mapped around it) need not stay resident.
        ResidentCode.releaseStartUpPages()
        await server.waitUntilClosed()
        await server.close()
        await gateway.manager.shutdown()
        _ = signals
        _ = sensors
        announcer?.cancel()
    }

    /// `--speak` / `--speak-to DIR` (or `voice.speak: true` in the settings): says every
    /// announcement as it happens, in the language of the last command understood (English until
    /// one is; Japanese through Open JTalk or espeak-ng), on the speaker's own thread (the gateway
    /// never waits for speech; a new announcement cuts off a stale one on the speaker).
    func startSpeaking(gateway: Gateway, settings: CoachSettings) -> Task<Void, Never>? {
        guard speak || speakTo != nil || settings.voice.speak else { return nil }
        let output: Speaker.Output
        if let speakTo {
            try? FileManager.default.createDirectory(atPath: speakTo, withIntermediateDirectories: true)
            output = .directory(speakTo)
        } else {
            output = .device(settings.voice.outputDevice)
        }
        let speaker: Speaker
        do { speaker = try Speaker(settings: settings, output: output, onNote: { OneShot.printError($0) }) } catch {
            OneShot.printError("cannot speak (\(error)); install espeak-ng with: sudo apt-get install libespeak-ng1 — continuing without speech")
            return nil
        }
        let stream = gateway.announcementsFollowingTheUser()
        return Task {
            for await announcement in stream { speaker.say(announcement.text, language: announcement.language.rawValue) }
        }
    }
}

/// Runs `handler` once when any of `signals` arrives (DispatchSource: safe with Swift concurrency).
final class SignalWatcher {
    private let sources: [any DispatchSourceSignal]

    init(signals: [Int32], handler: @escaping @Sendable () -> Void) {
        sources = signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { @Sendable in handler() }
            source.resume()
            return source
        }
    }
}
