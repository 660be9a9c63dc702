// GatewayRoot: the one place a gateway is put together for a user — `coach serve` and the REPL's
// own gateway alike. The settings file is applied here and only here (auto-pause, milestone unit,
// heart-rate zones, sensors, speech, the browser display, MQTT, Wyoming, lock.follow), so a setting added later reaches every gateway at once; the
// callers say only what kind of gateway they want. GatewayAssembly (CoachGateway) builds the core
// underneath: vocabulary, manager, store, recovery, what the state directory remembers.

import CoachCore
import CoachGateway
import CoachMQTT
import CoachSettings
import CoachVoice
import CoachWeb
import CoachWyoming
import CoachWire
import Foundation

/// What the caller decides; everything else comes from the settings file.
struct GatewayRequest: Sendable {
    /// Who says the announcements aloud.
    enum Speech: Sendable {
        /// The channel on top speaks (the REPL's `/speak`, which reads the same settings).
        case byTheChannel
        /// The gateway itself, when asked (`--speak`) or when the settings say `voice.speak`;
        /// `directory` writes 001.wav, 002.wav … there instead of playing them.
        case byTheGateway(asked: Bool, directory: String?)
    }

    var countdown: Duration = .seconds(3)
    /// Nothing is written (GatewayConfiguration.guest).
    var guest = false
    /// Time moves only when told to; no sensors then (their readings come in real time).
    var virtualClock = false
    /// Tests only: the clock's offsets come from this file (GatewayConfiguration.clockFile).
    var clockFile: String?
    /// Serve this socket. It is claimed before the store opens, so a second gateway is refused
    /// with the first one's workout untouched.
    var socket: SocketLocation?
    var idleExit: Duration?
    var speech: Speech = .byTheChannel
    /// The browser display's address when asked on the command line (`--http`); nil: the
    /// settings' `http.listen`, if any. Asked here, failing to listen fails the start.
    var httpListen: String?
    /// `--http-public`: a non-loopback address is meant.
    var httpPublic = false
    /// The broker to publish to (`--mqtt`); nil: the settings' `mqtt.url`, if any.
    var mqttURL: String?
    /// Ride in this class (`--class`), as this rider (`--rider`), on this broker (`--class-broker`);
    /// nil: the settings' `class:` section (CoachSettings+Class.swift).
    var className: String?
    var riderName: String?
    var classURL: String?
    /// Serve the Wyoming intent and handle service here (`--wyoming tcp://HOST:PORT`).
    var wyoming: (host: String, port: Int)?
    /// What the privacy lock follows (`--lock-follow`); nil: the settings' `lock.follow`.
    var lockFollow: CoachSettings.Lock.Follow?
}

/// A gateway as the root started it, with what it plugged in; `shutdown()` undoes it all.
final class RunningGateway: Sendable {
    let gateway: Gateway
    let server: GatewayServer?
    /// The workout recovered from the journal after a crash, if there was one.
    let recovered: WorkoutSnapshot?
    /// A problem with the store, to report (the gateway runs anyway).
    let storeProblem: String?
    /// Whether finished workouts are kept (a store is open).
    let keepsWorkouts: Bool
    /// The browser display, when it listens (docs/web.md).
    let web: WebDisplay?
    /// Home Assistant over MQTT: the device published, a device being removed (docs/integrations/home-assistant.md).
    let mqtt: [MQTTBridge]
    /// The Wyoming service for Home Assistant's Assist (docs/integrations/wyoming.md).
    let wyoming: WyomingService?
    private let sensors: SensorBridge?
    private let announcer: Task<Void, Never>?
    /// `lock.follow: logind` (GatewayRoot+LockFollow.swift).
    private let lockFollow: LockFollow?
    private let powerZones: Task<Void, Never>

    fileprivate init(hosted: HostedGateway, server: GatewayServer?, web: WebDisplay?, mqtt: [MQTTBridge], wyoming: WyomingService?,
                     sensors: SensorBridge?, announcer: Task<Void, Never>?, lockFollow: LockFollow?, powerZones: Task<Void, Never>) {
        gateway = hosted.gateway
        self.wyoming = wyoming
        self.web = web
        self.mqtt = mqtt
        recovered = hosted.recovered
        storeProblem = hosted.storeProblem
        keepsWorkouts = hosted.store != nil
        self.server = server
        self.sensors = sensors
        self.announcer = announcer
        self.lockFollow = lockFollow
        self.powerZones = powerZones
    }

    /// Closes the socket, ends the manager (the journal is flushed), stops speaking and sensing.
    func shutdown() async {
        await web?.close()
        await wyoming?.close()
        // `offline` on the broker while the gateway is still whole (a few seconds at most).
        for bridge in mqtt { await bridge.stop() }
        await server?.close()
        await gateway.manager.shutdown()
        announcer?.cancel()
        powerZones.cancel()
        sensors?.stop()
        lockFollow?.stop()
    }
}

