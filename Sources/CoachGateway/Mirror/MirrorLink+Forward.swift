// What a mirror sends its primary on the user's behalf: a command (the primary's reply is the
// mirror's reply, codes included) and a sample (kept in the outbox first, so an acknowledged one is
// never lost). The link's calls and outbox are in MirrorLink.swift.

import CoachCore
import CoachLanguage
import Foundation

extension MirrorLink {
    /// Sends a command to the primary and returns its reply as this gateway's result: codes and
    /// words are the primary's (failureOngoingWorkout on either side).
    func forward(_ intent: WorkoutIntent, language: Language, locked: Bool) async -> GatewayResult {
        let (method, params) = Self.request(for: intent, language: language)
        switch await call(method, params) {
        case .success(let reply):
            // A locked mirror hides what the primary's workout shows, as its own would.
            if locked, var result = try? IntentResult(json: reply), let workout = result.workout,
               let snapshot = MirroredSnapshot.decode(workout, previous: nil, at: Timestamp(monotonic: .zero, date: Date())) {
                result.workout = snapshot.wire(locked: true)
                return GatewayResult(relayed: result.json, language: language, locked: locked)
            }
            return GatewayResult(relayed: reply, language: language, locked: locked)
        case .failure(let error):
            return GatewayResult(intent: intent.kind, code: IntentCode.failure.rawValue, message: error.message,
                                 language: language, locked: locked)
        }
    }

    /// Logs a sample on the primary. It goes to the outbox first (durable), so an acknowledged
    /// sample survives a dropped link or a killed mirror and is resent, once, on reconnect.
    /// A reply that cannot be read leaves the sample in the outbox, to be sent again (the primary
    /// keeps one copy per sync identifier).
    func forwardSample(_ live: LiveSample) async throws -> SampleResult {
        let sample = OutboxSample(syncIdentifier: live.syncIdentifier ?? "mirror-" + UUID().uuidString.lowercased(),
                                  syncVersion: live.syncVersion ?? 1, type: live.type.rawValue, value: live.value, unit: live.unit)
        try outbox.add(sample)
        if await connection.isLive, case .success(let reply) = await call("sample", sample.params), var result = try? SampleResult(json: reply) {
            settle(sample, reply: reply)
            result.syncIdentifier = sample.syncIdentifier
            return result
        }
        return SampleResult(accepted: true, outcome: "queued", reason: await unreachableText, syncIdentifier: sample.syncIdentifier)
    }
}
