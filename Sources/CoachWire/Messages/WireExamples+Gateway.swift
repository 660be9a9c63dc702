// The documented examples of the connection, discovery, permission, sensor and mirroring methods'
// results and of feed.render's (docs/protocol.md, "Results"; docs/permissions.md, sensors.md,
// mirroring.md and status-feed.md tell what they mean). Beside WireExamples.swift for length.

extension WireExamples {
    public static let hello = HelloResult(client: "hr-bridge", gateway: "0.9.0", unnamedClients: "trusted")
    public static let ping = PongResult()
    /// The first names only: the gateway lists every method.
    public static let help = HelpResult(["say", "parse", "start", "skipStep", "stepStatus", "pause", "resume", "end"])
    /// A document of one method; the gateway's describes every method.
    public static let discover = OpenRPCDocument(title: docSentence("Coach gateway"), version: "0.9.0", methods: [
        .init(name: "ping", summary: docSentence("Liveness."), params: [
            .init(name: "lang", summary: docSentence("reply language (default en)"), required: false,
                  schema: ParamKind.string(oneOf: ["en", "ja"]).schema),
        ], result: #""pong""#),
    ])
    public static let feedRender = FeedRenderResult(docSentence("▶ run 10:05 ♥173"))

    public static let authorizationRequest = AuthorizationRequestResult(
        asked: true, share: [("heartRate", "sharingAuthorized"), ("workouts", "sharingDenied")])
    public static let authorizationStatus = AuthorizationStatusResult(type: "heartRate", status: "sharingAuthorized")
    public static let authorizationNext = AuthorizationNextResult(.init(
        id: 3, client: "hr-bridge", version: "1.2", share: ["heartRate"], read: ["workouts"],
        text: docSentence("hr-bridge would like to write heart rate and read workouts. Allow? [y/N/choose]")))
    public static let authorizationAnswer = AuthorizationAnswerResult(recorded: 2)

    public static let permissionsList = PermissionListResult(unnamedClients: "trusted", clients: [
        .init(name: "hr-bridge", share: [("heartRate", "allowed")], read: [("workouts", "denied")], samples: 3602, workouts: 0),
    ])
    public static let permissionsChange = PermissionChangeResult(client: "hr-bridge", changed: 1)
    public static let permissionsPolicy = PolicyResult(unnamedClients: "ask")

    public static let sensors = SensorsResult(running: true, sensors: [
        WireSensor(address: "C8:4F:2A:10:9B:3E", name: "HRM-Pro:123456", role: "heartRate", state: "connected", connected: true,
                   batteryLevel: 82, services: ["heartRate"], secondsSinceLastReading: 0.4),
    ])

    public static let mirrorStatus = MirrorStatusResult(
        role: "mirror", link: .init(target: "ssh://me@laptop", state: "connected", failures: 0, since: "2026-05-01T07:29:58.120Z",
                                    primaryWorkout: workoutID, queuedSamples: 0, anchor: 9731, caughtUp: [workoutID], sshPID: 48211))
    public static let mirrorPrimary = MirrorStatusResult(
        role: "primary", mirrors: ["watch-pi"],
        offers: [.init(target: "ssh://pi@watch-pi", state: "connected", mirror: "watch-pi", failures: 0, since: "2026-05-01T07:29:58.120Z",
                       sshPID: 48190)])
    public static let mirrorStop = MirrorStatusResult(stopped: true, role: "none")
    public static let mirrorDrop = MirrorStatusResult(dropped: ["watch-pi"], role: "none")
}
