// `coach serve`: the gateway in the foreground — what systemd starts, and what one-shot commands
// start in the background when none runs.

import CoachWire
import ArgumentParser
import CoachApp
import CoachCore
import CoachGateway
import CoachMQTT
import CoachSettings
import CoachWyoming
import CoachWeb
import Dispatch
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
              coach serve --http 127.0.0.1:8787              # the browser display too (docs/web.md)
              coach serve --mqtt mqtt://user:pass@broker.local:1883   # Home Assistant (docs/integrations/home-assistant.md)
              coach serve --wyoming tcp://127.0.0.1:10700    # Assist's intent/handle service (docs/integrations/wyoming.md)
              coach serve --class spin-0700 --rider anna --class-broker mqtt://gym.local:1883   # a class (docs/class.md)
              coach serve --lock-follow logind               # locked while the screen is (docs/status-feed.md)
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

    @Option(name: .long, help: ArgumentHelp("Also serve the Live Activity to browsers on HOST:PORT (docs/web.md; setting http.listen).",
                                            valueName: "address"))
    var http: String?

    @Flag(name: .customLong("http-public"), help: "Allow --http on an address other than loopback: other machines can reach the page (the token still guards it).")
    var httpPublic = false

    @Option(name: .long, help: ArgumentHelp("Publish the workout to Home Assistant through this MQTT broker (mqtt://user:pass@host:1883 or mqtts://…; setting mqtt.url).",
                                            valueName: "url"))
    var mqtt: String?

    @Option(name: .customLong("class"), help: ArgumentHelp("Ride in this class: publish the workout under coach/class/NAME/RIDER/ for the instructor's board (docs/class.md; setting class.name).",
                                                           valueName: "name"))
    var className: String?

    @Option(name: .long, help: ArgumentHelp("Your name on the class board (letters, digits, _ and -; default: the host name; setting class.rider).",
                                            valueName: "name"))
    var rider: String?

    @Option(name: .customLong("class-broker"), help: ArgumentHelp("The class's MQTT broker (default: class.url, else --mqtt or mqtt.url).",
                                                                  valueName: "url"))
    var classBroker: String?

    @Option(name: .long, help: ArgumentHelp("Serve the Wyoming intent and handle service for Home Assistant's Assist on tcp://HOST:PORT.",
                                            valueName: "uri"))
    var wyoming: String?

    @Option(name: .customLong("lock-follow"),
            help: ArgumentHelp("Hide metrics while the login session's screen is locked: logind, or off (setting lock.follow; docs/status-feed.md).",
                               valueName: "logind|off"))
    var lockFollow: String?

    /// Tests only, hidden from --help: the soak (Benchmarks/soak/week.py) moves this gateway's
    /// clock by writing offsets to the file (DrivenWorkoutClock). Never in a unit file.
    @Option(name: .customLong("test-clock-file"), help: .hidden) var testClockFile: String?

    func validate() throws {
        if let lockFollow, CoachSettings.Lock.Follow(rawValue: lockFollow) == nil {
            throw ValidationError("--lock-follow takes logind or off, not '\(lockFollow)'.")
        }
        if let wyoming, WyomingService.address(wyoming) == nil {
            throw ValidationError("--wyoming takes tcp://HOST:PORT such as tcp://127.0.0.1:10700, not '\(wyoming)'.")
        }
        if let mqtt {
            do { _ = try MQTTEndpoint(url: mqtt) } catch { throw ValidationError("--mqtt: \(error)") }
        }
        for (flag, value) in [("--class", className), ("--rider", rider)] {
            if let value, !CoachSettings.Class.isTopicName(value) {
                throw ValidationError("\(flag) takes letters, digits, _ and - only (it is a topic level), not '\(value)'.")
            }
        }
        if let classBroker {
            do { _ = try MQTTEndpoint(url: classBroker) } catch { throw ValidationError("--class-broker: \(error)") }
        }
        if className == nil, rider != nil || classBroker != nil {
            throw ValidationError("--rider and --class-broker go with --class NAME.")
        }
        if let http, ListenAddress(http) == nil {
            throw ValidationError("--http takes HOST:PORT such as 127.0.0.1:8787, not '\(http)'.")
        }
        if countdown < 0 || countdown > 60 { throw ValidationError("--countdown must be between 0 and 60 seconds.") }
        if let idleExit, Self.idleDuration(idleExit) == nil, !Self.never(idleExit) {
            throw ValidationError("--idle-exit takes a duration such as 30s, 10m or 1h (or never), not '\(idleExit)'.")
        }
    }

    static func never(_ text: String) -> Bool { ["never", "off", "0"].contains(text.lowercased()) }
    static func idleDuration(_ text: String) -> Duration? { never(text) ? nil : DurationText.parse(text) }

    func run() async throws {
        HeapPolicy.apply()  // before the gateway's threads start: days of use, not a step in RSS (HeapPolicy.swift)
        let settings = GatewaySettings.load()
        for problem in settings.problems { OneShot.printError(problem) }
        var request = GatewayRequest()
        request.countdown = .milliseconds(Int64(countdown * 1000))
        request.guest = guest
        request.clockFile = testClockFile
        let location = SocketLocation.resolve(explicit: socket)
        request.socket = location
        request.idleExit = idleExit.flatMap(Self.idleDuration)
        request.stopsOnSignals = true
        request.speech = .byTheGateway(asked: speak, directory: speakTo)
        request.httpListen = http
        request.httpPublic = httpPublic
        request.mqttURL = mqtt
        request.className = className
        request.riderName = rider
        request.classURL = classBroker
        request.wyoming = wyoming.flatMap(WyomingService.address)
        request.lockFollow = lockFollow.flatMap(CoachSettings.Lock.Follow.init(rawValue:))
        let running: RunningGateway
        do {
            running = try await GatewayApp.start(request, settings: settings)
        } catch let error as GatewayStartError {
            OneShot.printError(error.description)
            if case .alreadyRunning = error { throw ExitCode(ExitStatus.alreadyRunning.rawValue) }
            throw ExitCode.failure
        } catch is GatewayServiceFailure {
            // Its one line is in the log already.
            throw ExitCode.failure
        } catch {
            OneShot.printError("\(error)")
            throw ExitCode.failure
        }
        print("coach gateway listening on \(location.path) (pid \(getpid()))\(guest ? " — guest mode: nothing is saved" : "")")
        if let web = running.webDisplay {
            let reach = web.address.isLoopback ? "" : " — not loopback (--http-public): other machines can reach it; the token guards it"
            print("coach http: listening on \(web.url)\(reach) (`coach http url` prints it with the token)")
        }
        if let service = running.wyoming { print("coach wyoming: listening on tcp://\(service.host):\(service.port)") }
        for bridge in running.publishers {
            let topics = bridge.configuration.device.topics
            if let classID = topics.classID {
                print("coach class: rider \(topics.nodeID) in class \(classID) on \(bridge.configuration.endpoint.display) (\(topics.base)/state)")
                continue
            }
            print("coach mqtt: Home Assistant device \(topics.nodeID) on \(bridge.configuration.endpoint.display) (\(topics.prefix)/<component>/\(topics.nodeID)/<object>/config)")
        }
        if let problem = running.storeProblem { OneShot.printError("store: \(problem)") }
        if let recovered = running.recovered {
            print("recovered the interrupted \(recovered.activity?.rawValue ?? "workout"): \(recovered.state.rawValue), \(Int(recovered.elapsed)) s")
        }
        fflush(nil)
        // Start-up is over: the code it ran (and the pages mapped around it) need not stay resident.
        ResidentCode.releaseStartUpPages()
        // Until SIGTERM, SIGINT or SIGHUP, `coach shutdown` or the idle exit: the services stop
        // last-first (the ServiceGroup in CoachApp), the manager's journal flushed at the end.
        do { try await running.waitUntilStopped() } catch {
            OneShot.printError("\(error)")
            throw ExitCode.failure
        }
    }
}
