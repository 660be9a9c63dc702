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
    static var configuration: CommandConfiguration { .words("serve") }

    @Option(name: .long, help: .words("serve", "socket", valueName: "path")) var socket: String?
    @Option(name: .long, help: .words("serve", "countdown")) var countdown: Double = 3
    @Flag(name: .long, help: .words("serve", "guest")) var guest = false
    @Option(name: .customLong("idle-exit"),
            help: .words("serve", "idle_exit", valueName: "duration"))
    var idleExit: String?

    @Flag(name: .long, help: .words("serve", "speak"))
    var speak = false

    @Option(name: .customLong("speak-to"), help: .words("serve", "speak_to", valueName: "dir"))
    var speakTo: String?

    @Option(name: .long, help: .words("serve", "http", valueName: "address"))
    var http: String?

    @Flag(name: .customLong("http-public"), help: .words("serve", "http_public"))
    var httpPublic = false

    @Option(name: .long, help: .words("serve", "mqtt", valueName: "url"))
    var mqtt: String?

    @Option(name: .customLong("class"), help: .words("serve", "class", valueName: "name"))
    var className: String?

    @Option(name: .long, help: .words("serve", "rider", valueName: "name"))
    var rider: String?

    @Option(name: .customLong("class-broker"), help: .words("serve", "class_broker", valueName: "url"))
    var classBroker: String?

    @Option(name: .long, help: .words("serve", "wyoming", valueName: "uri"))
    var wyoming: String?

    @Option(name: .customLong("lock-follow"),
            help: .words("serve", "lock_follow", valueName: "logind|off"))
    var lockFollow: String?

    /// Tests only, hidden from --help: the soak (Benchmarks/soak/week.py) moves this gateway's
    /// clock by writing offsets to the file (DrivenWorkoutClock). Never in a unit file.
    @Option(name: .customLong("test-clock-file"), help: .hidden) var testClockFile: String?

    func validate() throws {
        if let lockFollow, CoachSettings.Lock.Follow(rawValue: lockFollow) == nil {
            throw ValidationError(words: "serve", "bad_lock_follow", ["value": lockFollow])
        }
        if let wyoming, WyomingService.address(wyoming) == nil {
            throw ValidationError(words: "serve", "bad_wyoming", ["value": wyoming])
        }
        if let mqtt {
            do { _ = try MQTTEndpoint(url: mqtt) } catch { throw ValidationError("--mqtt: \(error)") }
        }
        for (flag, value) in [("--class", className), ("--rider", rider)] {
            if let value, !CoachSettings.Class.isTopicName(value) {
                throw ValidationError(words: "serve", "topic_level", ["flag": flag, "value": value])
            }
        }
        if let classBroker {
            do { _ = try MQTTEndpoint(url: classBroker) } catch { throw ValidationError("--class-broker: \(error)") }
        }
        if className == nil, rider != nil || classBroker != nil {
            throw ValidationError(words: "serve", "class_alone")
        }
        if let http, ListenAddress(http) == nil {
            throw ValidationError(words: "serve", "bad_http", ["value": http])
        }
        if countdown < 0 || countdown > 60 { throw ValidationError(words: "serve", "bad_countdown") }
        if let idleExit, Self.idleDuration(idleExit) == nil, !Self.never(idleExit) {
            throw ValidationError(words: "serve", "bad_idle_exit", ["value": idleExit])
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
        func words(_ field: String, _ values: [String: String] = [:]) -> String { CLIWords.text("serve", field, values) }
        print(words("listening", ["path": location.path, "pid": "\(getpid())", "guest": guest ? words("guest_mode") : ""]))
        if let web = running.webDisplay {
            let reach = web.address.isLoopback ? "" : words("not_loopback")
            print(words("http_listening", ["url": "\(web.url)", "reach": reach]))
        }
        if let service = running.wyoming { print(words("wyoming_listening", ["host": service.host, "port": "\(service.port)"])) }
        for bridge in running.publishers {
            let topics = bridge.configuration.device.topics
            if let classID = topics.classID {
                print(words("class_rider", ["rider": topics.nodeID, "class": classID, "broker": bridge.configuration.endpoint.display, "base": topics.base]))
                continue
            }
            print(words("mqtt_device", ["node": topics.nodeID, "broker": bridge.configuration.endpoint.display, "prefix": topics.prefix]))
        }
        if let problem = running.storeProblem { OneShot.printError("store: \(problem)") }
        if let recovered = running.recovered {
            print(words("recovered", ["activity": recovered.activity?.rawValue ?? "workout", "state": recovered.state.rawValue,
                                      "elapsed": String(Int(recovered.elapsed))]))
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
