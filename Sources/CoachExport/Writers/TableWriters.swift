// CSV and JSON of a workout's raw records: every sample, route point and event as stored (not
// grouped by second), for spreadsheets, pandas and jq.

import CoachCore
import CoachWire
import Foundation

public enum CSVWriter {
    /// One row per record, oldest first: `time,kind,type,value,unit,latitude,longitude,altitude,accuracy,duration`.
    public static func write(_ recording: WorkoutRecording) -> String {
        var rows: [(Date, Int, String)] = []
        rows.reserveCapacity(recording.samples.count + recording.route.count + recording.events.count)
        for sample in recording.samples {
            rows.append((sample.date, 1, "sample,\(sample.type.rawValue),\(number(sample.value)),\(sample.type.canonicalUnit),,,,,"))
        }
        for point in recording.route {
            rows.append((point.date, 2, "location,,,,\(ExportText.decimal(point.latitude, decimals: 7)),\(ExportText.decimal(point.longitude, decimals: 7)),\(point.altitude.map(number) ?? ""),\(point.horizontalAccuracy.map(number) ?? ""),"))
        }
        for event in recording.events {
            rows.append((event.date, 0, "event,\(event.type.rawValue),,,,,,,\(event.duration.map(number) ?? "")"))
        }
        rows.sort { $0.0 == $1.0 ? $0.1 < $1.1 : $0.0 < $1.0 }
        var out = "time,kind,type,value,unit,latitude,longitude,altitude,accuracy,duration\n"
        out.reserveCapacity(rows.count * 60)
        for row in rows { out += ExportText.isoDate(row.0) + "," + row.2 + "\n" }
        return out
    }

    static func number(_ value: Double) -> String { ExportText.decimal(value, decimals: 6) }
}

public enum JSONWriter {
    /// `{"id","activity","name","start","end","samples":[…],"route":[…],"events":[…]}`; values in
    /// canonical units, dates ISO 8601 UTC with milliseconds.
    public static func write(_ recording: WorkoutRecording) -> String {
        var out = "{\"id\":\(string(recording.id)),\"activity\":\(recording.activity.map { string($0.rawValue) } ?? "null"),"
        out += "\"name\":\(recording.name.map(string) ?? "null"),\"start\":\(string(ExportText.isoDate(recording.start))),"
        out += "\"end\":\(string(ExportText.isoDate(recording.end))),"
        if let source = recording.source { out += "\"source\":\(json(source))," }
        out += "\n\"samples\":["
        out.reserveCapacity(recording.samples.count * 90 + recording.route.count * 120)
        // A workout has a handful of sources: each is encoded once.
        var sources: [SampleSource: String] = [:]
        for (index, sample) in recording.samples.enumerated() {
            out += (index == 0 ? "\n" : ",\n") + "{\"type\":\"\(sample.type.rawValue)\",\"value\":\(CSVWriter.number(sample.value)),"
            out += "\"unit\":\"\(sample.type.canonicalUnit)\",\"date\":\"\(ExportText.isoDate(sample.date))\""
            if let source = sample.source {
                if sources[source] == nil { sources[source] = json(source) }
                out += ",\"source\":" + (sources[source] ?? "null")
            }
            out += "}"
        }
        out += "],\n\"route\":["
        for (index, point) in recording.route.enumerated() {
            out += (index == 0 ? "\n" : ",\n") + "{\"latitude\":\(ExportText.decimal(point.latitude, decimals: 7)),"
            out += "\"longitude\":\(ExportText.decimal(point.longitude, decimals: 7))"
            if let altitude = point.altitude { out += ",\"altitude\":\(CSVWriter.number(altitude))" }
            if let accuracy = point.horizontalAccuracy { out += ",\"horizontalAccuracy\":\(CSVWriter.number(accuracy))" }
            out += ",\"date\":\"\(ExportText.isoDate(point.date))\"}"
        }
        out += "],\n\"events\":["
        for (index, event) in recording.events.enumerated() {
            out += (index == 0 ? "\n" : ",\n") + "{\"type\":\"\(event.type.rawValue)\",\"date\":\"\(ExportText.isoDate(event.date))\""
            if let duration = event.duration { out += ",\"duration\":\(CSVWriter.number(duration))" }
            out += "}"
        }
        out += "]}\n"
        return out
    }

    /// A JSON string literal, through the wire module's one escaper.
    static func string(_ text: String) -> String { JSONText.string(text) }

    /// `{"name":…,"version":…,"device":{"name":…,"model":…,"manufacturer":…}}`, as `coach show --json` has it.
    static func json(_ source: SampleSource) -> String {
        var out = "{\"name\":\(string(source.name))"
        if let version = source.version { out += ",\"version\":\(string(version))" }
        if let device = source.device {
            let fields = [("name", device.name), ("model", device.model), ("manufacturer", device.manufacturer)]
                .compactMap { key, value in value.map { "\"\(key)\":\(string($0))" } }
            out += ",\"device\":{" + fields.joined(separator: ",") + "}"
        }
        return out + "}"
    }
}
