// GatewayRequest: what the caller of GatewayApp.start decides — `coach serve`'s flags, the REPL's
// mode, a test's scratch world. Everything else comes from the settings file (GatewaySettings).

import CoachGateway
import CoachSettings

public struct GatewayRequest: Sendable {
    /// Who says the announcements aloud.
    public enum Speech: Sendable {
        /// The channel on top speaks (the REPL's `/speak`, which reads the same settings).
        case byTheChannel
        /// The gateway itself, when asked (`--speak`) or when the settings say `voice.speak`;
        /// `directory` writes 001.wav, 002.wav … there instead of playing them.
        case byTheGateway(asked: Bool, directory: String?)
    }

    public var countdown: Duration = .seconds(3)
    /// Nothing is written (GatewayConfiguration.guest).
    public var guest = false
    /// Time moves only when told to; no sensors then (their readings come in real time).
    public var virtualClock = false
    /// Tests only: the clock's offsets come from this file (GatewayConfiguration.clockFile).
    public var clockFile: String?
    /// Serve this socket. It is claimed before the store opens, so a second gateway is refused
    /// with the first one's workout untouched.
    public var socket: SocketLocation?
    public var idleExit: Duration?
    /// SIGTERM, SIGINT and SIGHUP stop the gateway gracefully (`coach serve`); the REPL's own
    /// gateway leaves signals to the REPL.
    public var stopsOnSignals = false
    public var speech: Speech = .byTheChannel
    /// The browser display's address when asked on the command line (`--http`); nil: the
    /// settings' `http.listen`, if any. Asked here, failing to listen fails the start.
    public var httpListen: String?
    /// `--http-public`: a non-loopback address is meant.
    public var httpPublic = false
    /// The broker to publish to (`--mqtt`); nil: the settings' `mqtt.url`, if any.
    public var mqttURL: String?
    /// Ride in this class (`--class`), as this rider (`--rider`), on this broker (`--class-broker`);
    /// nil: the settings' `class:` section (CoachSettings+Class.swift).
    public var className: String?
    public var riderName: String?
    public var classURL: String?
    /// Serve the Wyoming intent and handle service here (`--wyoming tcp://HOST:PORT`).
    public var wyoming: (host: String, port: Int)?
    /// What the privacy lock follows (`--lock-follow`); nil: the settings' `lock.follow`.
    public var lockFollow: CoachSettings.Lock.Follow?
    /// Where the store, the state directory and saved plans are; nil: the XDG places
    /// (GatewayConfiguration). A test's gateway keeps them in its scratch directory.
    public var storePath: String?
    public var stateDirectory: String?
    public var plansDirectory: String?

    public init() {}
}
