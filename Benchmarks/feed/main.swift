// Feed benchmark (prints figures; not a test). Measures:
//  1. render: one snapshot → live-activity content → compact tmux line;
//  2. tmux push: from push to the value set in tmux (acknowledged, so `display -p` reads it),
//     through the persistent control-mode client and through `tmux set` per process, on a private
//     server; the last value is read back with `tmux display -p` to prove it landed;
//  3. fan-out: one snapshot from `WorkoutManager` to N `snapshots()` subscribers, latency per
//     subscriber from the change to its receipt.
//  4. with --coach PATH (a release `coach`), the same through the real gateway: one-shot
//     `coach status --format tmux`, fan-out to N socket subscribers, push into tmux via
//     `tmux.follow` (GatewayBench.swift). --gateway-only skips 1–3.
// Usage: swift run -c release FeedBenchmark [--pushes N] [--process-pushes N] [--subscribers N] [--rounds N]
//        [--coach .build/release/coach [--gateway-only] [--one-shots N] [--fanout-changes N]
//         [--tmux-changes N] [--reader-threads N]]

import CoachCore
import CoachGateway
import Foundation
import Synchronization

func option(_ name: String, default value: Int) -> Int {
    guard let index = CommandLine.arguments.firstIndex(of: name), index + 1 < CommandLine.arguments.count,
          let parsed = Int(CommandLine.arguments[index + 1]) else { return value }
    return parsed
}

func microseconds(_ duration: Duration) -> Double { duration.seconds * 1e6 }

func stringOption(_ name: String) -> String? {
    guard let index = CommandLine.arguments.firstIndex(of: name), index + 1 < CommandLine.arguments.count else { return nil }
    return CommandLine.arguments[index + 1]
}

/// Prints n, p50, p90, p99, max and mean of `samples` divided by `scale`, and the target if any.
func report(_ label: String, _ samples: [Double], unit: String = "µs", scale: Double = 1, target: String? = nil) {
    guard !samples.isEmpty else { print(label + ": no samples"); return }
    let sorted = samples.map { $0 / scale }.sorted()
    func percentile(_ p: Double) -> Double { sorted[Swift.min(sorted.count - 1, Int(Double(sorted.count) * p))] }
    let mean = sorted.reduce(0, +) / Double(sorted.count)
    let padded = label + String(repeating: " ", count: Swift.max(0, 48 - label.count))
    let format = unit == "µs" ? "%9.1f" : "%9.3f"
    print(padded + String(format: " n=%6d  p50 \(format)  p90 \(format)  p99 \(format)  max \(format)  mean \(format) %@", sorted.count,
                          percentile(0.5), percentile(0.9), percentile(0.99), sorted.last ?? 0, mean, unit as NSString)
          + (target.map { "   target \($0)" } ?? ""))
}

let pushes = option("--pushes", default: 2000)
let processPushes = option("--process-pushes", default: 500)
let subscribers = option("--subscribers", default: 1000)
let rounds = option("--rounds", default: 50)
let clock = ContinuousClock()
let coachBinary = stringOption("--coach")
let gatewayOnly = CommandLine.arguments.contains("--gateway-only")

if let coachBinary, gatewayOnly {
    try GatewayBench.run(coach: coachBinary, subscribers: subscribers, fanoutChanges: option("--fanout-changes", default: 20),
                         tmuxChanges: option("--tmux-changes", default: 200), oneShots: option("--one-shots", default: 100),
                         readerThreads: option("--reader-threads", default: 2), guest: CommandLine.arguments.contains("--guest"))
    exit(0)
}

// MARK: 1. Render

do {
    var live = LiveActivity()
    var statistics: [QuantityType: QuantityStatistics] = [:]
    var heart = QuantityStatistics(type: .heartRate)
    let at = Timestamp(monotonic: .zero, date: Date(timeIntervalSince1970: 1_767_225_600))
    heart.add(QuantitySample(type: .heartRate, value: 150, at: at))
    statistics[.heartRate] = heart
    var samples: [Double] = []
    for i in 0..<5000 {
        let start = clock.now
        live.apply(WorkoutSnapshot(workoutID: "w", state: .running, activity: .running, elapsed: Double(i),
                                   statistics: statistics, at: at))
        let line = live.content(at: at).render(presentation: .compact, format: .tmux, wording: .builtIn(.en))
        samples.append(microseconds(clock.now - start))
        precondition(!line.isEmpty)
    }
    report("render snapshot → tmux line", samples)
}

