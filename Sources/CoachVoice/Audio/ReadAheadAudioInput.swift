// ReadAheadAudioInput: a live source (the microphone, a pipe) read on its own thread from the
// moment it is opened, its chunks kept until the listener asks for them. `coach listen` opens the
// microphone before it builds the decoder (~0.2–0.5 s warm, most of it pocketsphinx's start), so a
// command said during the start is heard once the decoder is ready instead of lost in an ALSA
// overrun, and a pipe's writer is never held back by a full pipe meanwhile.

import Foundation
import Synchronization

public final class ReadAheadAudioInput: AudioInput, Sendable {
    private struct Queue {
        var chunks: [[Int16]] = []
        var ended = false
        var failure: AudioFormatError?
        var stopped = false
    }
    private let queue = Mutex(Queue())
    private let arrived = DispatchSemaphore(value: 0)
    /// When the first chunk arrived (monotonic): for `--verbose`'s "hearing from" figure.
    public let firstChunk = Mutex<ContinuousClock.Instant?>(nil)

    /// Starts reading `source` at once on a thread of its own, until it ends or fails.
    public init(_ source: any AudioInput) {
        nonisolated(unsafe) let source = source  // only the reading thread touches it from here on
        Thread.detachNewThread { [self] in
            while true {
                do throws(AudioFormatError) {
                    guard let chunk = try source.next() else { break }
                    firstChunk.withLock { $0 = $0 ?? .now }
                    let stopped = queue.withLock { q in
                        if !q.stopped { q.chunks.append(chunk) }
                        return q.stopped
                    }
                    if stopped { break }  // the source is let go (the REPL's `/listen off`)
                } catch {
                    queue.withLock { $0.failure = error }
                    break
                }
                arrived.signal()
            }
            queue.withLock { $0.ended = true }
            arrived.signal()
        }
    }

    /// Stops reading after the read in progress, so the source (the microphone) is let go; what
    /// was kept is dropped.
    public func stop() {
        queue.withLock { $0.stopped = true; $0.chunks.removeAll() }
    }

    /// Everything read since the last call (as one chunk), waiting for the source when nothing is
    /// kept; nil at its end. A failure of the source is thrown after what came before it.
    public func next() throws(AudioFormatError) -> [Int16]? {
        while true {
            let (chunk, done, failure) = queue.withLock { q -> ([Int16]?, Bool, AudioFormatError?) in
                if !q.chunks.isEmpty {
                    let all = q.chunks.count == 1 ? q.chunks[0] : Array(q.chunks.joined())
                    q.chunks.removeAll(keepingCapacity: true)
                    return (all, false, nil)
                }
                return (nil, q.ended, q.failure)
            }
            if let chunk { return chunk }
            if let failure { throw failure }
            if done { return nil }
            arrived.wait()
        }
    }
}
