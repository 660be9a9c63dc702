// manifest.json in a model directory: which package and version the files came from, the wheel's
// sha256, and each file's name, wheel path, size and sha256 — so a person (or sha256sum) can see
// what is installed, and VoiceModels can tell a model of another version from a damaged one.

import CoachWire

public struct ModelManifest: Sendable, Hashable {
    public static let fileName = "manifest.json"

    public var package: String
    public var version: String
    public var wheelSHA256: String
    public var files: [ModelPackage.File]

    public init(package: ModelPackage) {
        self.package = package.name
        self.version = package.version
        self.wheelSHA256 = package.wheelSHA256
        self.files = package.files
    }

    public init(package: String, version: String, wheelSHA256: String, files: [ModelPackage.File]) {
        self.package = package
        self.version = version
        self.wheelSHA256 = wheelSHA256
        self.files = files
    }

    /// The manifest as JSON, one key per line (people read it).
    public func serialized() -> String {
        let entries = files.map { file in
            "    " + JSONText.object([
                ("name", JSONText.string(file.name)), ("from", JSONText.string(file.member)),
                ("size", JSONText.int(file.size)), ("sha256", JSONText.string(file.sha256)),
            ])
        }
        return """
            {
              "package": \(JSONText.string(package)),
              "version": \(JSONText.string(version)),
              "wheel_sha256": \(JSONText.string(wheelSHA256)),
              "files": [
            \(entries.joined(separator: ",\n"))
              ]
            }

            """
    }

    /// Reads a manifest; nil with the reason when it is not one.
    public static func parse(_ text: String) -> Result<ModelManifest, ManifestProblem> {
        guard let value = try? JSONValue(parsing: text) else { return .failure(ManifestProblem(reason: "is not JSON")) }
        guard let package = value["package"]?.stringValue, let version = value["version"]?.stringValue,
              let wheel = value["wheel_sha256"]?.stringValue, case .array(let entries)? = value["files"] else {
            return .failure(ManifestProblem(reason: "lacks package, version, wheel_sha256 or files"))
        }
        var files: [ModelPackage.File] = []
        for entry in entries {
            guard let name = entry["name"]?.stringValue, let member = entry["from"]?.stringValue,
                  let size = entry["size"]?.intValue, let sha256 = entry["sha256"]?.stringValue else {
                return .failure(ManifestProblem(reason: "has a file entry without name, from, size or sha256"))
            }
            files.append(ModelPackage.File(name: name, member: member, sha256: sha256, size: size))
        }
        return .success(ModelManifest(package: package, version: version, wheelSHA256: wheel, files: files))
    }
}

public struct ManifestProblem: Error, Sendable, Hashable {
    public var reason: String
}
