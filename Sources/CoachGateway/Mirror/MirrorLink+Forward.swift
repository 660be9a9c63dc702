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
    func forwardSample(type: String, value: Double, unit: String?, syncIdentifier: String?, syncVersion: Int?) async throws -> JSONValue {
        let sample = OutboxSample(syncIdentifier: syncIdentifier ?? "mirror-" + UUID().uuidString.lowercased(),
                                  syncVersion: syncVersion ?? 1, type: type, value: value, unit: unit)
        try outbox.add(sample)
        if isLive, case .success(let reply) = await call("sample", sample.params) {
            settle(sample, reply: reply)
            guard var result = try? SampleResult(json: reply) else { return reply }
            result.syncIdentifier = sample.syncIdentifier
            return result.json
        }
        return SampleResult(accepted: true, outcome: "queued", reason: unreachableText, syncIdentifier: sample.syncIdentifier).json
    }
}
