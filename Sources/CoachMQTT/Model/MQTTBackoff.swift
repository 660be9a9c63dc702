// How long to wait before the next connection attempt. Doubling from 100 ms, capped at 1 s for
// the first minute of an outage (a broker restarted mid-workout is back in Home Assistant within
// about a second) and at 10 s after that (a broker gone for good costs one refused attempt every
// few seconds). A random fraction (up to `jitter`) is taken off each wait so a gym's gateways do
// not all knock at once when the broker returns.

import CoachCore
import CoachWire

public struct MQTTBackoff: Sendable {
    public struct Policy: Sendable, Hashable {
        public var initial: Duration = .milliseconds(100)
        public var multiplier = 2.0
        public var maximum: Duration = .seconds(1)
        /// After an outage this long, `patientMaximum` caps the wait instead.
        public var patience: Duration = .seconds(60)
        public var patientMaximum: Duration = .seconds(10)
        /// Up to this fraction is taken off each wait at random.
        public var jitter = 0.2

        public init() {}
    }

    public let policy: Policy
    private var failures = 0
    private var outageSince: MonotonicInstant?
    private var random: SplitMix64

    public init(policy: Policy = Policy(), seed: UInt64 = 0x5EED) {
        self.policy = policy
        self.random = SplitMix64(seed: seed)
    }

    /// An attempt failed at `now` (or the connection was lost): the wait before the next one.
    public mutating func delay(afterFailureAt now: MonotonicInstant) -> Duration {
        let since = outageSince ?? now
        outageSince = since
        let cap = now - since >= policy.patience ? policy.patientMaximum : policy.maximum
        var wait = policy.initial
        for _ in 0..<min(failures, 64) {
            wait = wait * policy.multiplier
            if wait >= cap { break }
        }
        failures += 1
        wait = min(wait, cap)
        let fraction = Double(random.next() >> 11) / Double(1 << 53)
        return wait * (1 - policy.jitter * fraction)
    }

    /// Connected: the next outage starts from the first wait again.
    public mutating func reset() {
        failures = 0
        outageSince = nil
    }

    /// How long the current outage has lasted, if there is one.
    public func outage(at now: MonotonicInstant) -> Duration? { outageSince.map { now - $0 } }
}