enum GatewayRoot {
    static func start(_ request: GatewayRequest, settings: GatewaySettings) async throws -> RunningGateway {
        var configuration = GatewayConfiguration()
        configuration.countdown = request.countdown
        configuration.guest = request.guest
        configuration.virtualClock = request.virtualClock
        configuration.clockFile = request.clockFile
        configuration.autoPause = settings.autoPause
        configuration.milestoneUnit = settings.settings.milestoneUnit
        configuration.heartRateZones = settings.heartRateZones
        configuration.energyProfile = settings.energyProfile
        configuration.reports = settings.settings.reports
        let claim = try request.socket.map(SocketClaim.claim)
        let hosted = try await GatewayAssembly.start(configuration)
        let server: GatewayServer?
        do {
            if let claim {
                server = try await GatewayServer.start(gateway: hosted.gateway, claim: claim, idleExit: request.idleExit)
            } else {
                server = nil
            }
        } catch {
            await hosted.gateway.manager.shutdown()
            throw error
        }
        let gateway = hosted.gateway
        await gateway.displays.feed.setHeartRateZones(settings.heartRateZones)
        let powerZones = PowerZoneFollower.follow(gateway: gateway, settings: settings.settings, store: hosted.store)
        let web: WebDisplay?
        do {
            web = try await startWeb(request, settings: settings, gateway: gateway)
        } catch {
            await server?.close()
            await hosted.gateway.manager.shutdown()
            throw error
        }
        var wyoming: WyomingService?
        do { wyoming = try await startWyoming(request, settings: settings, gateway: gateway) } catch {
            await web?.close()
            await server?.close()
            await hosted.gateway.manager.shutdown()
            throw error
        }
        let mqtt = await startMQTT(request, settings: settings, gateway: gateway) + startClass(request, settings: settings, gateway: gateway)
        let announcer = speak(request.speech, gateway: gateway, settings: settings)
        // Sensors remembered by `coach sensor add` (none: nothing is loaded or connected).
        let sensors = request.virtualClock ? nil : SensorBridge(gateway: gateway, settings: settings.settings,
                                                                settingsPath: settings.path, environment: settings.environment)
        let lockFollow = followLock(request, settings: settings, gateway: gateway)
        return RunningGateway(hosted: hosted, server: server, web: web, mqtt: mqtt, wyoming: wyoming, sensors: sensors, announcer: announcer,
                              lockFollow: lockFollow, powerZones: powerZones)
    }

    /// The browser display, fed by the gateway's FeedPump like tmux (docs/web.md): off unless
    /// `--http` or `http.listen` says where. One the command line asked for must listen or the
    /// start fails; one from the settings that cannot is reported and the gateway runs without it.
    private static func startWeb(_ request: GatewayRequest, settings: GatewaySettings, gateway: Gateway) async throws -> WebDisplay? {
        let http = settings.settings.http
        guard !request.virtualClock, let listen = request.httpListen ?? http.listen else { return nil }
        let asked = request.httpListen != nil
        do {
            guard let address = ListenAddress(listen) else {
                throw WebDisplayError.bind(ListenAddress(host: listen, port: 0), "not an address such as 127.0.0.1:8787")
            }
            var configuration = WebConfiguration(address: address)
            configuration.allowPublic = request.httpPublic || http.isPublic
            configuration.commands = http.commands
            configuration.maximumStreams = http.maxClients
            configuration.heartbeat = .milliseconds(Int64(http.heartbeat * 1000))
            configuration.tokenPath = TokenFile.defaultPath(environment: settings.environment)
            return try await WebDisplay.start(gateway: gateway, configuration: configuration, note: { OneShot.printError($0) })
        } catch {
            if asked { throw error }
            OneShot.printError("\(error) — continuing without the browser display")
            return nil
        }
    }

    /// Assist's intent and handle service (docs/integrations/wyoming.md): off unless `--wyoming`
    /// or `wyoming.listen` says where. Asked on the command line it must listen or the start fails;
    /// from the settings, a problem is reported and the gateway runs without it.
    private static func startWyoming(_ request: GatewayRequest, settings: GatewaySettings, gateway: Gateway) async throws -> WyomingService? {
        if let address = request.wyoming { return try await WyomingService.start(gateway: gateway, host: address.host, port: address.port) }
        guard !request.virtualClock, let listen = settings.settings.wyoming.listen else { return nil }
        guard let address = WyomingService.address(listen) else {
            OneShot.printError("wyoming.listen: '\(listen)' is not tcp://HOST:PORT — continuing without the Wyoming service")
            return nil
        }
        do { return try await WyomingService.start(gateway: gateway, host: address.host, port: address.port) } catch {
            OneShot.printError("wyoming: cannot listen on \(listen) (\(error)) — continuing without the Wyoming service")
            return nil
        }
    }

    /// Says every announcement as it happens, in the language of the last command understood
    /// (English until one is; Japanese through Open JTalk or espeak-ng), on the speaker's own
    /// thread: the gateway never waits for speech, and a new announcement cuts off a stale one.
    private static func speak(_ speech: GatewayRequest.Speech, gateway: Gateway, settings: GatewaySettings) -> Task<Void, Never>? {
        guard case .byTheGateway(let asked, let directory) = speech, asked || directory != nil || settings.settings.voice.speak else {
            return nil
        }
        let output: Speaker.Output
        if let directory {
            try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            output = .directory(directory)
        } else {
            output = .device(settings.settings.voice.outputDevice)
        }
        let speaker: Speaker
        do { speaker = try Speaker(settings: settings.settings, output: output, onNote: { OneShot.printError($0) }) } catch {
            OneShot.printError("cannot speak (\(error)); install espeak-ng with: sudo apt-get install libespeak-ng1 — continuing without speech")
            return nil
        }
        let stream = gateway.displays.announcementsFollowingTheUser()
        return Task {
            for await announcement in stream { speaker.say(announcement.text, language: announcement.language.rawValue) }
        }
    }
}
