// `coach class simulate`: a class of made-up riders (docs/class.md). Each is a SimulatedRider fed
// through its own MQTTBridge publisher — the connection, session, topics, last will, throttle and
// heartbeat a real gateway's class bridge uses — so a board cannot tell them from real bikes. For
// trying a board without thirty bikes; the class tests and Benchmarks/class/ drive it too, reading
// `--json`'s line per change (rider, elapsed, and the Unix time the change was handed over).

import ArgumentParser
import CoachCore
import CoachMQTT
import CoachSettings
import CoachWire
import Dispatch
import Foundation
import Synchronization

struct ClassSimulateCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration { .words("simulate", key: "class_simulate") }

    @OptionGroup var target: ClassOptions
    @Option(name: .long, help: .words("class_simulate", "riders")) var riders = 30
    @Option(name: .long, help: .words("class_simulate", "interval", valueName: "duration"))
    var interval = "1s"
    @Option(name: .long, help: .words("class_simulate", "duration", valueName: "duration"))
    var duration: String?
    @Option(name: .long, help: .words("class_simulate", "prefix", valueName: "prefix")) var prefix = "sim"
    @Flag(name: .long, help: .words("class_simulate", "json"))
    var json = false

    func validate() throws {
        guard (1...1000).contains(riders) else { throw ValidationError(words: "class_simulate", "bad_riders") }
        // Below 100 ms a change could leave the published distance (0.1 m) as it was.
        guard let step = DurationText.parse(interval), step >= .milliseconds(100) else {
            throw ValidationError(words: "class_simulate", "bad_interval", ["value": interval])
        }
        if let duration, DurationText.parse(duration) == nil {
            throw ValidationError(words: "class_simulate", "bad_duration", ["value": duration])
        }
        guard CoachSettings.Class.isTopicName(prefix + "01") else { throw ValidationError(words: "class_simulate", "bad_prefix") }
    }

    func run() async throws {
        let (classID, endpoint) = try target.resolve()
        let step = DurationText.parse(interval) ?? .seconds(1)
        let clock = SystemWorkoutClock()
        let width = max(2, String(riders).count)
        var bridges: [MQTTBridge] = []
        var simulated: [SimulatedRider] = []
        for index in 1...riders {
            let number = String(index)
            let id = prefix + String(repeating: "0", count: width - number.count) + number
            var configuration = MQTTBridge.Configuration(endpoint: endpoint, device: HomeAssistantDevice(topics: MQTTTopics(rider: id, inClass: classID)))
            // The gateway's throttle (a state a second at most) would hold back a faster --interval.
            configuration.throttleInterval = min(.seconds(1), step)
            do { bridges.append(try MQTTBridge.publisher(configuration: configuration, clock: clock, note: { OneShot.printError($0) })) } catch {
                OneShot.printError("class: \(error)")
                throw ExitCode.failure
            }
            simulated.append(SimulatedRider(id: id, seed: UInt64(index) &* 0x9E37_79B9))
        }
        print(CLIWords.text("class_simulate", "started", ["count": String(riders), "class": classID, "broker": endpoint.display]))
        fflush(nil)
        let stop = StopSignal()
        let ending = duration.flatMap(DurationText.parse).map { limit in Task { try? await Task.sleep(for: limit); stop.fire() } }
        // Every rider is on the board at once (its first state goes out as it connects); then each
        // changes at its own offset within the interval, staggered as real bikes are.
        let start = ContinuousClock.now
        let seconds = Double(step.components.seconds) + Double(step.components.attoseconds) / 1e18
        var round = 0
        while !stop.fired {
            for index in simulated.indices where !stop.fired {
                if round > 0 {
                    try? await Task.sleep(until: start + step * round + step * Double(index) / Double(simulated.count), clock: .continuous)
                }
                let state = simulated[index].advance(by: round == 0 ? 0 : seconds)
                let changed = Date().timeIntervalSince1970
                bridges[index].post(state)
                if json {
                    // The distance as published identifies the change on the board (it only grows).
                    let line = JSONValue.object([("rider", .string(simulated[index].id)),
                                                 ("distance", (try? JSONValue(parsing: state.text))?["distance"] ?? .null),
                                                 ("changed", .number(changed))]).serialized()
                    FileHandle.standardOutput.write(Data((line + "\n").utf8))
                }
            }
            round += 1
        }
        ending?.cancel()
        // Together: each goodbye can take a moment, and thirty in a row would take thirty.
        await withTaskGroup(of: Void.self) { group in
            for bridge in bridges { group.addTask { await bridge.stop() } }
        }
    }
}

/// SIGINT or SIGTERM (or the duration) ends the simulation, with a goodbye for every rider.
private final class StopSignal: Sendable {
    private let flag = Atomic(false)
    private nonisolated(unsafe) var sources: [any DispatchSourceSignal] = []  // set once, in init

    init() {
        sources = [SIGINT, SIGTERM].map { number -> any DispatchSourceSignal in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number)
            source.setEventHandler { [weak self] in self?.fire() }
            source.resume()
            return source
        }
    }

    var fired: Bool { flag.load(ordering: .acquiring) }
    func fire() { flag.store(true, ordering: .releasing) }
}
