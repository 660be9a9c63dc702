// A source as the store's columns hold it (sourceName, sourceVersion, device…): the sample and
// workout tables have the same five columns, read and written as one SampleSource here.

import CoachCore

extension SampleSource {
    /// nil when no name was stored (rows from before sources were recorded).
    static func stored(name: String?, version: String?, deviceName: String?, deviceModel: String?,
                       deviceManufacturer: String?) -> SampleSource? {
        guard let name else { return nil }
        return SampleSource(name: name, version: version,
                            device: SampleDevice(name: deviceName, model: deviceModel, manufacturer: deviceManufacturer).nonEmpty)
    }
}

/// A record with the source columns (SampleRecord, WorkoutRecord).
protocol SourcedRecord {
    var sourceName: String? { get set }
    var sourceVersion: String? { get set }
    var deviceName: String? { get set }
    var deviceModel: String? { get set }
    var deviceManufacturer: String? { get set }
}

extension SourcedRecord {
    /// The source the row records, nil when none was.
    var source: SampleSource? {
        SampleSource.stored(name: sourceName, version: sourceVersion, deviceName: deviceName, deviceModel: deviceModel,
                            deviceManufacturer: deviceManufacturer)
    }

    /// Writes `source` into the columns (nil leaves them as they are).
    mutating func setSource(_ source: SampleSource?) {
        guard let source else { return }
        sourceName = source.name
        sourceVersion = source.version
        deviceName = source.device?.name
        deviceModel = source.device?.model
        deviceManufacturer = source.device?.manufacturer
    }
}
