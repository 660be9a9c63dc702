// A source as the store's columns hold it (sourceName, sourceVersion, device…), shared by the
// sample and workout records.

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