// MARK: 2. tmux push

let socket = "coach-bench-\(ProcessInfo.processInfo.processIdentifier)"
func tmux(_ arguments: [String]) async -> String {
    (try? await TmuxCommand.run(["-f", "/dev/null"] + arguments, target: .socketName(socket))) ?? ""
}
_ = await tmux(["new-session", "-d", "-s", "bench", "-x", "120", "-y", "10"])
_ = await tmux(["set-option", "-g", "status-right", "#{@coach}"])

for (mode, count, label) in [(TmuxPusher.Mode.controlMode, pushes, "tmux push, control mode"),
                             (.perProcess, processPushes, "tmux push, `tmux set` per process")] {
    let pusher = TmuxPusher(target: .socketName(socket), mode: mode)
    _ = try? await pusher.push("warm-up")
    var samples: [Double] = []
    var methods: [TmuxPusher.Method: Int] = [:]
    for i in 0..<count {
        let value = "#[fg=#50fa7b]▶#[default] run \(i / 60):\(i % 60) #[fg=#ff5555]♥\(100 + i % 90)#[default] \(label) \(i)"
        let start = clock.now
        let method = (try? await pusher.push(value)) ?? .skipped
        samples.append(microseconds(clock.now - start))
        methods[method, default: 0] += 1
    }
    let last = "\(label) \(count - 1)"
    let readBack = await tmux(["display-message", "-p", "#{@coach}"])
    report(label, samples)
    print("    methods \(methods.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: " ")); "
          + "read back: \(readBack.contains(last) ? "ok" : "MISMATCH: \(readBack)")")
    await pusher.close(clearing: false)
}

_ = await tmux(["kill-server"])

// MARK: 3. Fan-out

do {
    let manualClock = ManualWorkoutClock()
    let manager = WorkoutManager(clock: manualClock, timerMode: .manual, makeWorkoutID: { "bench" })
    _ = await manager.perform(.start(StartWorkoutIntent(activity: .running, location: .outdoor)))
    await manager.advance(by: .seconds(4))
    let state = await manager.state
    print("fan-out workout state: \(state)")

    struct Shared { var latencies: [Double] = []; var received = 0; var start: ContinuousClock.Instant? }
    let shared = Mutex(Shared())
    var tasks: [Task<Void, Never>] = []
    for _ in 0..<subscribers {
        let stream = await manager.snapshots()
        tasks.append(Task {
            var first = true
            for await _ in stream {
                let now = ContinuousClock.now
                if first { first = false; shared.withLock { $0.received += 1 }; continue }
                shared.withLock { state in
                    if let start = state.start { state.latencies.append((now - start).seconds * 1e6) }
                    state.received += 1
                }
            }
        })
    }
    func waitFor(_ count: Int) async {
        while shared.withLock({ $0.received }) < count { try? await Task.sleep(for: .microseconds(200)) }
    }
    await waitFor(subscribers)
    var publishTimes: [Double] = []
    for round in 1...rounds {
        let start = ContinuousClock.now
        shared.withLock { $0.start = start }
        _ = try? await manager.addSample(.heartRate, value: Double(120 + round % 60))
        publishTimes.append(microseconds(ContinuousClock.now - start))
        await waitFor(subscribers * (round + 1))
    }
    report("fan-out to \(subscribers) subscribers, per subscriber", shared.withLock { $0.latencies })
    report("fan-out: addSample call until return", publishTimes)
    await manager.shutdown()
    for task in tasks { await task.value }
}

if let coachBinary {
    try GatewayBench.run(coach: coachBinary, subscribers: subscribers, fanoutChanges: option("--fanout-changes", default: 20),
                         tmuxChanges: option("--tmux-changes", default: 200), oneShots: option("--one-shots", default: 100),
                         readerThreads: option("--reader-threads", default: 2), guest: CommandLine.arguments.contains("--guest"))
}
