// The REPL on a gateway it hosts itself (embedded mode; a script's private gateway): GatewayApp
// (CoachApp) starts it, as it starts `coach serve`, so the settings file applies the same way; the REPL talks
// to it through InProcessConnections, the same requests a client sends over the socket. The
// interactive REPL also serves the socket, so other clients can join; a script keeps its gateway
// private (and, on the virtual clock, writes nothing to the store, as GatewayAssembly decides).

import CoachWire
import CoachApp
import CoachCore
import CoachGateway
import CoachLanguage
#if canImport(Glibc)
import Glibc
#endif

extension ReplTransport {
    /// `listen`: serve the socket too (the interactive REPL); a gateway already serving it is an error.
    /// `guest`: workouts run and show, nothing is written (GatewayConfiguration.guest).
    /// The settings file applies as it does to `coach serve` (GatewayApp); speech is the REPL's own.
    static func embedded(virtualClock: Bool, guest: Bool = false, listen: Bool, socket: SocketLocation,
                         language: Language = .en, settings: GatewaySettings) async throws -> ReplBackend {
        // Said as `coach serve` says them, before the REPL's banner and prompt.
        for problem in settings.problems { ScriptRunner.write("coach: " + problem, to: STDERR_FILENO) }
        var request = GatewayRequest()
        request.virtualClock = virtualClock
        request.guest = guest
        // On the virtual clock a script's times add up as written: no countdown before "running".
        if virtualClock { request.countdown = .zero }
        request.socket = listen ? socket : nil
        let running = try await GatewayApp.start(request, settings: settings)
        let gateway = running.gateway
        var mode = running.server.map { ReplStrings.word("modeEmbeddedListening", language, ["path": $0.location.path]) }
            ?? ReplStrings.word("modeEmbedded", language)
        if virtualClock { mode += ReplStrings.word("modeVirtualClock", language) }
        if guest { mode += ReplStrings.word("modeGuest", language) }
        if let problem = running.storeProblem { mode += "\nstore: \(problem)" }
        if let recovered = running.recovered {
            // Recovered before anyone could subscribe: the announcement is said here instead.
            mode += "\n" + gateway.displays.recoveryMessage(recovered, language: language)
        }
        let transport = ReplTransport(
            modeDescription: mode,
            connect: { InProcessConnection(gateway: gateway) },
            catalog: gateway.recognizer.responses,
            wait: { duration in
                if virtualClock { await gateway.manager.advance(by: duration) } else { try? await Task.sleep(for: duration) }
            },
            leaveWarning: { await leaveWarning(running, language: $0) },
            shutdown: { await running.shutdown() })
        return ReplBackend(transport: transport, first: try await transport.open())
    }

    /// Leaving ends a gateway that serves others with the REPL: said once before a workout is
    /// lost or left to recovery.
    private static func leaveWarning(_ running: RunningGateway, language: Language) async -> String? {
        guard running.server != nil else { return nil }
        let gateway = running.gateway
        let snapshot = await gateway.manager.status()
        guard snapshot.state.isOngoing else { return nil }
        let name = gateway.displays.wording(language).workout(snapshot.activity, nil)
        return ReplStrings.leaveWarning(workout: name, kept: running.keepsWorkouts, language)
    }
}
