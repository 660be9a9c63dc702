// GatewayLogHandler: the gateway's log through swift-log, written as the gateway always wrote it
// (docs/architecture.md, "Decisions"): a warning or an error goes to stderr as `coach: <line>`,
// anything less to stdout as the bare line — systemd's journal or gateway.log keep both with
// timestamps. Metadata is not written (the service's name is there for handlers that want it),
// and ServiceGroup's own debug lines stay below the level. Tests hand in a sink of their own
// (CoachTesting) and read the very lines a user would.

import Logging
#if canImport(Glibc)
import Glibc
#endif

public struct GatewayLogHandler: LogHandler {
    public enum Stream: Sendable { case standardOutput, standardError }
    /// Where a finished line goes.
    public typealias Sink = @Sendable (_ line: String, _ stream: Stream) -> Void

    public var logLevel: Logger.Level
    public var metadata: Logger.Metadata = [:]
    private let sink: Sink

    public init(level: Logger.Level = .info, sink: @escaping Sink = GatewayLogHandler.standardStreams) {
        logLevel = level
        self.sink = sink
    }

    /// The gateway's logger: to stdout and stderr unless a test captures it.
    public static func logger(level: Logger.Level = .info, sink: @escaping Sink = standardStreams) -> Logger {
        Logger(label: "coach") { _ in GatewayLogHandler(level: level, sink: sink) }
    }

    public func log(event: LogEvent) {
        if event.level >= .warning {
            sink("coach: \(event.message)", .standardError)
        } else {
            sink("\(event.message)", .standardOutput)
        }
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// stdout flushed after each line (a file such as gateway.log is block-buffered otherwise);
    /// stderr in one write, as the lines were written before there was a log.
    public static let standardStreams: Sink = { line, stream in
        switch stream {
        case .standardOutput:
            print(line)
            fflush(nil)
        case .standardError:
            let bytes = Array((line + "\n").utf8)
            _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        }
    }
}
