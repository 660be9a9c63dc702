// OnnxRuntimeLibrary: ONNX Runtime's C API (libonnxruntime.so.1.32.0 from the `onnxruntime` PyPI
// wheel; `coach voice install --tts` takes it out) resolved at run time, for the Piper voice. The
// library exports one symbol, OrtGetApiBase; `GetApi(version)` returns `const OrtApi *`, a struct of
// function pointers whose order is fixed and only ever appended to (onnxruntime_c_api.h, "struct
// OrtApi", each member's "\since Version"). Only the slots called here are read, by their index in
// that struct (counted in onnxruntime_c_api.h of 1.22 and later; every one is there since version 1).

import CoachNative

struct OnnxRuntimeLibrary: @unchecked Sendable {  // function pointers into a library never closed
    typealias Status = OpaquePointer  // OrtStatus *: nil is success
    typealias CreateOut = @convention(c) (UnsafeMutablePointer<OpaquePointer?>?) -> Status?

    /// The API version asked for: what 1.17 offers is enough, and any later library serves it.
    static let apiVersion: UInt32 = 17
    /// ONNXTensorElementDataType: FLOAT and INT64.
    static let float: Int32 = 1, int64: Int32 = 7

    let version: String
    // OrtApi slots (index in the struct):
    /// 2 `const char *GetErrorMessage(const OrtStatus *)`.
    let getErrorMessage: @convention(c) (Status?) -> UnsafePointer<CChar>?
    /// 3 `CreateEnv(OrtLoggingLevel, const char *logid, OrtEnv **)`.
    let createEnv: @convention(c) (Int32, UnsafePointer<CChar>?, UnsafeMutablePointer<OpaquePointer?>?) -> Status?
    /// 8 `CreateSessionFromArray(const OrtEnv *, const void *model, size_t, const OrtSessionOptions *, OrtSession **)`.
    let createSessionFromArray: @convention(c) (OpaquePointer?, UnsafeRawPointer?, Int, OpaquePointer?,
                                                UnsafeMutablePointer<OpaquePointer?>?) -> Status?
    /// 9 `Run(OrtSession *, const OrtRunOptions *, const char *const *inNames, const OrtValue *const *in,
    /// size_t, const char *const *outNames, size_t, OrtValue **out)`.
    let run: @convention(c) (OpaquePointer?, OpaquePointer?, UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<OpaquePointer?>?, Int,
                             UnsafePointer<UnsafePointer<CChar>?>?, Int, UnsafeMutablePointer<OpaquePointer?>?) -> Status?
    /// 10 `CreateSessionOptions(OrtSessionOptions **)`.
    let createSessionOptions: CreateOut
    /// 24 `SetIntraOpNumThreads(OrtSessionOptions *, int)`; 25 `SetInterOpNumThreads`.
    let setIntraOpNumThreads: @convention(c) (OpaquePointer?, Int32) -> Status?
    let setInterOpNumThreads: @convention(c) (OpaquePointer?, Int32) -> Status?
    /// 49 `CreateTensorWithDataAsOrtValue(const OrtMemoryInfo *, void *data, size_t bytes, const int64_t *shape,
    /// size_t, ONNXTensorElementDataType, OrtValue **)`: the tensor borrows `data`.
    let createTensorWithData: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, Int, UnsafePointer<Int64>?, Int, Int32,
                                              UnsafeMutablePointer<OpaquePointer?>?) -> Status?
    /// 51 `GetTensorMutableData(OrtValue *, void **)`.
    let getTensorMutableData: @convention(c) (OpaquePointer?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> Status?
    /// 64 `GetTensorShapeElementCount(const OrtTensorTypeAndShapeInfo *, size_t *)`.
    let getTensorShapeElementCount: @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int>?) -> Status?
    /// 65 `GetTensorTypeAndShape(const OrtValue *, OrtTensorTypeAndShapeInfo **)`.
    let getTensorTypeAndShape: @convention(c) (OpaquePointer?, UnsafeMutablePointer<OpaquePointer?>?) -> Status?
    /// 69 `CreateCpuMemoryInfo(OrtAllocatorType, OrtMemType, OrtMemoryInfo **)`.
    let createCpuMemoryInfo: @convention(c) (Int32, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Status?
    /// 93 ReleaseStatus, 96 ReleaseValue, 99 ReleaseTensorTypeAndShapeInfo, 100 ReleaseSessionOptions.
    let releaseStatus: @convention(c) (OpaquePointer?) -> Void
    let releaseValue: @convention(c) (OpaquePointer?) -> Void
    let releaseTensorTypeAndShapeInfo: @convention(c) (OpaquePointer?) -> Void
    let releaseSessionOptions: @convention(c) (OpaquePointer?) -> Void

    /// Loads the library at `path` (a file in Coach's models directory, not a soname).
    static func load(path: String) throws(NativeLibraryError) -> OnnxRuntimeLibrary {
        typealias GetApiBase = @convention(c) () -> UnsafePointer<UnsafeRawPointer?>?
        typealias GetApi = @convention(c) (UInt32) -> UnsafePointer<UnsafeRawPointer?>?
        typealias GetVersionString = @convention(c) () -> UnsafePointer<CChar>?
        let lib = try NativeLibrary.open(name: "onnxruntime", soname: path, package: "onnxruntime")
        // struct OrtApiBase { GetApi; GetVersionString; }
        guard let base = try lib.symbol("OrtGetApiBase", as: GetApiBase.self)(), let getApi = base[0], let getVersion = base[1] else {
            throw NativeLibraryError(library: "onnxruntime", package: "onnxruntime", reason: "OrtGetApiBase returned nothing")
        }
        let version = unsafeBitCast(getVersion, to: GetVersionString.self)().map { String(cString: $0) } ?? "?"
        guard let api = unsafeBitCast(getApi, to: GetApi.self)(apiVersion) else {
            throw NativeLibraryError(library: "onnxruntime", package: "onnxruntime",
                                     reason: "ONNX Runtime \(version) does not offer API version \(apiVersion)")
        }
        func slot<T>(_ index: Int, _ type: T.Type) throws(NativeLibraryError) -> T {
            guard let address = api[index] else {
                throw NativeLibraryError(library: "onnxruntime", package: "onnxruntime", reason: "OrtApi slot \(index) is empty")
            }
            return unsafeBitCast(address, to: type)
        }
        return OnnxRuntimeLibrary(
            version: version,
            getErrorMessage: try slot(2, (@convention(c) (Status?) -> UnsafePointer<CChar>?).self),
            createEnv: try slot(3, (@convention(c) (Int32, UnsafePointer<CChar>?, UnsafeMutablePointer<OpaquePointer?>?) -> Status?).self),
            createSessionFromArray: try slot(8, (@convention(c) (OpaquePointer?, UnsafeRawPointer?, Int, OpaquePointer?,
                                                                 UnsafeMutablePointer<OpaquePointer?>?) -> Status?).self),
            run: try slot(9, (@convention(c) (OpaquePointer?, OpaquePointer?, UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<OpaquePointer?>?, Int,
                                              UnsafePointer<UnsafePointer<CChar>?>?, Int, UnsafeMutablePointer<OpaquePointer?>?) -> Status?).self),
            createSessionOptions: try slot(10, CreateOut.self),
            setIntraOpNumThreads: try slot(24, (@convention(c) (OpaquePointer?, Int32) -> Status?).self),
            setInterOpNumThreads: try slot(25, (@convention(c) (OpaquePointer?, Int32) -> Status?).self),
            createTensorWithData: try slot(49, (@convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, Int, UnsafePointer<Int64>?, Int, Int32,
                                                                UnsafeMutablePointer<OpaquePointer?>?) -> Status?).self),
            getTensorMutableData: try slot(51, (@convention(c) (OpaquePointer?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> Status?).self),
            getTensorShapeElementCount: try slot(64, (@convention(c) (OpaquePointer?, UnsafeMutablePointer<Int>?) -> Status?).self),
            getTensorTypeAndShape: try slot(65, (@convention(c) (OpaquePointer?, UnsafeMutablePointer<OpaquePointer?>?) -> Status?).self),
            createCpuMemoryInfo: try slot(69, (@convention(c) (Int32, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Status?).self),
            releaseStatus: try slot(93, (@convention(c) (OpaquePointer?) -> Void).self),
            releaseValue: try slot(96, (@convention(c) (OpaquePointer?) -> Void).self),
            releaseTensorTypeAndShapeInfo: try slot(99, (@convention(c) (OpaquePointer?) -> Void).self),
            releaseSessionOptions: try slot(100, (@convention(c) (OpaquePointer?) -> Void).self))
    }

    /// Throws the status's message (and frees it) when a call failed.
    func check(_ status: Status?, _ what: String) throws(AudioFormatError) {
        guard let status else { return }
        let message = getErrorMessage(status).map { String(cString: $0) } ?? "unknown error"
        releaseStatus(status)
        throw AudioFormatError("ONNX Runtime \(what): \(message)")
    }
}
