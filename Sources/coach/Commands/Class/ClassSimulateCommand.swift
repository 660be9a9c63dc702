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
    static let configuration = CommandConfiguration(
        commandName: "simulate", abstract: "Publish a class of simulated riders, to try a board.",
        discussion: """
            Riders sim01, sim02, … ride an indoor cycling workout with changing power,
            cadence and heart rate, each publishing under coach/class/NAME/simNN/ as a
            real gateway does, until Ctrl-C or --duration. Each rider's state changes
            every --interval (staggered across the class). SIGTERM says goodbye (offline)
            for every rider; SIGKILL leaves their last wills.

            Examples:
              coach class simulate spin-0700 --riders 30 --mqtt mqtt://127.0.0.1:1883
              coach class simulate spin-0700 --riders 5 --duration 2m
              coach class simulate spin-0700 --interval 0.2s --json   # Benchmarks/class/
            """)

    @OptionGroup var target: ClassOptions
    @Option(name: .long, help: "How many riders.") var riders = 30
    @Option(name: .long, help: ArgumentHelp("How often each rider's state changes (e.g. 1s, 0.2s).", valueName: "duration"))
    var interval = "1s"
    @Option(name: .long, help: ArgumentHelp("Stop after this long (default: until Ctrl-C).", valueName: "duration"))
    var duration: String?
    @Option(name: .long, help: ArgumentHelp("The riders' names: PREFIX01, PREFIX02, …", valueName: "prefix")) var prefix = "sim"
    @Flag(name: .long, help: "Print a JSON line per change: {\"rider\",\"distance\",\"changed\"} (distance as published, changed in Unix seconds).")
    var json = false

    func validate() throws {
        guard (1...1000).contains(riders) else { throw ValidationError("--riders takes 1 to 1000.") }
        // Below 100 ms a change could leave the published distance (0.1 m) as it was.
        guard let step = DurationText.parse(interval), step >= .milliseconds(100) else {
            throw ValidationError("--interval takes a duration of 0.1s or more such as 1s or 0.2s, not '\(interval)'.")
        }
        if let duration, DurationText.parse(duration) == nil {
            throw ValidationError("--duration takes a duration such as 30s or 2m, not '\(duration)'.")
        }
        guard CoachSettings.Class.isTopicName(prefix + "01") else { throw ValidationError("--prefix takes letters, digits, _ and - only.") }
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
        print("coach class: \(riders) simulated riders in class \(classID) on \(endpoint.display)")
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
