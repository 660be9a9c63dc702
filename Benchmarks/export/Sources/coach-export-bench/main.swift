// Export and import of a 3-hour workout at 1 Hz (10 800 samples each of heart rate, cadence, power
// and distance, plus 10 800 route points), per format, median of N runs, in release. The peer is
// a Python reader parsing the same file in the same run (gpxpy, tcxreader, fitdecode, json, csv).
// See README.md.

import CoachCore
import CoachExport
import Foundation

let arguments = CommandLine.arguments
func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}
let runs = Int(option("--runs") ?? "") ?? 7
let seconds = Int(option("--seconds") ?? "") ?? 10_800
let python = option("--python") ?? ProcessInfo.processInfo.environment["COACH_TEST_PYTHON"] ?? ".venv/bin/python"

func workout() -> WorkoutRecording {
    let start = Date(timeIntervalSince1970: 1_767_225_600)
    var samples: [RecordedSample] = []
    samples.reserveCapacity(seconds * 4)
    var route: [RecordedLocation] = []
    route.reserveCapacity(seconds)
    for second in 0..<seconds {
        let date = start.addingTimeInterval(Double(second) + 0.3)
        samples.append(RecordedSample(type: .heartRate, value: Double(120 + second % 50), date: date))
        samples.append(RecordedSample(type: .cadence, value: Double(80 + second % 10), date: date))
        samples.append(RecordedSample(type: .power, value: Double(180 + second % 120), date: date))
        samples.append(RecordedSample(type: .distance, value: 2.8 + Double(second % 5) * 0.1, date: date))
        route.append(RecordedLocation(latitude: 45 + Double(second) * 0.000025, longitude: 7 + Double(second % 600) * 0.00001,
                                      altitude: 300 + Double(second % 200), horizontalAccuracy: 4, date: date))
    }
    let events = [RecordedEvent(type: .lap, date: start.addingTimeInterval(3600), duration: 3600),
                  RecordedEvent(type: .lap, date: start.addingTimeInterval(7200), duration: 3600)]
    return WorkoutRecording(id: "bench", activity: .cycling, name: "Benchmark ride", start: start,
                            end: start.addingTimeInterval(Double(seconds)), events: events, samples: samples, route: route)
}

func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    var times: [Double] = []
    for _ in 0..<runs {
        let clock = ContinuousClock()
        let elapsed = try clock.measure { try body() }
        times.append(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
    }
    return times.sorted()[times.count / 2]
}

/// Median milliseconds Python takes to parse `file` with the peer reader, timed inside Python.
func peer(_ format: ExportFormat, file: String) -> (String, Double?) {
    let (name, code): (String, String)
    switch format {
    case .gpx: (name, code) = ("gpxpy.parse", "import gpxpy\ndef run(p): gpxpy.parse(open(p))")
    case .tcx: (name, code) = ("tcxreader", "from tcxreader.tcxreader import TCXReader\ndef run(p): TCXReader().read(p, only_gps=False)")
    case .fit: (name, code) = ("fitdecode (CRC checked)", "import fitdecode\ndef run(p):\n    with fitdecode.FitReader(p, check_crc=fitdecode.CrcCheck.RAISE) as f:\n        for _ in f: pass")
    case .json: (name, code) = ("json.load", "import json\ndef run(p): json.load(open(p))")
    case .csv: (name, code) = ("csv.reader", "import csv\ndef run(p): list(csv.reader(open(p)))")
    }
    let script = code + "\nimport sys, time\nts=[]\nfor _ in range(\(max(3, runs / 2))):\n    t=time.perf_counter(); run(sys.argv[1]); ts.append(time.perf_counter()-t)\nts.sort(); print(ts[len(ts)//2]*1000)\n"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = ["-c", script, file]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return (name, nil) }
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return (name, nil) }
    return (name, Double(String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)))
}

let recording = workout()
let directory = NSTemporaryDirectory() + "coach-export-bench-\(getpid())"
try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: directory) }

print("coach-export-bench: \(seconds) s at 1 Hz — \(recording.samples.count) samples (4 types) + \(recording.route.count) route points; median of \(runs) runs")
print("format  size      export ms  import ms  peer (same file, same run)            peer ms  peer/import")
for format in ExportFormat.allCases {
    var data = Data()
    let export = try milliseconds { data = try WorkoutExporter.data(recording, format: format) }
    let file = directory + "/bench.\(format.rawValue)"
    try data.write(to: URL(fileURLWithPath: file))
    var importMs: Double?
    if [.gpx, .tcx, .fit].contains(format) {
        var points = 0
        importMs = try milliseconds { points = try WorkoutImporter.read(data, file: file).route.count }
        precondition(points == recording.route.count, "import lost route points: \(points)")
    }
    let (peerName, peerMs) = peer(format, file: file)
    let size = String(format: "%.1f MB", Double(data.count) / 1e6)
    let ratio = (peerMs.flatMap { p in importMs.map { p / $0 } }).map { String(format: "%.1f×", $0) } ?? "-"
    print(format.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)
          + size.padding(toLength: 10, withPad: " ", startingAt: 0)
          + String(format: "%9.1f  ", export)
          + (importMs.map { String(format: "%9.1f  ", $0) } ?? "        -  ")
          + peerName.padding(toLength: 38, withPad: " ", startingAt: 0)
          + (peerMs.map { String(format: "%7.1f  ", $0) } ?? "   n/a   ") + ratio)
}
print("target: export and import ≤ 100 ms each per format (release build)")
