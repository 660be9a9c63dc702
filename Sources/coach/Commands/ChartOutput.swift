// Where `coach show --chart` draws: the terminal's width (TIOCGWINSZ, else $COLUMNS, else 80) and
// colour only on a terminal without NO_COLOR (https://no-color.org) or TERM=dumb; or an SVG file.

import ArgumentParser
import CoachExport
import Foundation
#if canImport(Glibc)
import Glibc
#endif

enum ChartOutput {
    static func show(_ recording: WorkoutRecording, svgFile: String?) throws {
        if let svgFile {
            do { try WorkoutChart.svg(recording).write(toFile: svgFile, atomically: true, encoding: .utf8) } catch {
                OneShot.printError("cannot write \(svgFile): \(error.localizedDescription)")
                throw ExitCode.failure
            }
            print("Wrote \(svgFile).")
            return
        }
        print(WorkoutChart.text(recording, width: terminalWidth(), colour: wantsColour()), terminator: "")
    }

    static func terminalWidth(environment: [String: String] = ProcessInfo.processInfo.environment) -> Int {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 20 { return Int(size.ws_col) }
        if let columns = environment["COLUMNS"].flatMap({ Int($0) }), columns > 20 { return columns }
        return 80
    }

    static func wantsColour(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        guard isatty(STDOUT_FILENO) == 1 else { return false }
        if let noColour = environment["NO_COLOR"], !noColour.isEmpty { return false }
        return environment["TERM"] != "dumb"
    }
}
